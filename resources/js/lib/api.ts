/** An error answered by the API, with its Portuguese message and stable code. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}

function cookie(name: string): string | null {
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

/**
 * Calls the JSON API under /api with the session cookie, the XSRF header and, when present, the admin's
 * Bearer token. Rejects with ApiError carrying the server's message (or none, to use a screen's fallback).
 */
export async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined && !(body instanceof FormData)) headers['Content-Type'] = 'application/json';
  const xsrf = cookie('XSRF-TOKEN');
  if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
  const token = window.localStorage.getItem('adminToken');
  if (token) headers.Authorization = `Bearer ${token}`;

  const response = await fetch(`/api${path}`, {
    method,
    headers,
    credentials: 'include',
    body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
  });
  const data = (await response.json().catch(() => null)) as (T & { message?: string; code?: string; errors?: Record<string, string> }) | null;
  if (!response.ok) throw new ApiError(response.status, data?.message ?? '', data?.code, data?.errors);
  return data as T;
}
