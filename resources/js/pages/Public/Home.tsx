import { Link, usePage } from '@inertiajs/react';
import type { ReactNode } from 'react';
import { FeatureIcon } from '../../components/public/FeatureIcon';
import { FEATURES } from '../../content/features';
import { PublicLayout } from '../../layouts/PublicLayout';
import type { SharedProps } from '../../types';

export default function Home() {
  const { appName } = usePage<SharedProps>().props;
  return (
    <>
      <section className="relative overflow-hidden bg-gradient-to-br from-brand-950 via-brand-900 to-brand-800 text-white">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-16 sm:px-6 md:grid-cols-2 md:py-24">
          <div>
            <p className="mb-4 inline-block rounded-full bg-white/10 px-3 py-1 text-xs font-semibold uppercase tracking-wider text-harvest-300">
              Aplicativo para iOS e Android
            </p>
            <h1 className="text-4xl font-extrabold leading-tight tracking-tight sm:text-5xl">
              Compre, venda e avalie máquinas agrícolas com quem entende do campo.
            </h1>
            <p className="mt-5 max-w-xl text-lg text-brand-100">
              O {appName} conecta produtores, concessionárias, revendas, marcas e leiloeiros em uma só plataforma: descubra o ano de
              fabricação, avalie com precisão e negocie com segurança.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <a href="#recursos" className="rounded-full bg-harvest-400 px-6 py-3 font-semibold text-brand-950 shadow hover:bg-harvest-300">
                Conheça os recursos
              </a>
              <Link href="/admin/login" className="rounded-full border border-white/30 px-6 py-3 font-semibold text-white hover:bg-white/10">
                Acessar Painel
              </Link>
            </div>
          </div>
          <div className="hidden justify-center md:flex" aria-hidden="true">
            <div className="w-64 rounded-[2.5rem] border-8 border-brand-950 bg-white p-4 text-slate-800 shadow-2xl">
              <div className="mb-4 h-2 w-16 rounded-full bg-slate-200" />
              <p className="text-xs font-semibold uppercase text-brand-700">Avaliação</p>
              <p className="mt-1 text-lg font-bold">Trator 4x4 · 2018</p>
              <p className="mt-3 text-3xl font-extrabold text-brand-800">R$ 385.000</p>
              <p className="text-xs text-slate-500">Faixa estimada de mercado</p>
              <div className="mt-4 space-y-2">
                {[80, 64, 92].map((width) => (
                  <div key={width} className="h-2 rounded-full bg-brand-100">
                    <div className="h-2 rounded-full bg-brand-600" style={{ width: `${width}%` }} />
                  </div>
                ))}
              </div>
            </div>
          </div>
        </div>
      </section>

      <section id="recursos" className="mx-auto max-w-6xl scroll-mt-20 px-4 py-16 sm:px-6 md:py-20">
        <h2 className="text-center text-3xl font-extrabold tracking-tight text-brand-950">Tudo o que você precisa na palma da mão</h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-slate-600">
          Ferramentas feitas para quem vive o dia a dia das máquinas agrícolas, do pátio da revenda à lavoura.
        </p>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map((feature) => (
            <li key={feature.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:shadow-md">
              <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <FeatureIcon icon={feature.icon} />
              </span>
              <h3 className="mt-4 text-lg font-bold text-brand-950">{feature.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{feature.description}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

Home.layout = (page: ReactNode) => <PublicLayout>{page}</PublicLayout>;
