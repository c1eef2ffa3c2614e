import type { AdminRole } from './admin-role.js';

/** The admin fields sent to the browser (`adminData`) and shared with every admin page. */
export interface AdminView {
  id: number;
  username: string;
  name: string;
  role: AdminRole;
}

export interface AuthenticatedAdmin extends AdminView {
  jti: string;
  ipId: number;
  /** When the session's last 2FA confirmation was made (ms since the epoch): the login, or a confirmation. */
  confirmedAt: number;
  /** When the session's last request made by the person was (ms since the epoch), as far as this instance knows. */
  activeAt: number;
  /** When the session ends whatever happens (ms since the epoch). */
  expiresAt: number;
}

export interface TokenClaims {
  sub: string;
  role: AdminRole;
  jti: string;
}
