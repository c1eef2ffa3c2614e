import { Link } from '../../public/page';
import { Eye, Gem, Target } from 'lucide-react';
import type { ReactNode } from 'react';
import { PageHero } from '../../components/public/PageHero';
import { ABOUT } from '../../content/about';
import { PublicLayout } from '../../layouts/PublicLayout';

const PILLAR_ICONS = { missao: Target, visao: Eye, valores: Gem };

export default function SobreNos() {
  return (
    <>
      <PageHero eyebrow="Sobre nós" title={ABOUT.hero.title}>
        {ABOUT.hero.subtitle}
      </PageHero>

      <section className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-2 lg:items-center">
        <div>
          <h2 className="text-2xl font-bold text-brand-950 sm:text-3xl">{ABOUT.history.title}</h2>
          {ABOUT.history.paragraphs.map((paragraph) => (
            <p key={paragraph.slice(0, 40)} className="mt-4 leading-relaxed text-slate-700">
              {paragraph}
            </p>
          ))}
        </div>
        <dl className="grid grid-cols-2 gap-4">
          {ABOUT.stats.map((stat) => (
            <div key={stat.label} className="rounded-2xl bg-brand-50 p-6">
              <dt className="text-sm text-slate-600">{stat.label}</dt>
              <dd className="mt-1 text-3xl font-extrabold text-brand-800">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section className="bg-slate-50">
        <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
          <h2 className="text-center text-2xl font-bold text-brand-950 sm:text-3xl">Nossos pilares</h2>
          <div className="mt-10 grid gap-6 md:grid-cols-3">
            {ABOUT.pillars.map((pillar) => {
              const Icon = PILLAR_ICONS[pillar.key];
              return (
                <div key={pillar.key} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                  <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-harvest-300/40 text-brand-900">
                    <Icon className="h-6 w-6" aria-hidden="true" />
                  </span>
                  <h3 className="mt-4 text-lg font-bold text-brand-950">{pillar.title}</h3>
                  <p className="mt-2 text-sm leading-relaxed text-slate-600">{pillar.text}</p>
                </div>
              );
            })}
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
        <h2 className="text-center text-2xl font-bold text-brand-950 sm:text-3xl">O que nos diferencia</h2>
        <div className="mt-10 grid gap-6 sm:grid-cols-2">
          {ABOUT.differentiators.map((item) => (
            <div key={item.title} className="rounded-2xl border border-slate-200 p-6">
              <h3 className="font-bold text-brand-950">{item.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{item.text}</p>
            </div>
          ))}
        </div>
      </section>

      <section className="bg-brand-900 text-white">
        <div className="mx-auto flex max-w-6xl flex-col items-start gap-6 px-4 py-14 sm:px-6 md:flex-row md:items-center md:justify-between">
          <div>
            <h2 className="text-2xl font-bold sm:text-3xl">{ABOUT.cta.title}</h2>
            <p className="mt-2 max-w-xl text-brand-100">{ABOUT.cta.text}</p>
          </div>
          <div className="flex flex-wrap gap-3">
            <Link href="/#recursos" className="rounded-full bg-harvest-400 px-6 py-3 font-semibold text-brand-950 hover:bg-harvest-300">
              {ABOUT.cta.primaryLabel}
            </Link>
            <Link href="/contato" className="rounded-full border border-white/40 px-6 py-3 font-semibold text-white hover:bg-white/10">
              {ABOUT.cta.secondaryLabel}
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}

SobreNos.layout = (page: ReactNode) => <PublicLayout>{page}</PublicLayout>;
