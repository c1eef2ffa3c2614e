// The back office's team (admins, their invitations and sessions) as the API and the pages send it. Pure: read
// by the server and the Equipe, Perfil and Convite pages.
export type AdminRole = 'master' | 'gestor';

/** 'convite': invited (or sent a new password link) and no password set yet. */
export type TeamMemberStatus = 'ativo' | 'inativo' | 'convite';
export type TeamStatusFilter = 'todos' | 'ativos' | 'inativos' | 'convite';

export const TEAM_STATUS_LABELS: Record<TeamMemberStatus, string> = {
  ativo: 'Ativo',
  inativo: 'Inativo',
  convite: 'Convite pendente',
};

export const ROLE_LABELS: Record<AdminRole, string> = { master: 'Master', gestor: 'Gestor' };

export interface TeamMemberView {
  id: number;
  username: string;
  nome: string;
  email: string | null;
  role: AdminRole;
  status: TeamMemberStatus;
  last_login_at: string | null;
  last_login_ip: string | null;
  sessoes_abertas: number;
  created_at: string;
  /** Raised by every change (ETag); send it back as If-Match. */
  version: number;
}

export interface TeamPage {
  data: TeamMemberView[];
  total: number;
  page: number;
  pageSize: number;
}

export type TeamCounts = Record<TeamStatusFilter, number>;

/** A one-time link to set a password: shown once to the master who made it. */
export interface InviteLink {
  url: string;
  expires_at: string;
}

export interface AdminSessionView {
  id: string;
  started_at: string;
  ip: string;
  /** Read from the User-Agent, e.g. 'Chrome 142'; null when it says nothing known. */
  navegador: string | null;
  /** E.g. 'Windows 10', 'Android 15'. */
  sistema: string | null;
  last_seen_at: string | null;
  /** The session of the request that asked. */
  atual: boolean;
}

/** How long an invitation or a new password link is valid. */
export const INVITE_TTL_HOURS = 72;
/** The password rules, checked by the API (the common-password list lives on the server only). */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_RULES_TEXT = `Pelo menos ${PASSWORD_MIN_LENGTH} caracteres, sem o nome de usuário e fora da lista de senhas comuns.`;

/**
 * What an entry of an admin's own account activity records: a login (from an address already used, from a new
 * one, or the account's first), a password change, sessions ended by someone else, a role change, or (masters)
 * a new authorized IP.
 */
export type AccountEventKind = 'login' | 'login_new_ip' | 'login_first' | 'password_changed' | 'sessions_ended' | 'role_changed' | 'ip_authorized';

export const ACCOUNT_EVENT_LABELS: Record<AccountEventKind, string> = {
  login: 'Login',
  login_new_ip: 'Login de um endereço novo',
  login_first: 'Primeiro login da conta',
  password_changed: 'Senha alterada',
  sessions_ended: 'Sessões encerradas por outro administrador',
  role_changed: 'Papel alterado',
  ip_authorized: 'Novo IP autorizado',
};

/** How many of the latest entries the profile shows. */
export const ACCOUNT_ACTIVITY_LIMIT = 50;

/** An entry of the profile's "Atividade da conta", newest first. Never a password, a 2FA secret or a token. */
export interface AccountEventView {
  id: number;
  tipo: AccountEventKind;
  /** The kind's label, e.g. 'Login de um endereço novo'. */
  titulo: string;
  /** Who did it and from/to what, e.g. 'De Gestor para Master, por Maria Souza.'; null when the title says it all. */
  detalhe: string | null;
  /** The address of a login or of an ended session, or the address authorized. */
  ip: string | null;
  navegador: string | null;
  sistema: string | null;
  created_at: string;
}
