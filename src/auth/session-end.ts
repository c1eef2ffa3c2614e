import { saoPauloDay } from '../common/sao-paulo-day.js';
import type { AdminRole } from './admin-role.js';
import type { SessionRevokedReason } from './admin-session.entity.js';

/** How a session ended, as the database kept it (AuthService.endOf). */
export interface SessionEnd {
  reason: SessionRevokedReason | null;
  at: Date;
  /** Ended by its own admin (logout, another of its sessions, a password change). */
  bySelf: boolean;
  /** The name of the master who ended it, when another admin did. */
  byName: string | null;
  /** The admin's role now (after a role change, the new one). */
  role: AdminRole;
}

const TIME = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', hour: '2-digit', minute: '2-digit' });
const DAY = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit' });

/** "às 14:05", or "às 14:05 de 12/03" when it was not today (Brasília time). */
function when(at: Date, now: Date): string {
  const time = `às ${TIME.format(at)}`;
  return saoPauloDay(at) === saoPauloDay(now) ? time : `${time} de ${DAY.format(at)}`;
}

/** "por um administrador master (Ana Souza)", or "por um administrador master" when the name is not known. */
function byMaster(name: string | null): string {
  return name ? `por um administrador master (${name})` : 'por um administrador master';
}

/**
 * What the login page says when the browser saw its session end and no longer has its cookie: only a logout in
 * another tab or window of this browser clears it.
 */
export const LOGGED_OUT_IN_ANOTHER_TAB = 'Você saiu do painel em outra aba ou janela deste navegador. Faça login novamente.';

/**
 * What the login page tells a person whose session was ended: the one reason the server kept, with who and when,
 * and what to do next.
 */
export function sessionEndNotice(end: SessionEnd, now = new Date()): string {
  const at = when(end.at, now);
  switch (end.reason) {
    case 'logout':
      return `Você saiu do painel ${at}, em outra aba ou janela. Faça login novamente.`;
    case 'ended':
      return end.bySelf
        ? `Sua sessão foi encerrada ${at} por você mesmo, em outra sessão (Meu perfil, “Encerrar as outras sessões”). Faça login novamente.`
        : `Sua sessão foi encerrada ${byMaster(end.byName)} ${at}. Faça login novamente.`;
    case 'password_changed':
      return `Sua senha foi alterada ${at} em outra sessão, e as demais sessões foram encerradas. Entre com a nova senha.`;
    case 'password_link':
      return `Um administrador master${end.byName ? ` (${end.byName})` : ''} gerou um novo link de senha para você ${at}: a senha anterior deixou de valer. Defina a nova senha pelo link recebido e entre de novo.`;
    case 'role_changed':
      return `Seu papel no painel foi alterado para ${end.role === 'master' ? 'Master' : 'Gestor'} ${byMaster(end.byName)} ${at}. Entre de novo a partir de um IP autorizado para esse papel.`;
    case 'admin_inactive':
      return `Seu acesso ao painel foi desativado ${end.byName ? `${byMaster(end.byName)} ` : ''}${at}. Fale com um administrador master se precisar voltar.`;
    case 'ip_deleted':
      return `Sua sessão foi encerrada ${at} porque o IP deste acesso deixou de ser autorizado. Fale com um administrador master.`;
    default:
      return `Sua sessão foi encerrada ${at}. Faça login novamente.`;
  }
}
