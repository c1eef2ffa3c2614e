import { usePage } from '../../public/page';
import type { ReactNode } from 'react';
import { Accordion } from '../../components/public/Accordion';
import { WhatsappIcon } from '../../components/public/BrandIcons';
import { PageHero } from '../../components/public/PageHero';
import { HELP_FAQ } from '../../content/faq';
import { PublicLayout } from '../../layouts/PublicLayout';
import { BASE_MESSAGE, whatsappLink } from '../../lib/whatsapp';
import type { SharedProps } from '../../types';

export default function Ajuda() {
  const { site } = usePage<SharedProps>().props;
  return (
    <>
      <PageHero eyebrow="Central de Ajuda" title="Como podemos ajudar?">
        Respostas para as dúvidas mais comuns sobre o aplicativo, os planos e a sua conta.
      </PageHero>
      <section className="mx-auto max-w-3xl px-4 py-14 sm:px-6">
        <h2 className="mb-6 text-2xl font-bold text-brand-950">Perguntas frequentes</h2>
        <Accordion items={HELP_FAQ} preview />
        <div className="mt-10 rounded-2xl bg-brand-50 p-6 text-center">
          <p className="font-semibold text-brand-950">Não encontrou o que procurava?</p>
          <p className="mt-1 text-sm text-slate-600">Nosso time de especialistas responde pelo WhatsApp.</p>
          <a
            href={whatsappLink(site.whatsappNumber, BASE_MESSAGE)}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-4 inline-flex items-center gap-2 rounded-full bg-[#0f7a3f] px-5 py-2.5 font-semibold text-white hover:bg-[#0b6533]"
          >
            <WhatsappIcon /> Falar com o suporte
          </a>
        </div>
      </section>
    </>
  );
}

Ajuda.layout = (page: ReactNode) => <PublicLayout>{page}</PublicLayout>;
