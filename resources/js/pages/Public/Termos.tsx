import type { ReactNode } from 'react';
import { PageHero } from '../../components/public/PageHero';
import { TERMS_LAST_UPDATED, TERMS_SECTIONS } from '../../content/terms';
import { PublicLayout } from '../../layouts/PublicLayout';

export default function Termos() {
  return (
    <>
      <PageHero eyebrow="Documentos legais" title="Termos de Uso e Política de Privacidade">
        Última atualização: {TERMS_LAST_UPDATED}
      </PageHero>
      <article className="mx-auto max-w-3xl px-4 py-14 sm:px-6">
        <nav aria-label="Sumário" className="mb-10 rounded-2xl border border-slate-200 bg-slate-50 p-5">
          <h2 className="text-sm font-semibold uppercase tracking-wider text-slate-500">Sumário</h2>
          <ol className="mt-3 grid gap-1 text-sm sm:grid-cols-2">
            {TERMS_SECTIONS.map((section, index) => (
              <li key={section.title}>
                <a href={`#secao-${index + 1}`} className="text-brand-800 hover:underline">
                  {index + 1}. {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        {TERMS_SECTIONS.map((section, index) => (
          <section key={section.title} id={`secao-${index + 1}`} className="scroll-mt-20 py-4">
            <h2 className="text-xl font-bold text-brand-950">
              {index + 1}. {section.title}
            </h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph.slice(0, 40)} className="mt-3 leading-relaxed text-slate-700">
                {paragraph}
              </p>
            ))}
          </section>
        ))}
      </article>
    </>
  );
}

Termos.layout = (page: ReactNode) => <PublicLayout>{page}</PublicLayout>;
