import { Link, router, usePage } from '@inertiajs/react';
import { useState, type FormEvent } from 'react';
import { Logo } from '../../components/public/Logo';
import { PageTitle } from '../../components/ui/PageTitle';
import { api, ApiError } from '../../lib/api';
import { storeSession, type AdminData } from '../../lib/session';
import type { SharedProps } from '../../types';

interface LoginProps extends SharedProps {
  next: string | null;
  reason: 'ip_revogado' | null;
}

interface LoginResponse {
  token: string;
  admin: AdminData;
}

const REASONS: Record<NonNullable<LoginProps['reason']>, string> = {
  ip_revogado: 'Sua sessão foi encerrada porque o IP deste acesso não está mais autorizado. Fale com um administrador master.',
};

export default function Login() {
  const { appName, next, reason } = usePage<LoginProps>().props;
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [otp, setOtp] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const payload = { username: username.trim(), password, otp: otp.trim() };
    if (!payload.username || !payload.password || !payload.otp) {
      setError('Preencha usuário, senha e o código 2FA.');
      return;
    }
    if (!/^\d+$/.test(payload.otp)) {
      setError('O código 2FA deve conter apenas números.');
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      const { token, admin } = await api<LoginResponse>('POST', '/admin/login', payload);
      storeSession(token, admin);
      router.visit(next ?? '/admin/dashboard', { replace: true });
    } catch (caught) {
      setError(caught instanceof ApiError && caught.message ? caught.message : 'Erro ao fazer login');
      setSubmitting(false);
    }
  }

  const inputClass =
    'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/20 focus:outline-none';

  return (
    <div className="flex min-h-screen items-center justify-center bg-gradient-to-br from-brand-950 via-brand-900 to-brand-800 px-4 py-10">
      <PageTitle />
      <div className="w-full max-w-sm">
        <div className="mb-6 flex justify-center">
          <Logo appName={appName} light />
        </div>
        <form onSubmit={submit} noValidate className="rounded-2xl bg-white p-6 shadow-xl sm:p-8" aria-describedby={error ? 'login-error' : undefined}>
          <h1 className="text-xl font-bold text-brand-950">Painel administrativo</h1>
          <p className="mt-1 text-sm text-slate-500">Entre com seu usuário, senha e o código do autenticador.</p>

          {reason && (
            <p role="status" className="mt-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
              {REASONS[reason]}
            </p>
          )}
          {error && (
            <p id="login-error" role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
              {error}
            </p>
          )}

          <label className="mt-5 block text-sm font-medium text-slate-700" htmlFor="username">
            Usuário
          </label>
          <input
            id="username"
            name="username"
            autoComplete="username"
            required
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            className={inputClass}
          />

          <label className="mt-4 block text-sm font-medium text-slate-700" htmlFor="password">
            Senha
          </label>
          <div className="relative">
            <input
              id="password"
              name="password"
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              className={`${inputClass} pr-20`}
            />
            <button
              type="button"
              onClick={() => setShowPassword((shown) => !shown)}
              className="absolute inset-y-0 right-0 mt-1 px-3 text-sm font-medium text-brand-700 hover:text-brand-900"
              aria-pressed={showPassword}
              aria-controls="password"
            >
              {showPassword ? 'Ocultar' : 'Mostrar'}
            </button>
          </div>

          <label className="mt-4 block text-sm font-medium text-slate-700" htmlFor="otp">
            2FA
          </label>
          <input
            id="otp"
            name="otp"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={6}
            required
            placeholder="000000"
            value={otp}
            onChange={(e) => setOtp(e.target.value.replace(/\D/g, ''))}
            className={`${inputClass} tracking-[0.4em]`}
          />

          <button
            type="submit"
            disabled={submitting}
            className="mt-6 w-full rounded-lg bg-brand-800 px-4 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-900 disabled:cursor-wait disabled:opacity-70"
          >
            {submitting ? 'Entrando...' : 'Entrar'}
          </button>
        </form>
        <p className="mt-6 text-center text-sm">
          <Link href="/" className="font-medium text-brand-100 hover:text-white">
            ← Voltar para o site
          </Link>
        </p>
      </div>
    </div>
  );
}
