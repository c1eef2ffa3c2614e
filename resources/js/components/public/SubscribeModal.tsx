import { useState } from 'react';
import type { Plan } from '../../content/plans';
import { formatBrl, planMessage, whatsappLink } from '../../lib/whatsapp';
import { Modal } from '../ui/Modal';
import { WhatsappIcon } from './BrandIcons';

/** Asks for the customer's data (no validation, as the spec says) and opens WhatsApp with the plan message. */
export function SubscribeModal({
  plan,
  appName,
  whatsappNumber,
  onClose,
}: {
  plan: Plan | null;
  appName: string;
  whatsappNumber: string;
  onClose: () => void;
}) {
  const [customer, setCustomer] = useState({ nome: '', email: '', telefone: '' });
  const field =
    'mt-1 block w-full rounded-xl border border-slate-300 px-4 py-2.5 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/20 focus:outline-none';
  const close = () => {
    setCustomer({ nome: '', email: '', telefone: '' });
    onClose();
  };
  return (
    <Modal open={plan !== null} title="Finalizar assinatura" onClose={close}>
      {plan && (
        <div className="space-y-4">
          <div className="rounded-xl bg-brand-50 p-4">
            <p className="text-sm text-slate-600">Plano selecionado</p>
            <p className="text-lg font-bold text-brand-950">{plan.titulo}</p>
            <p className="text-brand-800">
              <span className="text-xl font-extrabold">{formatBrl(plan.preco)}</span> · {plan.duracao}
            </p>
          </div>
          {(
            [
              ['nome', 'Nome completo', 'text', 'name'],
              ['email', 'E-mail', 'email', 'email'],
              ['telefone', 'Telefone', 'tel', 'tel'],
            ] as const
          ).map(([name, label, type, autoComplete]) => (
            <div key={name}>
              <label htmlFor={`assinatura-${name}`} className="text-sm font-medium text-slate-700">
                {label}
              </label>
              <input
                id={`assinatura-${name}`}
                type={type}
                autoComplete={autoComplete}
                value={customer[name]}
                onChange={(e) => setCustomer((current) => ({ ...current, [name]: e.target.value }))}
                className={field}
              />
            </div>
          ))}
          <a
            href={whatsappLink(whatsappNumber, planMessage(appName, plan, customer))}
            target="_blank"
            rel="noopener noreferrer"
            onClick={close}
            className="flex w-full items-center justify-center gap-2 rounded-full bg-[#0f7a3f] px-5 py-3 font-semibold text-white hover:bg-[#0b6533]"
          >
            <WhatsappIcon /> Continuar no WhatsApp
          </a>
        </div>
      )}
    </Modal>
  );
}
