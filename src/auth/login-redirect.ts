/** Reasons the login page can explain, passed as `?reason=` by the session handling. */
export const LOGIN_REASONS = ['ip_revogado', 'sessao_encerrada', 'sessao_expirada', 'sessao_inativa'] as const;
export type LoginReason = (typeof LOGIN_REASONS)[number];

/**
 * The `next` path to land on after login, when it is a page of the admin on this site; anything else
 * (another host, `//evil`, a backslash trick, the login page itself) is dropped, so login is never an
 * open redirect.
 */
export function safeAdminNext(next: unknown): string | null {
  if (typeof next !== 'string' || next.length > 2000) return null;
  if (!/^\/admin(?:[/?#]|$)/.test(next) || /[\\\s]/.test(next) || next.startsWith('//')) return null;
  const path = next.split(/[?#]/)[0];
  if (path === '/admin/login' || path.startsWith('/admin/login/')) return null;
  return next;
}

export function loginReason(reason: unknown): LoginReason | null {
  return LOGIN_REASONS.find((known) => known === reason) ?? null;
}
