import { useState, type FormEvent } from 'react';
import { formatPhone } from '@shared/br/phone';
import { api } from '../../lib/api';
import { validateContact, type ContactFields } from '../../lib/contact-form';

/** The success message appears after this pause, so the send feels deliberate (SPEC.md section 8). */
export const SUCCESS_DELAY_MS = 700;

const EMPTY: ContactFields = { nome: '', email: '', telefone: '', mensagem: '' };

export function ContactForm() {
  const [fields, setFields] = useState<ContactFields>(EMPTY);
  const [honeypot, setHoneypot] = useState('');
  const [errors, setErrors] = useState<Partial<Record<keyof ContactFields, string>>>({});
  const [state, setState] = useState<'idle' | 'submitting' | 'success' | 'failure'>('idle');

  const set = (name: keyof ContactFields, value: string) => {
    setFields((current) => ({ ...current, [name]: name === 'telefone' ? formatPhone(value) : value }));
    if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateContact(fields);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setState('submitting');
    try {
      await api('POST', '/contatos', {
        ...fields,
        nome: fields.nome.trim(),
        email: fields.email.trim(),
        mensagem: fields.mensagem.trim(),
        empresa: honeypot,
        origem: 'site',
      });
      await new Promise((resolve) => setTimeout(resolve, SUCCESS_DELAY_MS));
      setFields(EMPTY);
      setState('success');
    } catch {
      setState('failure');
    }
  }

  const input =
    'mt-1 block w-full rounded-xl border bg-white px-4 py-3 text-slate-900 shadow-sm placeholder:text-slate-400 focus:outline-none focus:ring-2 focus:ring-brand-600/20';
  const border = (name: keyof ContactFields) => (errors[name] ? 'border-red-400 focus:border-red-500' : 'border-slate-300 focus:border-brand-600');
  const error = (name: keyof ContactFields) =>
    errors[name] && (
      <p id={`${name}-erro`} className="mt-1 text-sm text-red-600">
        {errors[name]}
      </p>
    );

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label="Formulário de contato">
      <div>
        <label htmlFor="nome" className="text-sm font-medium text-slate-700">
          Nome
        </label>
        <input
          id="nome"
          name="nome"
          autoComplete="name"
          value={fields.nome}
          onChange={(e) => set('nome', e.target.value)}
          aria-invalid={!!errors.nome}
          aria-describedby={errors.nome ? 'nome-erro' : undefined}
          className={`${input} ${border('nome')}`}
          placeholder="Seu nome completo"
        />
        {error('nome')}
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor="email" className="text-sm font-medium text-slate-700">
            E-mail
          </label>
          <input
            id="email"
            name="email"
            type="email"
            autoComplete="email"
            value={fields.email}
            onChange={(e) => set('email', e.target.value)}
            aria-invalid={!!errors.email}
            aria-describedby={errors.email ? 'email-erro' : undefined}
            className={`${input} ${border('email')}`}
            placeholder="voce@exemplo.com.br"
          />
          {error('email')}
        </div>
        <div>
          <label htmlFor="telefone" className="text-sm font-medium text-slate-700">
            Telefone
          </label>
          <input
            id="telefone"
            name="telefone"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            value={fields.telefone}
            onChange={(e) => set('telefone', e.target.value)}
            aria-invalid={!!errors.telefone}
            aria-describedby={errors.telefone ? 'telefone-erro' : undefined}
            className={`${input} ${border('telefone')}`}
            placeholder="(43) 99999-0000"
          />
          {error('telefone')}
        </div>
      </div>
      <div>
        <label htmlFor="mensagem" className="text-sm font-medium text-slate-700">
          Mensagem
        </label>
        <textarea
          id="mensagem"
          name="mensagem"
          rows={5}
          value={fields.mensagem}
          onChange={(e) => set('mensagem', e.target.value)}
          aria-invalid={!!errors.mensagem}
          aria-describedby={errors.mensagem ? 'mensagem-erro' : undefined}
          className={`${input} ${border('mensagem')}`}
          placeholder="Conte como podemos ajudar"
        />
        {error('mensagem')}
      </div>
      {/* Honeypot: hidden from people and assistive technology; bots fill it in. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="empresa">Empresa</label>
        <input id="empresa" name="empresa" tabIndex={-1} autoComplete="off" value={honeypot} onChange={(e) => setHoneypot(e.target.value)} />
      </div>
      {state === 'success' && (
        <p role="status" className="rounded-xl bg-brand-50 px-4 py-3 text-sm font-medium text-brand-900">
          Mensagem enviada! Em breve nosso time entrará em contato.
        </p>
      )}
      {state === 'failure' && (
        <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-700">
          Não foi possível enviar agora. Tente novamente.
        </p>
      )}
      <button
        type="submit"
        disabled={state === 'submitting'}
        className="w-full rounded-full bg-brand-800 px-6 py-3.5 font-semibold text-white shadow-sm hover:bg-brand-900 disabled:cursor-wait disabled:opacity-70 sm:w-auto"
      >
        {state === 'submitting' ? 'Enviando...' : 'Enviar mensagem'}
      </button>
    </form>
  );
}
