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
}

export interface TokenClaims {
  sub: string;
  role: AdminRole;
  jti: string;
}
