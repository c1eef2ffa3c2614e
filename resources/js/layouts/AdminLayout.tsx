import { Link, router, usePage } from '@inertiajs/react';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import {
  Building2,
  CircleUser,
  ClipboardList,
  LayoutDashboard,
  LogOut,
  Menu,
  MessageSquareText,
  Search,
  ShieldCheck,
  Users,
  UsersRound,
  X,
  type LucideIcon,
} from 'lucide-react';
import { CommandPalette, usePaletteShortcut } from '../components/admin/CommandPalette';
import { NotificationBell } from '../components/admin/NotificationBell';
import { SessionWatch } from '../components/admin/SessionWatch';
import { Logo } from '../components/public/Logo';
import { PageTitle } from '../components/ui/PageTitle';
import { ToastProvider } from '../components/ui/Toast';
import { api } from '../lib/api';
import { LiveProvider, useLive, type LiveProps } from '../lib/live';
import { clearSession, leavingSession, type AdminData } from '../lib/session';
import { clearDrafts } from '../lib/session-guard';
import type { SessionRules } from '@shared/session.views';
import type { SharedProps } from '../types';

interface AdminProps extends SharedProps {
  admin: AdminData | null;
  live: LiveProps | null;
  sessao: SessionRules | null;
}

const ICONS: Record<string, LucideIcon> = {
  dashboard: LayoutDashboard,
  usuarios: Users,
  empresas: Building2,
  contato: MessageSquareText,
  ips: ShieldCheck,
  equipe: UsersRound,
  auditoria: ClipboardList,
  perfil: CircleUser,
  sair: LogOut,
};

const ENTRIES = [
  { key: 'dashboard', label: 'Dashboard', href: '/admin/dashboard', match: ['/admin', '/admin/dashboard'] },
  { key: 'usuarios', label: 'Usuários do App', href: '/admin/usuarios', match: ['/admin/usuarios'] },
  { key: 'empresas', label: 'Empresas', href: '/admin/empresas', match: ['/admin/empresas'] },
  { key: 'contato', label: 'Contatos', href: '/admin/contato', match: ['/admin/contato'] },
  { key: 'ips', label: 'IP de Acesso', href: '/admin/ips', match: ['/admin/ips'], masterOnly: true },
  { key: 'equipe', label: 'Equipe', href: '/admin/equipe', match: ['/admin/equipe'], masterOnly: true },
  { key: 'auditoria', label: 'Auditoria', href: '/admin/auditoria', match: ['/admin/auditoria'], masterOnly: true },
  { key: 'perfil', label: 'Meu perfil', href: '/admin/perfil', match: ['/admin/perfil'] },
];

function Icon({ name }: { name: string }) {
  const Glyph = ICONS[name];
  return <Glyph className="h-5 w-5 shrink-0" strokeWidth={1.8} aria-hidden="true" />;
}

