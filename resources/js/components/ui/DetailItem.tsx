import type { ReactNode } from 'react';

/** One labelled value of a details view (inside a <dl>); `wide` spans both columns of a two-column grid. */
export function DetailItem({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={`min-w-0 ${wide ? 'sm:col-span-2' : ''}`}>
      <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-0.5 [overflow-wrap:anywhere] text-slate-800">{children}</dd>
    </div>
  );
}
