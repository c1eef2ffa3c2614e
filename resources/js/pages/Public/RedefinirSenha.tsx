import { useState, type FormEvent, type ReactNode } from 'react';
import { AccountLinkPanel } from '../../components/public/AccountLinkPanel';
import { PageHero } from '../../components/public/PageHero';
import { PublicLayout } from '../../layouts/PublicLayout';
import { NewPasswordField } from '../../components/ui/fields';
import { failureMessage } from '../../lib/api-error';
import { usePublicForm } from '../../public/api';

type LinkState = 'valid' | 'expired' | 'used' | 'invalid';

const STATE_TEXT: Record<Exclude<LinkState, 'valid'>, string> = {
  expired: 'Este link expirou. Peça um novo em “Esqueci minha senha” no aplicativo.',
  used: 'Este link já foi usado. Se ainda não consegue entrar, peça um novo em “Esqueci minha senha” no aplicativo.',
  invalid: 'Link inválido. Confira se copiou o endereço inteiro do e-mail ou peça um novo no aplicativo.',
};

/** The rules a new password must meet, shown as the user types (the server checks the same). */
const RULES: { label: string; test: (password: string) => boolean }[] = [
  { label: 'De 8 a 128 caracteres', test: (password) => password.length >= 8 && password.length <= 128 },
  { label: 'Pelo menos uma letra', test: (password) => /\p{L}/u.test(password) },
  { label: 'Pelo menos um número', test: (password) => /\d/.test(password) },
];

/** Where the link of the password-reset e-mail leads: choose a new password, with its confirmation. */
export default function RedefinirSenha({ token, state, name }: { token: string; state: LinkState; name: string | null }) {
  const form = usePublicForm({ password: '', confirmation: '' });
  const { password, confirmation } = form.data;
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!RULES.every((rule) => rule.test(password))) {
      setError('A senha deve ter de 8 a 128 caracteres, com letras e números.');
      return;
    }
    if (password !== confirmation) {
      setError('As senhas não conferem.');
      return;
    }
    setError(null);
    try {
      await form.send('/public/usuario/redefinir-senha', { token, password, password_confirmation: confirmation });
      setDone(true);
    } catch (failure) {
      setError(failureMessage(failure, 'Não foi possível salvar a nova senha agora. Tente novamente.'));
    }
  }

  return (
    <>
      <PageHero eyebrow="Sua conta" title="Redefinir senha">
        {state === 'valid' && name
          ? `Olá, ${name}! Escolha uma nova senha para entrar no aplicativo.`
          : 'Escolha uma nova senha para a sua conta no aplicativo.'}
      </PageHero>
      <AccountLinkPanel
        problem={state !== 'valid' ? STATE_TEXT[state] : null}
        done={done ? 'Senha alterada! Você já pode entrar no aplicativo com a nova senha.' : null}
      >
        <form onSubmit={submit} noValidate className="space-y-5">
          <NewPasswordField id="nova-senha" label="Nova senha" tone="public" value={password} onChange={(value) => form.setData('password', value)} />
          <ul className="space-y-1 text-sm" aria-label="Requisitos da senha">
            {RULES.map((rule) => {
              const met = rule.test(password);
              return (
                <li key={rule.label} className={met ? 'text-brand-700' : 'text-slate-500'}>
                  <span aria-hidden="true">{met ? '✓' : '•'}</span> {rule.label}
                  <span className="sr-only">{met ? ' (atendido)' : ' (pendente)'}</span>
                </li>
              );
            })}
          </ul>
          <NewPasswordField
            id="confirmar-senha"
            label="Confirmar nova senha"
            tone="public"
            value={confirmation}
            onChange={(value) => form.setData('confirmation', value)}
          />
          {error && (
            <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800">
              {error}
            </p>
          )}
          <button
            type="submit"
            disabled={form.processing}
            className="w-full rounded-full bg-brand-800 px-6 py-3 font-semibold text-white hover:bg-brand-900 disabled:opacity-60"
          >
            {form.processing ? 'Salvando...' : 'Salvar nova senha'}
          </button>
        </form>
      </AccountLinkPanel>
    </>
  );
}

RedefinirSenha.layout = (page: ReactNode) => <PublicLayout>{page}</PublicLayout>;
