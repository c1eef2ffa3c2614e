/**
 * The header the back office sends on the calls it makes by itself (refreshing counts, following an import):
 * they keep the session's state fresh but are not the person's activity, so they never keep an idle session
 * open. The event stream is marked on the server (@NotActivity), as EventSource sends no headers.
 */
export const AUTOMATIC_REQUEST_HEADER = 'X-Automatic-Request';

/** How long before an idle session ends the back office warns ("Sua sessão vai expirar por inatividade"). */
export const IDLE_WARNING_MINUTES = 2;

/** The session's timing rules, shared with every admin page (SESSION_IDLE_MINUTES, STEP_UP_MINUTES). */
export interface SessionRules {
  inatividadeMinutos: number;
  confirmacaoMinutos: number;
}

/**
 * The sensitive actions a page starts by following a link (the exports, GET): their path under /api
 * (`/admin/contatos/exportar`) → the words of the action (`exportar os contatos`), as their 403 STEP_UP_REQUIRED
 * names it. Every admin page is told them, so the confirmation asked before such a link names the action too.
 */
export type SensitiveDownloads = Record<string, string>;

/** GET /api/admin/sessao: when this session ends if nobody uses it, and until when its 2FA confirmation holds. */
export interface SessionStateView {
  /** ISO instant: the session ends for inactivity then, unless a request is made by the person before. */
  inativaEm: string;
  /** ISO instant: the sensitive actions need a new 2FA confirmation after it. */
  confirmadaAte: string;
  /** ISO instant: the session's absolute end (JWT_EXPIRES_IN after the login). */
  expiraEm: string;
  regras: SessionRules;
}
