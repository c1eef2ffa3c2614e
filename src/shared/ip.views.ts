import type { AdminRole } from './team.views.js';

/** What the back office and API clients read of an authorized IP (GET /api/admin/ips-autorizados, the IP page). */
export interface AuthorizedIpView {
  id: number;
  ip: string;
  role: AdminRole;
  descricao: string | null;
  local: string | null;
  online: boolean;
  privado: boolean;
  located_at: string | null;
  last_seen_at: string | null;
  created_at: string;
}

/** A new address's authenticator secret, shown once: its QR code and the secret to type. */
export interface TwoFactorSetup {
  qr_data_url: string;
  secret: string;
  otpauth_url: string;
}

/** The IP page's rows: `em_uso` marks the address the viewer's own session is using (removing it ends that session). */
export type AuthorizedIpRow = AuthorizedIpView & { em_uso: boolean };