export function AdminLayout({ children }: { children: ReactNode }) {
  const { props, url } = usePage<AdminProps>();
  const [menuOpen, setMenuOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [paletteOpen, setPaletteOpen] = useState(false);
  usePaletteShortcut(useCallback(() => setPaletteOpen(true), []));
  const path = url.split('?')[0];
  const admin = props.admin;

  useEffect(() => setMenuOpen(false), [url]);

  // The open phone menu holds the page still: a swipe inside it must not scroll the list behind it.
  useEffect(() => {
    if (!menuOpen) return;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, [menuOpen]);

  async function logout() {
    setLeaving(true);
    leavingSession();
    try {
      await api('POST', '/admin/logout');
    } finally {
      clearSession();
      clearDrafts();
      router.visit('/admin/login', { replace: true });
    }
  }

  const nav = (
    <nav aria-label="Painel" className="flex flex-1 flex-col gap-1 px-3 py-4">
      {ENTRIES.filter((entry) => !entry.masterOnly || admin?.role === 'master').map((entry) => {
        const active = entry.match.includes(path);
        return (
          <Link
            key={entry.key}
            href={entry.href}
            aria-current={active ? 'page' : undefined}
            className={`flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition ${active ? 'bg-brand-800 text-white shadow-sm' : 'text-brand-100 hover:bg-white/10 hover:text-white'}`}
          >
            <Icon name={entry.key} />
            {entry.label}
            {entry.key === 'contato' && <PendingBadge />}
          </Link>
        );
      })}
      <button
        type="button"
        onClick={logout}
        disabled={leaving}
        className="mt-auto flex items-center gap-3 rounded-lg px-3 py-2.5 text-left text-sm font-medium text-brand-100 hover:bg-white/10 hover:text-white disabled:opacity-60"
      >
        <Icon name="sair" />
        {leaving ? 'Saindo...' : 'Sair'}
      </button>
    </nav>
  );

  return (
    <ToastProvider>
      <LiveProvider initial={props.live ?? null}>
        <PageTitle />
        <div className="min-h-screen bg-slate-100">
          <aside className="fixed inset-y-0 left-0 z-40 hidden w-64 flex-col bg-brand-950 lg:flex">
            <div className="flex h-16 items-center border-b border-white/10 px-5">
              <Logo appName={props.appName} light />
            </div>
            {nav}
          </aside>

          {menuOpen && <div className="fixed inset-0 z-40 bg-slate-900/50 lg:hidden" onClick={() => setMenuOpen(false)} aria-hidden="true" />}
          <aside
            className={`fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-brand-950 transition-transform duration-200 motion-reduce:transition-none lg:hidden ${menuOpen ? 'translate-x-0' : '-translate-x-full'}`}
            aria-hidden={!menuOpen}
            inert={!menuOpen}
          >
            <div className="flex h-16 items-center justify-between border-b border-white/10 px-5">
              <Logo appName={props.appName} light />
              <button type="button" onClick={() => setMenuOpen(false)} className="rounded-lg p-2 text-brand-100 hover:bg-white/10" aria-label="Fechar menu">
                <X className="h-5 w-5" aria-hidden="true" />
              </button>
            </div>
            {nav}
          </aside>

          <div className="lg:pl-64">
            <header className="sticky top-0 z-30 flex h-16 items-center justify-between gap-4 border-b border-slate-200 bg-white/95 px-4 backdrop-blur sm:px-6">
              <button
                type="button"
                onClick={() => setMenuOpen(true)}
                className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 lg:hidden"
                aria-label="Abrir menu"
                aria-expanded={menuOpen}
              >
                <Menu className="h-6 w-6" aria-hidden="true" />
              </button>
              <button
                type="button"
                onClick={() => setPaletteOpen(true)}
                className="flex h-10 min-w-0 flex-1 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-500 hover:border-slate-400 hover:text-slate-700 sm:max-w-sm"
                aria-keyshortcuts="Control+K /"
                title="Buscar em tudo (Ctrl+K ou /)"
              >
                <Search className="h-4 w-4 shrink-0" aria-hidden="true" />
                <span className="sm:hidden">Buscar…</span>
                <span className="hidden truncate sm:inline" title="Buscar empresas, usuários, contatos…">
                  Buscar empresas, usuários, contatos…
                </span>
                <kbd className="ml-auto hidden shrink-0 rounded border border-slate-300 bg-slate-50 px-1.5 text-xs text-slate-500 md:inline">Ctrl K</kbd>
              </button>
              <div className="ml-auto flex shrink-0 items-center gap-2 text-sm sm:gap-3">
                {admin && <NotificationBell />}
                {admin && (
                  <Link href="/admin/perfil" className="flex items-center gap-3 rounded-lg p-1 hover:bg-slate-100" title="Meu perfil">
                    <span className="sr-only">Meu perfil:</span>
                    <span className="hidden max-w-48 text-right sm:block">
                      <span className="block truncate font-semibold text-slate-800" title={admin.name}>
                        {admin.name}
                      </span>
                      <span className="block text-xs text-slate-500">{admin.role === 'master' ? 'Master' : 'Gestor'}</span>
                    </span>
                    <span className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800" aria-hidden="true">
                      {admin.name.slice(0, 1).toUpperCase()}
                    </span>
                  </Link>
                )}
              </div>
            </header>
            <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:py-8">{children}</main>
            <CommandPalette open={paletteOpen} onClose={() => setPaletteOpen(false)} />
            {props.sessao && <SessionWatch rules={props.sessao} />}
          </div>
        </div>
      </LiveProvider>
    </ToastProvider>
  );
}

/** The pending contacts beside "Contatos" in the menu, moved on live. */
function PendingBadge() {
  const pending = useLive().counts?.contatosPendentes ?? 0;
  if (pending === 0) return null;
  return (
    <>
      <span aria-hidden="true" data-testid="contatos-pendentes" className="ml-auto rounded-full bg-amber-300 px-2 py-0.5 text-xs font-bold text-brand-950">
        {pending > 999 ? '999+' : pending}
      </span>
      <span className="sr-only">({pending} pendentes)</span>
    </>
  );
}
