import { usePage } from '../../public/page';
import { Clock, Mail, MapPin } from 'lucide-react';
import type { ReactNode } from 'react';
import { WhatsappIcon } from '../../components/public/BrandIcons';
import { ContactForm } from '../../components/public/ContactForm';
import { PageHero } from '../../components/public/PageHero';
import { CONTACT_INFO } from '../../content/contact';
import { PublicLayout } from '../../layouts/PublicLayout';
import { BASE_MESSAGE, whatsappLink } from '../../lib/whatsapp';
import type { SharedProps } from '../../types';

export default function Contato() {
  const { site } = usePage<SharedProps>().props;
  return (
    <>
      <PageHero eyebrow="Contato" title="Fale com o nosso time">
        Dúvidas sobre o aplicativo, planos ou parcerias? Envie uma mensagem ou chame no WhatsApp: respondemos em horário comercial.
      </PageHero>
      <section className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-[1.4fr_1fr]">
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h2 className="text-2xl font-bold text-brand-950">Envie sua mensagem</h2>
          <p className="mt-1 mb-6 text-slate-600">Preencha os campos abaixo e retornaremos o contato.</p>
          <ContactForm />
        </div>
        <aside className="space-y-6">
          <div className="rounded-2xl bg-brand-50 p-6">
            <h2 className="text-lg font-bold text-brand-950">Onde estamos</h2>
            <ul className="mt-4 space-y-4 text-sm text-slate-700">
              <li className="flex gap-3">
                <MapPin className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
                <span>{site.address}</span>
              </li>
              <li className="flex gap-3">
                <Mail className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
                <a href={`mailto:${site.email}`} className="font-medium text-brand-800 hover:underline">
                  {site.email}
                </a>
              </li>
              <li className="flex gap-3">
                <Clock className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
                <span>{CONTACT_INFO.hours}</span>
              </li>
            </ul>
            <a
              href={whatsappLink(site.whatsappNumber, BASE_MESSAGE)}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-6 inline-flex w-full items-center justify-center gap-2 rounded-full bg-[#0f7a3f] px-5 py-3 font-semibold text-white hover:bg-[#0b6533]"
            >
              <WhatsappIcon /> Conversar no WhatsApp
            </a>
          </div>
          <div className="overflow-hidden rounded-2xl border border-slate-200 shadow-sm">
            <iframe
              title={`Mapa: ${site.address}`}
              src={`https://www.google.com/maps?q=${encodeURIComponent(site.address)}&output=embed`}
              className="h-72 w-full"
              loading="lazy"
              referrerPolicy="no-referrer-when-downgrade"
            />
          </div>
        </aside>
      </section>
    </>
  );
}

Contato.layout = (page: ReactNode) => <PublicLayout>{page}</PublicLayout>;
