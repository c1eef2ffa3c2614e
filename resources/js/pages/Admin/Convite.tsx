import { Link, usePage } from '@inertiajs/react';
import { useState, type FormEvent } from 'react';
import { PASSWORD_RULES_TEXT } from '@shared/team.views';
import { NewPasswordField } from '../../components/ui/fields';
import { GateLayout } from '../../layouts/GateLayout';
import { ApiError, failureMessage } from '../../lib/api';
import { useApiForm } from '../../lib/use-api-form';
import type { SharedProps } from '../../types';

interface Props extends SharedProps {
  token: string;
  valido: boolean;
  nome: string | null;
  username: string | null;
}

const INVALID = 'Este link é inválido, já foi usado ou expirou. Peça um novo link a um administrador master.';

/** The page at an invitation or a new password link: the admin sets a password, once. */
export default function Convite() {
  const { appName, token, valido, nome, username } = usePage<Props>().props;
  const form = useApiForm({ senha: '', confirmacao: '' });
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(valido ? null : INVALID);

  async function submit(event: FormEvent) {
    event.preventDefault();
    form.clearErrors();
    setError(null);
    if (!form.data.senha) {
      form.setError('senha', 'Informe a senha.');
      return;
    }
    if (form.data.senha !== form.data.confirmacao) {
      form.setError('confirmacao', 'As senhas não conferem.');
      return;
    }
    try {
      await form.send('post', '/admin/convite', { body: (data) => ({ token, senha: data.senha }) });
      setDone(true);
    } catch (failure) {
      // A field's error shows under the field; anything else (a dead link, say) above the form.
      if (!(failure instanceof ApiError && failure.errors)) setError(failureMessage(failure, 'Não foi possível definir a senha. Tente novamente.'));
    }
  }

  return (
    <GateLayout appName={appName} wide>
      <h1 className="text-xl font-bold text-brand-950">Definir senha do painel</h1>
      {done ? (
        <div className="mt-4 space-y-4">
          <p role="status" className="rounded-lg bg-brand-50 px-3 py-2 text-sm [overflow-wrap:anywhere] text-brand-900">
            Senha definida. Agora entre com o usuário <strong>{username}</strong>, a senha e o código 2FA.
          </p>
          <p className="text-sm text-slate-700">
            O código 2FA vem de um aplicativo autenticador (Google Authenticator, Microsoft Authenticator ou outro). Se ainda não tem o código do IP de onde vai
            entrar, peça a quem enviou o link o QR code desse IP e leia-o no aplicativo.
          </p>
          <Link
            href="/admin/login"
            className="block w-full rounded-lg bg-brand-800 px-4 py-2.5 text-center font-semibold text-white shadow-sm hover:bg-brand-900"
          >
            Ir para o login
          </Link>
        </div>
      ) : !valido ? (
        <div className="mt-4 space-y-4">
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
            {INVALID}
          </p>
          <Link href="/admin/login" className="block text-center text-sm font-semibold text-brand-800 hover:underline">
            Ir para o login
          </Link>
        </div>
      ) : (
        <form onSubmit={submit} noValidate aria-describedby={error ? 'convite-erro' : undefined}>
          <p className="mt-1 text-sm [overflow-wrap:anywhere] text-slate-600">
            Olá, <strong className="text-slate-900">{nome}</strong>. Seu usuário é <strong className="break-all text-slate-900">{username}</strong>.
          </p>
          {error && (
            <p id="convite-erro" role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
              {error}
            </p>
          )}
          <p className="mt-4 text-sm text-slate-600">{PASSWORD_RULES_TEXT}</p>
          <div className="mt-4 space-y-4">
            {/* The username, for password managers to file the new password under. */}
            <input type="text" name="username" autoComplete="username" value={username ?? ''} readOnly hidden />
            <NewPasswordField
              id="senha"
              label="Senha"
              required
              value={form.data.senha}
              onChange={(value) => form.setData('senha', value)}
              error={form.errors.senha}
            />
            <NewPasswordField
              id="confirmacao"
              label="Confirmar senha"
              required
              value={form.data.confirmacao}
              onChange={(value) => form.setData('confirmacao', value)}
              error={form.errors.confirmacao}
            />
          </div>
          <button
            type="submit"
            disabled={form.processing}
            className="mt-6 w-full rounded-lg bg-brand-800 px-4 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-900 disabled:cursor-wait disabled:opacity-70"
          >
            {form.processing ? 'Salvando...' : 'Definir senha'}
          </button>
        </form>
      )}
    </GateLayout>
  );
}
