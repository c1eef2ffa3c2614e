import { useEffect, useState, type FormEvent } from 'react';
import { formatPhone } from '@shared/br/phone';
import { ApiError } from '../../lib/api-error';
import { usePublicForm } from '../../public/api';
import { validateContact, type ContactFields } from '../../lib/contact-form';
import { TextField } from '../ui/fields';

/** The success message appears after this pause, so the send feels deliberate. */
export const SUCCESS_DELAY_MS = 700;

const EMPTY: ContactFields = { nome: '', email: '', telefone: '', mensagem: '' };
/** What was typed, kept on the phone until it is sent (a lost connection, a closed tab). */
const DRAFT_KEY = 'agromaq:contato';

function readDraft(): ContactFields | null {
  try {
    const kept = JSON.parse(window.localStorage.getItem(DRAFT_KEY) ?? 'null') as Partial<ContactFields> | null;
    if (!kept || typeof kept !== 'object') return null;
    const text = (key: keyof ContactFields) => String(kept[key] ?? '').slice(0, 5000);
    return { nome: text('nome'), email: text('email'), telefone: text('telefone'), mensagem: text('mensagem') };
  } catch {
    return null;
  }
}

function keepDraft(fields: ContactFields | null): void {
  try {
    if (fields && Object.values(fields).some((value) => value.trim() !== '')) window.localStorage.setItem(DRAFT_KEY, JSON.stringify(fields));
    else window.localStorage.removeItem(DRAFT_KEY);
  } catch {
    // Storage refused (private mode, full): the form works without it.
  }
}

export function ContactForm() {
  const form = usePublicForm<ContactFields>(EMPTY);
  const [honeypot, setHoneypot] = useState('');
  // Sending lasts until the pause after the answer is over (SUCCESS_DELAY_MS).
  const [state, setState] = useState<'idle' | 'submitting' | 'success' | 'failure' | 'offline'>('idle');
  const errors = form.errors;

  // After the page is drawn (the server's copy has no draft): what was typed before, kept on this phone.
  useEffect(() => {
    const draft = readDraft();
    if (draft) form.setData(draft);
  }, []);
  useEffect(() => {
    if (state !== 'offline') return;
    const back = () => setState('idle');
    window.addEventListener('online', back);
    return () => window.removeEventListener('online', back);
  }, [state]);

  const set = (name: keyof ContactFields, value: string) => {
    form.setData(name, value);
    keepDraft({ ...form.data, [name]: value });
    if (errors[name]) form.clearErrors(name);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateContact(form.data);
    form.clearErrors();
    if (Object.keys(found).length > 0) {
      form.setError(found);
      return;
    }
    setState('submitting');
    try {
      await form.send('/contatos', {
        ...form.data,
        nome: form.data.nome.trim(),
        email: form.data.email.trim(),
        mensagem: form.data.mensagem.trim(),
        empresa: honeypot,
        origem: 'site',
      });
      await new Promise((resolve) => setTimeout(resolve, SUCCESS_DELAY_MS));
      form.setData(EMPTY);
      keepDraft(null);
      setState('success');
    } catch (failure) {
      // No answer at all and no network: the phone is offline. What was typed stays, here and on the phone.
      setState(failure instanceof ApiError && failure.status === 0 && !navigator.onLine ? 'offline' : 'failure');
    }
  }

  const field = (name: keyof ContactFields, label: string, props: Omit<Parameters<typeof TextField>[0], 'id' | 'label' | 'value' | 'onChange' | 'tone'>) => (
    <TextField id={name} label={label} tone="public" value={form.data[name]} onChange={(value) => set(name, value)} error={errors[name]} {...props} />
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label="Formulário de contato">
      {field('nome', 'Nome', { autoComplete: 'name', placeholder: 'Seu nome completo' })}
      <div className="grid gap-5 sm:grid-cols-2">
        {field('email', 'E-mail', { type: 'email', autoComplete: 'email', placeholder: 'voce@exemplo.com.br' })}
        {field('telefone', 'Telefone', { type: 'tel', inputMode: 'numeric', autoComplete: 'tel-national', placeholder: '(43) 99999-0000', mask: formatPhone })}
      </div>
      {field('mensagem', 'Mensagem', { multiline: 5, placeholder: 'Conte como podemos ajudar' })}
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
      {state === 'offline' && (
        <p role="alert" className="rounded-xl bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900">
          Você está sem conexão. Sua mensagem ficou guardada neste aparelho: envie de novo quando o sinal voltar.
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
