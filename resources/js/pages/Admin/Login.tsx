import { router, usePage } from '@inertiajs/react';
import { useState, type FormEvent } from 'react';
import { TextField } from '../../components/ui/fields';
import { GateLayout } from '../../layouts/GateLayout';
import { failureMessage } from '../../lib/api';
import { keepDraftsOf } from '../../lib/session-guard';
import { useApiForm } from '../../lib/use-api-form';
import { storeSession } from '../../lib/session';
import type { SharedProps } from '../../types';

interface LoginProps extends SharedProps {
  next: string | null;
  reason: 'ip_revogado' | 'sessao_encerrada' | 'sessao_expirada' | 'sessao_inativa' | null;
  /** The one reason the server kept for the end of this browser's session (who ended it and when), if it knows. */
  aviso: string | null;
}

const REASONS: Record<NonNullable<LoginProps['reason']>, string> = {
  ip_revogado: 'Sua sessão foi encerrada porque o IP deste acesso não está mais autorizado. Fale com um administrador master.',
  sessao_encerrada: 'Sua sessão foi encerrada. Faça login novamente.',
  sessao_expirada: 'Sua sessão expirou. Faça login novamente.',
  sessao_inativa: 'Sua sessão foi encerrada por inatividade. Entre de novo para voltar à página em que estava, com o que você preenchia.',
};

export default function Login() {
  const { appName, next, reason, aviso } = usePage<LoginProps>().props;
  const notice = aviso ?? (reason ? REASONS[reason] : null);
  const form = useApiForm({ username: '', password: '', otp: '' });
  const [showPassword, setShowPassword] = useState(false);
  // Held until the next page opens, so the button does not come back between the answer and the visit.
  const [leaving, setLeaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submitting = form.processing || leaving;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const payload = { username: form.data.username.trim(), password: form.data.password, otp: form.data.otp.trim() };
    if (!payload.username || !payload.password || !payload.otp) {
      setError('Preencha usuário, senha e o código 2FA.');
      return;
    }
    if (!/^\d+$/.test(payload.otp)) {
      setError('O código 2FA deve conter apenas números.');
      return;
    }
    setError(null);
    try {
      const { token, admin } = await form.send('post', '/admin/login', { body: () => payload });
      setLeaving(true);
      storeSession(token, admin);
      keepDraftsOf(admin.id);
      router.visit(next ?? '/admin/dashboard', { replace: true });
    } catch (caught) {
      setError(failureMessage(caught, 'Erro ao fazer login'));
    }
  }

  return (
    <GateLayout
      appName={appName}
      footer={
        // The public site is not an Inertia app: a plain link loads it whole.
        <a href="/" className="font-medium text-brand-100 hover:text-white">
          ← Voltar para o site
        </a>
      }
    >
      <form onSubmit={submit} noValidate aria-describedby={error ? 'login-error' : undefined}>
        <h1 className="text-xl font-bold text-brand-950">Painel administrativo</h1>
        <p className="mt-1 text-sm text-slate-500">Entre com seu usuário, senha e o código do autenticador.</p>

        {notice && (
          <p role="status" className="mt-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {notice}
          </p>
        )}
        {error && (
          <p id="login-error" role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
            {error}
          </p>
        )}

        <div className="mt-5 space-y-4">
          <TextField id="username" label="Usuário" autoComplete="username" value={form.data.username} onChange={(value) => form.setData('username', value)} />
          <TextField
            id="password"
            label="Senha"
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            value={form.data.password}
            onChange={(value) => form.setData('password', value)}
            controlClassName="pr-20"
            adornment={
              <button
                type="button"
                onClick={() => setShowPassword((shown) => !shown)}
                className="absolute inset-y-0 right-0 mt-1 px-3 text-sm font-medium text-brand-700 hover:text-brand-900"
                aria-pressed={showPassword}
                aria-controls="password"
              >
                {showPassword ? 'Ocultar' : 'Mostrar'}
              </button>
            }
          />
          <TextField
            id="otp"
            label="2FA"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder="000000"
            value={form.data.otp}
            mask={(value) => value.replace(/\D/g, '')}
            onChange={(value) => form.setData('otp', value)}
            controlClassName="tracking-[0.4em]"
          />
        </div>

        <button
          type="submit"
          disabled={submitting}
          className="mt-6 w-full rounded-lg bg-brand-800 px-4 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-900 disabled:cursor-wait disabled:opacity-70"
        >
          {submitting ? 'Entrando...' : 'Entrar'}
        </button>
      </form>
    </GateLayout>
  );
}
