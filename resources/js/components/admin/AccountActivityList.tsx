import { KeyRound, LogIn, LogOut, MapPin, ShieldCheck, UserCog, type LucideIcon } from 'lucide-react';
import type { AccountEventKind, AccountEventView } from '@shared/team.views';
import { formatDateTime } from '../../lib/dates';

const ICONS: Record<AccountEventKind, LucideIcon> = {
  login: LogIn,
  login_new_ip: MapPin,
  login_first: LogIn,
  password_changed: KeyRound,
  sessions_ended: LogOut,
  role_changed: UserCog,
  ip_authorized: ShieldCheck,
};

/**
 * An admin's own account activity, newest first: what happened (in words, the icon only repeats it), when, and
 * the address and browser when the entry has them.
 */
export function AccountActivityList({ events }: { events: AccountEventView[] }) {
  if (events.length === 0)
    return <p className="rounded-xl border border-dashed border-slate-300 p-4 text-center text-sm text-slate-500">Nenhuma atividade registrada.</p>;
  return (
    <ol className="divide-y divide-slate-100 rounded-xl border border-slate-200" aria-label="Atividade da conta, da mais recente à mais antiga">
      {events.map((event) => {
        const Icon = ICONS[event.tipo] ?? LogIn;
        const device = [event.navegador, event.sistema].filter(Boolean).join(' · ');
        return (
          <li key={event.id} className="flex items-start gap-3 p-3 text-sm">
            <Icon className="mt-0.5 h-5 w-5 shrink-0 text-slate-400" aria-hidden="true" />
            <div className="min-w-0 flex-1">
              <p className="font-semibold [overflow-wrap:anywhere] text-slate-900">{event.titulo}</p>
              {event.detalhe && <p className="[overflow-wrap:anywhere] text-slate-700">{event.detalhe}</p>}
              <p className="[overflow-wrap:anywhere] text-slate-600">
                <time dateTime={event.created_at}>{formatDateTime(event.created_at)}</time>
                {event.ip && (
                  <>
                    {' · '}IP <span className="font-mono">{event.ip}</span>
                  </>
                )}
                {device && <> · {device}</>}
              </p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
