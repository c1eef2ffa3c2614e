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
