/** Ativo / Inativo as a coloured pill. */
export function StatusBadge({ active }: { active: boolean }) {
  return (
    <span
      className={`inline-flex shrink-0 items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${active ? 'bg-brand-100 text-brand-800' : 'bg-slate-200 text-slate-700'}`}
    >
      <span className={`h-1.5 w-1.5 rounded-full ${active ? 'bg-brand-600' : 'bg-slate-500'}`} aria-hidden="true" />
      {active ? 'Ativo' : 'Inativo'}
    </span>
  );
}
