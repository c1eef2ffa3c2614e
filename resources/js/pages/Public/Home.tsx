import { Link, usePage } from '../../public/page';
import { Check } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Accordion } from '../../components/public/Accordion';
import { WhatsappIcon } from '../../components/public/BrandIcons';
import { FeatureGrid } from '../../components/public/FeatureGrid';
import { StoreButtons } from '../../components/public/StoreButtons';
import { SubscribeModal } from '../../components/public/SubscribeModal';
import { HOME_FAQ } from '../../content/faq';
import { HOME_BLURBS, PLANS, type Plan } from '../../content/plans';
import { PublicLayout } from '../../layouts/PublicLayout';
import { BASE_MESSAGE, formatBrl, whatsappLink } from '../../lib/whatsapp';
import type { SharedProps } from '../../types';

interface HomeProps extends SharedProps {
  /** QR codes (SVG markup made by the server) of the two store pages. */
  storeQrCodes: { ios: string; android: string };
}

export default function Home() {
  const { appName, site, storeQrCodes } = usePage<HomeProps>().props;
  const [plan, setPlan] = useState<Plan | null>(null);
  return (
    <>
      <section className="relative overflow-hidden bg-gradient-to-br from-brand-950 via-brand-900 to-brand-800 text-white">
        <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 md:grid-cols-[1.2fr_1fr] md:py-24">
          <div>
            <p className="mb-4 inline-block rounded-full bg-white/10 px-3 py-1 text-xs font-semibold uppercase tracking-wider text-harvest-300">
              Aplicativo para iOS e Android
            </p>
            <h1 className="text-4xl font-extrabold leading-tight tracking-tight sm:text-5xl">
              Compre, venda e avalie máquinas agrícolas com quem entende do campo.
            </h1>
            <p className="mt-5 max-w-xl text-lg text-brand-100">
              O {appName} conecta produtores, concessionárias, revendas, marcas e leiloeiros em uma só plataforma: descubra o ano de fabricação, avalie com
              precisão e negocie com segurança.
            </p>
            <div className="mt-8">
              <StoreButtons site={site} light />
            </div>
            <a href="#recursos" className="mt-6 inline-block text-sm font-semibold text-harvest-300 hover:text-harvest-400">
              Conheça os recursos ↓
            </a>
          </div>
          <div className="hidden gap-6 rounded-3xl bg-white/5 p-6 ring-1 ring-white/10 md:grid md:grid-cols-2">
            {(
              [
                ['ios', 'App Store'],
                ['android', 'Google Play'],
              ] as const
            ).map(([key, label]) => (
              <figure key={key} className="text-center">
                <div
                  className="rounded-2xl bg-white p-3"
                  role="img"
                  aria-label={`QR code para baixar na ${label}`}
                  dangerouslySetInnerHTML={{ __html: storeQrCodes[key] }}
                />
                <figcaption className="mt-2 text-sm text-brand-100">Aponte a câmera: {label}</figcaption>
              </figure>
            ))}
          </div>
        </div>
      </section>

      <section id="recursos" className="mx-auto max-w-6xl scroll-mt-20 px-4 py-16 sm:px-6 md:py-20">
        <h2 className="text-center text-3xl font-extrabold tracking-tight text-brand-950">Tudo o que você precisa na palma da mão</h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-slate-600">
          Ferramentas feitas para quem vive o dia a dia das máquinas agrícolas, do pátio da revenda à lavoura.
        </p>
        <FeatureGrid />
      </section>

      <section className="bg-slate-50">
        <div className="mx-auto grid max-w-6xl gap-6 px-4 py-16 sm:px-6 md:grid-cols-2">
          {HOME_BLURBS.map((blurb) => (
            <div key={blurb.title} className="rounded-2xl bg-white p-8 shadow-sm ring-1 ring-slate-200">
              <h2 className="text-2xl font-bold text-brand-950">{blurb.title}</h2>
              <p className="mt-3 leading-relaxed text-slate-600">{blurb.text}</p>
            </div>
          ))}
        </div>
      </section>

      <section id="planos" className="mx-auto max-w-6xl scroll-mt-20 px-4 py-16 sm:px-6 md:py-20">
        <h2 className="text-center text-3xl font-extrabold tracking-tight text-brand-950">Planos</h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-slate-600">Escolha o plano e finalize a assinatura com o nosso time pelo WhatsApp.</p>
        <div className="mt-10 grid gap-6 md:grid-cols-3">
          {PLANS.map((item) => (
            <div
              key={item.id}
              className={`flex flex-col rounded-2xl p-6 shadow-sm ${item.destaque ? 'bg-brand-900 text-white ring-2 ring-harvest-400' : 'bg-white ring-1 ring-slate-200'}`}
            >
              {item.destaque && <p className="mb-2 self-start rounded-full bg-harvest-400 px-3 py-0.5 text-xs font-bold text-brand-950">Mais escolhido</p>}
              <h3 className={`text-xl font-bold ${item.destaque ? 'text-white' : 'text-brand-950'}`}>{item.titulo}</h3>
              <p className="mt-3">
                <span className="text-3xl font-extrabold">{formatBrl(item.preco)}</span>
                <span className={item.destaque ? 'text-brand-100' : 'text-slate-500'}> / {item.duracao}</span>
              </p>
              <ul className="mt-5 flex-1 space-y-2 text-sm">
                {item.beneficios.map((benefit) => (
                  <li key={benefit} className="flex gap-2">
                    <Check className={`mt-0.5 h-4 w-4 shrink-0 ${item.destaque ? 'text-harvest-300' : 'text-brand-600'}`} aria-hidden="true" />
                    {benefit}
                  </li>
                ))}
              </ul>
              <button
                type="button"
                onClick={() => setPlan(item)}
                className={`mt-6 rounded-full px-5 py-3 font-semibold ${item.destaque ? 'bg-harvest-400 text-brand-950 hover:bg-harvest-300' : 'bg-brand-800 text-white hover:bg-brand-900'}`}
              >
                Assinar {item.titulo}
              </button>
            </div>
          ))}
        </div>
      </section>

      <section className="bg-slate-50">
        <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
          <h2 className="mb-8 text-center text-3xl font-extrabold tracking-tight text-brand-950">Perguntas frequentes</h2>
          <Accordion items={HOME_FAQ} />
          <p className="mt-8 text-center text-slate-600">
            Ainda com dúvidas?{' '}
            <a
              href={whatsappLink(site.whatsappNumber, BASE_MESSAGE)}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 font-semibold text-brand-800 hover:underline"
            >
              <WhatsappIcon className="h-4 w-4" /> Fale com a gente no WhatsApp
            </a>{' '}
            ou visite a{' '}
            <Link href="/ajuda" className="font-semibold text-brand-800 hover:underline">
              Central de Ajuda
            </Link>
            .
          </p>
        </div>
      </section>

      <SubscribeModal plan={plan} appName={appName} whatsappNumber={site.whatsappNumber} onClose={() => setPlan(null)} />
    </>
  );
}

Home.layout = (page: ReactNode) => <PublicLayout>{page}</PublicLayout>;
