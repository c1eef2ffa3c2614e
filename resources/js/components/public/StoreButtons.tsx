import type { SiteSettings } from '../../types';

/** The App Store and Google Play buttons, drawn here (no third-party badge images). */
export function StoreButtons({ site, light = false }: { site: SiteSettings; light?: boolean }) {
  const base = `inline-flex items-center gap-3 rounded-xl px-4 py-2.5 transition ${light ? 'bg-white text-brand-950 hover:bg-brand-50' : 'bg-slate-950 text-white hover:bg-slate-800'}`;
  return (
    <div className="flex flex-wrap gap-3">
      <a href={site.iosAppUrl} target="_blank" rel="noopener noreferrer" className={base}>
        <svg viewBox="0 0 24 24" className="h-7 w-7" fill="currentColor" aria-hidden="true">
          <path d="M16.4 12.6c0-2.4 2-3.6 2.1-3.7a4.5 4.5 0 0 0-3.5-1.9c-1.5-.2-2.9.9-3.7.9-.8 0-1.9-.9-3.2-.8a4.7 4.7 0 0 0-4 2.4c-1.7 3-.4 7.4 1.2 9.8.8 1.2 1.8 2.5 3 2.4 1.2 0 1.7-.8 3.2-.8s1.9.8 3.2.8 2.1-1.2 2.9-2.4a10 10 0 0 0 1.3-2.7 4.3 4.3 0 0 1-2.5-4zM14 5.5a4.3 4.3 0 0 0 1-3.1 4.4 4.4 0 0 0-2.9 1.5 4.1 4.1 0 0 0-1 3 3.6 3.6 0 0 0 2.9-1.4z" />
        </svg>
        <span className="text-left leading-tight">
          <span className="block text-[10px] uppercase tracking-wide opacity-80">Baixar na </span>
          <span className="block text-base font-semibold">App Store</span>
        </span>
      </a>
      <a href={site.androidAppUrl} target="_blank" rel="noopener noreferrer" className={base}>
        <svg viewBox="0 0 24 24" className="h-7 w-7" aria-hidden="true">
          <path d="M4 2.8 13.3 12 4 21.2c-.3-.2-.5-.6-.5-1V3.8c0-.4.2-.8.5-1z" fill="#34d399" />
          <path d="m16.5 8.8-3.2 3.2L4 2.8l.3-.1c.3-.1.7 0 1 .2z" fill="#60a5fa" />
          <path d="m16.5 15.2-11.2 6c-.3.2-.7.3-1 .2L4 21.2l9.3-9.2z" fill="#f87171" />
          <path d="m20 11.1-3.5-2.3-3.2 3.2 3.2 3.2 3.5-2.2c.7-.4.7-1.5 0-1.9z" fill="#facc15" />
        </svg>
        <span className="text-left leading-tight">
          <span className="block text-[10px] uppercase tracking-wide opacity-80">Disponível no </span>
          <span className="block text-base font-semibold">Google Play</span>
        </span>
      </a>
    </div>
  );
}
