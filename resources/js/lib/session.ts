import { router } from '@inertiajs/react';
import { keepDrafts } from './session-guard';

export interface AdminData {
  id: number;
  username: string;
  name: string;
  role: 'master' | 'gestor';
}

/** The session as the spec keeps it in the browser: adminToken and adminData in local storage. */
export function storeSession(token: string, admin: AdminData): void {
  window.localStorage.setItem('adminToken', token);
  window.localStorage.setItem('adminData', JSON.stringify(admin));
}

/** The admin of the session kept in this browser, if any. */
export function storedAdmin(): AdminData | null {
  try {
    return JSON.parse(window.localStorage.getItem('adminData') ?? 'null') as AdminData | null;
  } catch {
    return null;
  }
}

/**
 * Forgets the session in this browser: the stored token and admin, and the key of the encrypted page
 * history, so Back after a logout cannot show an admin page (with its e-mails and CPFs) from history.
 */
export function clearSession(): void {
  window.localStorage.removeItem('adminToken');
  window.localStorage.removeItem('adminData');
  router.clearHistory();
}

/** How long after "Sair" the end of this tab's own session is not reported as ended elsewhere. */
const LEAVING_MS = 10_000;
let leavingSince = -Infinity;

/** Called by "Sair" before the logout call. */
export function leavingSession(): void {
  leavingSince = Date.now();
}

/**
 * Ends the session in the browser after a 401 from an admin call:
 * IP_REVOKED goes to the login page with reason=ip_revogado, SESSION_IDLE with reason=sessao_inativa (keeping
 * the page's half-filled forms), anything else with the current page as next (and `said`, when the live events
 * said why the session ended).
 */
export function endSession(code: string | undefined, said?: 'sessao_encerrada' | 'sessao_expirada'): void {
  // This tab is logging out itself: the notice of its own session's end (the live events) must not send it to the
  // login page "as ended elsewhere", racing the logout's own visit.
  if (Date.now() - leavingSince < LEAVING_MS) return;
  const owner = storedAdmin()?.id ?? null;
  clearSession();
  if (window.location.pathname === '/admin/login') return;
  // Ended for inactivity: the half-filled forms of this page wait in this tab for the same admin's return.
  if (code === 'SESSION_IDLE') keepDrafts(owner);
  const next = `${window.location.pathname}${window.location.search}`;
  const reason = code === 'IP_REVOKED' ? 'ip_revogado' : code === 'SESSION_IDLE' ? 'sessao_inativa' : (said ?? null);
  const params = new URLSearchParams(reason ? { reason, next } : { next });
  router.visit(`/admin/login?${params.toString()}`, { replace: true });
}
