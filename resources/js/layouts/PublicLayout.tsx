import { Link, usePage } from '@inertiajs/react';
import type { ReactNode } from 'react';
import { Logo } from '../components/public/Logo';
import { PageTitle } from '../components/ui/PageTitle';
import type { SharedProps } from '../types';

export function PublicLayout({ children }: { children: ReactNode }) {
  const { props, url } = usePage<SharedProps>();
  const isHome = url === '/' || url.startsWith('/?') || url.startsWith('/#');
  return (
    <div className="flex min-h-screen flex-col">
      <PageTitle />
      <header className="sticky top-0 z-30 border-b border-slate-200/70 bg-white/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
          <Link href="/" aria-label={`${props.appName}: página inicial`}>
            <Logo appName={props.appName} />
          </Link>
          <nav aria-label="Principal" className="flex items-center gap-2 sm:gap-6">
            <Link
              href="/"
              className={`hidden rounded-md px-2 py-1 text-sm font-semibold sm:inline ${isHome ? 'text-brand-700' : 'text-slate-600 hover:text-brand-700'}`}
              aria-current={isHome ? 'page' : undefined}
            >
              Início
            </Link>
            <Link href="/admin/login" className="rounded-full bg-brand-800 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-900">
              Acessar Painel
            </Link>
          </nav>
        </div>
      </header>
      <main className="flex-1">{children}</main>
      <footer className="bg-brand-950 text-brand-100">
        <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <Logo appName={props.appName} light />
          <p className="text-sm text-brand-200">© 2025 {props.appName}. Todos os direitos reservados.</p>
        </div>
      </footer>
    </div>
  );
}
