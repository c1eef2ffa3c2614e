import { Link } from '../../public/page';
import { useLayoutEffect, useRef } from 'react';

export const CONSENT_COOKIE = 'cookie_consent';
/** How long the visitor's choice is kept. */
export const CONSENT_DAYS = 365;

export function saveConsent(accepted: boolean): void {
  const maxAge = CONSENT_DAYS * 24 * 60 * 60;
  document.cookie = `${CONSENT_COOKIE}=${accepted ? 'true' : 'false'}; Max-Age=${maxAge}; Path=/; SameSite=Lax`;
}

/** The visitor's choice as the browser holds it now: true, false, or null (not decided). */
export function storedConsent(): boolean | null {
  const value = new RegExp(`(?:^|;\\s*)${CONSENT_COOKIE}=([^;]*)`).exec(document.cookie)?.[1];
  return value === 'true' ? true : value === 'false' ? false : null;
}

/** Loads the tag manager; called only once the visitor accepted cookies. */
export function loadTagManager(gtmId: string): void {
  if (document.getElementById('gtm-script')) return;
  const w = window as unknown as { dataLayer?: unknown[] };
  w.dataLayer = w.dataLayer ?? [];
  w.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.id = 'gtm-script';
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(gtmId)}`;
  document.head.appendChild(script);
}

/**
 * The consent banner, at the bottom of the layout's dock (below the open phone menu and any modal). It reports
 * its height so the page can scroll its last lines clear of it.
 */
export function CookieBanner({ onChoice, onHeight }: { onChoice: (accepted: boolean) => void; onHeight: (height: number) => void }) {
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const report = () => onHeight(Math.ceil(element.getBoundingClientRect().height));
    report();
    const observer = new ResizeObserver(report);
    observer.observe(element);
    return () => {
      observer.disconnect();
      onHeight(0);
    };
  }, [onHeight]);
  return (
    <div ref={box} role="region" aria-label="Aviso de cookies" className="pointer-events-auto p-3 pt-0 sm:p-4 sm:pt-0">
      <div className="mx-auto flex max-w-4xl flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-2xl sm:flex-row sm:items-center sm:gap-6 sm:p-5">
        <p className="text-sm leading-relaxed text-slate-700">
          Usamos cookies para melhorar sua experiência e entender como o site é usado. Você pode aceitar ou rejeitar os cookies não essenciais. Saiba mais na
          nossa{' '}
          <Link href="/politicasdeprivacidade.html" className="font-semibold text-brand-800 underline">
            Política de Privacidade
          </Link>
          .
        </p>
        <div className="flex shrink-0 gap-2">
          <button
            type="button"
            onClick={() => onChoice(false)}
            className="rounded-full border border-slate-300 px-5 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50"
          >
            Rejeitar
          </button>
          <button
            type="button"
            onClick={() => onChoice(true)}
            className="rounded-full bg-brand-800 px-5 py-2 text-sm font-semibold text-white hover:bg-brand-900"
          >
            Aceitar
          </button>
        </div>
      </div>
    </div>
  );
}
