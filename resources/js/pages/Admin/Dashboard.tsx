import { Link, usePage } from '@inertiajs/react';
import type { ReactNode } from 'react';
import { AdminLayout } from '../../layouts/AdminLayout';
import type { AdminData } from '../../lib/session';
import type { SharedProps } from '../../types';

const SECTIONS = [
  { href: '/admin/usuarios', title: 'Usuários do App', text: 'Consulte, edite e ative ou desative os usuários do aplicativo.' },
  { href: '/admin/empresas', title: 'Empresas', text: 'Cadastre empresas, logos e endereços de cobrança.' },
  { href: '/admin/contato', title: 'Contatos', text: 'Responda às mensagens enviadas pelo site.' },
];

export default function Dashboard() {
  const { admin } = usePage<SharedProps & { admin: AdminData | null }>().props;
  return (
    <div>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Dashboard</h1>
      <p className="mt-1 text-slate-600">Olá, {admin?.name ?? 'administrador'}. Escolha por onde começar.</p>
      <div className="mt-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {[...SECTIONS, ...(admin?.role === 'master' ? [{ href: '/admin/ips', title: 'IP de Acesso', text: 'Autorize os endereços de onde o painel pode ser acessado.' }] : [])].map((section) => (
          <Link key={section.href} href={section.href} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-200 hover:shadow-md">
            <h2 className="font-semibold text-slate-900">{section.title}</h2>
            <p className="mt-1 text-sm text-slate-600">{section.text}</p>
          </Link>
        ))}
      </div>
    </div>
  );
}

Dashboard.layout = (page: ReactNode) => <AdminLayout>{page}</AdminLayout>;
