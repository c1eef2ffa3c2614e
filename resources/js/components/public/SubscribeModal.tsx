import { useState } from 'react';
import type { Plan } from '../../content/plans';
import { formatBrl, planMessage, whatsappLink } from '../../lib/whatsapp';
import { TextField } from '../ui/fields';
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
            <TextField
              key={name}
              id={`assinatura-${name}`}
              label={label}
              tone="public"
              type={type}
              autoComplete={autoComplete}
              value={customer[name]}
              onChange={(value) => setCustomer((current) => ({ ...current, [name]: value }))}
            />
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
