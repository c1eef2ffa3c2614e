import type { ReactNode } from 'react';

/** The green band that opens each inner page of the site. */
export function PageHero({ eyebrow, title, children }: { eyebrow?: string; title: string; children?: ReactNode }) {
  return (
    <section className="bg-gradient-to-br from-brand-950 via-brand-900 to-brand-800 text-white">
      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 md:py-20">
        {eyebrow && <p className="text-xs font-semibold uppercase tracking-wider text-harvest-300">{eyebrow}</p>}
        <h1 className="mt-2 max-w-3xl text-3xl font-extrabold tracking-tight sm:text-4xl md:text-5xl">{title}</h1>
        {children && <div className="mt-4 max-w-2xl text-lg text-brand-100">{children}</div>}
      </div>
    </section>
  );
}
