import { Monitor } from 'lucide-react';
import type { AdminSessionView } from '@shared/team.views';
import { formatDateTime } from '../../lib/dates';
import { Button } from '../ui/Button';

/**
 * Open sessions of an admin: the browser and system read from the User-Agent, the IP, when it began and its
 * last request; each with "Encerrar" (not the current one, ended by "Sair").
 */
export function SessionList({
  sessions,
  ending,
  onEnd,
  emptyText = 'Nenhuma sessão aberta.',
}: {
  sessions: AdminSessionView[];
  ending: string | null;
  onEnd?: (session: AdminSessionView) => void;
  emptyText?: string;
}) {
  if (sessions.length === 0) return <p className="rounded-xl border border-dashed border-slate-300 p-4 text-center text-sm text-slate-500">{emptyText}</p>;
  return (
    <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
      {sessions.map((session) => {
        const device = [session.navegador, session.sistema].filter(Boolean).join(' · ') || 'Navegador desconhecido';
        return (
          <li key={session.id} className="flex flex-wrap items-center gap-3 p-3 text-sm">
            <Monitor className="h-5 w-5 shrink-0 text-slate-400" aria-hidden="true" />
            <div className="min-w-0 flex-1">
              <p className="font-semibold [overflow-wrap:anywhere] text-slate-900">
                {device}
                {session.atual && <span className="ml-2 rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-800">Esta sessão</span>}
              </p>
              <p className="[overflow-wrap:anywhere] text-slate-600">
                IP <span className="font-mono">{session.ip}</span> · início {formatDateTime(session.started_at)} · último acesso{' '}
                {formatDateTime(session.last_seen_at ?? session.started_at)}
              </p>
            </div>
            {onEnd && !session.atual && (
              <Button
                variant="secondary"
                onClick={() => onEnd(session)}
                disabled={ending === session.id}
                aria-label={`Encerrar a sessão de ${device}, IP ${session.ip}`}
              >
                {ending === session.id ? 'Encerrando…' : 'Encerrar'}
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
