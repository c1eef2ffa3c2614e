export function Logo({ appName, light = false }: { appName: string; light?: boolean }) {
  return (
    <span className="inline-flex items-center gap-2">
      <svg viewBox="0 0 64 64" className="h-9 w-9 shrink-0" aria-hidden="true">
        <rect width="64" height="64" rx="14" fill={light ? '#ffffff' : '#14532d'} />
        <path d="M14 40h6l4-14h14l4 8h8v6h-4a7 7 0 0 0-14 0H26a6 6 0 0 0-12 0z" fill="#facc15" />
        <circle cx="20" cy="44" r="5" fill={light ? '#14532d' : '#ffffff'} />
        <circle cx="39" cy="44" r="6" fill={light ? '#14532d' : '#ffffff'} />
      </svg>
      <span className={`text-xl font-extrabold tracking-tight ${light ? 'text-white' : 'text-brand-900'}`}>{appName}</span>
    </span>
  );
}
