import { usePage } from '@inertiajs/react';
import { PageTitle } from '../components/ui/PageTitle';
import type { SharedProps } from '../types';

interface ErrorProps extends SharedProps {
  status: number;
  message: string;
}

const TITLES: Record<number, string> = {
  403: 'Acesso negado',
  404: 'Página não encontrada',
  419: 'Sessão expirada',
  429: 'Muitas tentativas',
  503: 'Serviço indisponível',
};

export default function ErrorPage() {
  const { status, message } = usePage<ErrorProps>().props;
  return (
    <div className="flex min-h-screen items-center justify-center bg-slate-50 px-4">
      <PageTitle />
      <div className="max-w-md text-center">
        <p className="text-sm font-semibold text-brand-700">Erro {status}</p>
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-brand-950">{TITLES[status] ?? 'Algo deu errado'}</h1>
        <p className="mt-3 text-slate-600">{message}</p>
        {/* The public site is not an Inertia app: a plain link loads it whole. */}
        <a href="/" className="mt-8 inline-block rounded-full bg-brand-800 px-6 py-3 font-semibold text-white hover:bg-brand-900">
          Voltar para o início
        </a>
      </div>
    </div>
  );
}
