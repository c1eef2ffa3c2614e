import { Link } from '@inertiajs/react';
import { Bell } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { NotificationView } from '@shared/live.views';
import { api, failureMessage, sessionEnded } from '../../lib/api';
import { AUTOMATIC } from '../../lib/session-guard';
import { formatDateTime } from '../../lib/dates';
import { useLive, useLiveEvent } from '../../lib/live';
import { useDismiss } from '../../lib/use-dismiss';

/**
 * The bell in the admin's header: the unread count (moved on by the live events), and on a click the admin's
 * last 50 notifications, older ones on demand, "Marcar todas como lidas", and how live the page is.
 */
export function NotificationBell() {
  const { unread, setUnread, live, paused, resume } = useLive();
  const [open, setOpen] = useState(false);
  const [items, setItems] = useState<NotificationView[] | null>(null);
  const [next, setNext] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const box = useRef<HTMLDivElement>(null);

  async function load(before?: number, automatic = false) {
    setBusy(true);
    setError(null);
    try {
      const page = await api('GET', before ? `/admin/notificacoes?antes=${before}` : '/admin/notificacoes', undefined, automatic ? AUTOMATIC : {});
      setItems((current) => (before && current ? [...current, ...page.data] : page.data));
      setNext(page.proxima);
      setUnread(() => page.nao_lidas);
    } catch (failure) {
      if (!sessionEnded(failure)) setError(failureMessage(failure, 'Não foi possível carregar as notificações.'));
    } finally {
      setBusy(false);
    }
  }

  useEffect(() => {
    if (open) void load();
  }, [open]);

  // A new notification while the list is open shows up in it.
  useLiveEvent('contato.novo', () => {
    if (open) void load(undefined, true);
  });

  useDismiss(
    open,
    box,
    () => setOpen(false),
    () => button.current?.focus(),
  );

  async function markAll() {
    setBusy(true);
    try {
      await api('POST', '/admin/notificacoes/lidas');
      setItems((current) => current?.map((item) => ({ ...item, lida: true })) ?? null);
      setUnread(() => 0);
    } catch (failure) {
      if (!sessionEnded(failure)) setError(failureMessage(failure, 'Não foi possível marcar as notificações.'));
    } finally {
      setBusy(false);
    }
  }

  function markOne(item: NotificationView) {
    setOpen(false);
    if (item.lida) return;
    setUnread((current) => current - 1);
    void api('POST', `/admin/notificacoes/${item.id}/lida`).catch(() => undefined);
  }

  const label = unread > 0 ? `Notificações: ${unread} não ${unread === 1 ? 'lida' : 'lidas'}` : 'Notificações';
  return (
    <div ref={box} className="relative">
      <button
        ref={button}
        type="button"
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        aria-controls="notificacoes-painel"
        aria-label={label}
        title={label}
        data-ao-vivo={live ? 'sim' : 'nao'}
        className="relative flex h-10 w-10 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900"
      >
        <Bell className="h-5 w-5" aria-hidden="true" />
        {unread > 0 && (
          <span
            aria-hidden="true"
            data-testid="sino-contador"
            className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-700 px-1 text-xs font-bold text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open && (
        <div
          id="notificacoes-painel"
          role="dialog"
          aria-label="Notificações"
          className="fixed inset-x-2 top-16 z-50 max-h-[min(32rem,calc(100dvh-5rem))] overflow-y-auto rounded-xl border border-slate-200 bg-white shadow-xl sm:absolute sm:inset-x-auto sm:top-12 sm:right-0 sm:w-96"
        >
          <div className="sticky top-0 flex items-center justify-between gap-2 border-b border-slate-200 bg-white px-4 py-3">
            <h2 className="text-sm font-semibold text-slate-900">Notificações</h2>
            <button
              type="button"
              onClick={() => void markAll()}
              disabled={busy || unread === 0}
              className="min-h-11 rounded-md px-2 text-sm font-medium text-brand-800 hover:bg-brand-50 disabled:text-slate-500 disabled:hover:bg-transparent"
            >
              Marcar todas como lidas
            </button>
          </div>
          {(!live || paused) && (
            <p className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-xs text-amber-900">
              {paused ? (
                <>
                  Atualizações ao vivo pausadas nesta aba: há muitas abas abertas.{' '}
                  <button type="button" onClick={resume} className="min-h-6 font-semibold underline">
                    Retomar
                  </button>
                </>
              ) : (
                'Atualizações ao vivo indisponíveis no momento: os números são atualizados a cada minuto.'
              )}
            </p>
          )}
          {error && (
            <p role="alert" className="px-4 py-3 text-sm text-red-700">
              {error}
            </p>
          )}
          {items && items.length === 0 && <p className="px-4 py-6 text-center text-sm text-slate-600">Nenhuma notificação.</p>}
          {items && items.length > 0 && (
            <ul className="divide-y divide-slate-100">
              {items.map((item) => (
                <li key={item.id}>
                  {item.link ? (
                    <Link href={item.link} onClick={() => markOne(item)} className="block px-4 py-3 hover:bg-slate-50">
                      <NotificationText item={item} />
                    </Link>
                  ) : (
                    <div className="px-4 py-3">
                      <NotificationText item={item} />
                    </div>
                  )}
                </li>
              ))}
            </ul>
          )}
          {next !== null && (
            <div className="border-t border-slate-100 p-2 text-center">
              <button
                type="button"
                onClick={() => void load(next)}
                disabled={busy}
                className="min-h-11 rounded-md px-3 text-sm font-medium text-brand-800 hover:bg-brand-50"
              >
                Carregar mais
              </button>
            </div>
          )}
        </div>
      )}
    </div>
  );
}

function NotificationText({ item }: { item: NotificationView }) {
  return (
    <span className="flex items-start gap-2">
      <span aria-hidden="true" className={`mt-1.5 h-2 w-2 shrink-0 rounded-full ${item.lida ? 'bg-transparent' : 'bg-brand-700'}`} />
      <span className="min-w-0">
        <span className={`block text-sm [overflow-wrap:anywhere] ${item.lida ? 'text-slate-700' : 'font-semibold text-slate-900'}`}>
          {item.titulo}
          {!item.lida && <span className="sr-only"> (não lida)</span>}
        </span>
        <span className="block text-xs text-slate-600">{formatDateTime(item.criada_em)}</span>
      </span>
    </span>
  );
}
