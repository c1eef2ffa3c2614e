import { FORM_ORIGIN_HEADER } from '@shared/history.views';
import { endSession } from './session';

/** An error answered by the API, with its Portuguese message and stable code. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly errors?: Record<string, string>,
    /** The whole answer (an edit conflict's current record and changed fields, for instance). */
    readonly body?: Record<string, unknown> | null,
  ) {
    super(message);
  }
}

function cookie(name: string): string | null {
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

const SESSION_EXEMPT = ['/admin/login', '/admin/logout'];

/** Whether a call failed because the session ended (the login page is already on its way: say nothing more). */
export function sessionEnded(failure: unknown): boolean {
  return failure instanceof ApiError && failure.status === 401;
}

/** The server's Portuguese message for a failed call, or the screen's own `fallback` when it gave none. */
export function failureMessage(failure: unknown, fallback: string): string {
  return failure instanceof ApiError && failure.message ? failure.message : fallback;
}

/** The headers of every API call: JSON, the XSRF header and, when present, the admin's Bearer token. */
export function apiHeaders(): Record<string, string> {
  // The back office's changes are recorded in each record's history as made from a form.
  const headers: Record<string, string> = { Accept: 'application/json', [FORM_ORIGIN_HEADER]: 'formulario' };
  const xsrf = cookie('XSRF-TOKEN');
  if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
  const token = window.localStorage.getItem('adminToken');
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

interface FailureBody {
  message?: string;
  code?: string;
  errors?: Record<string, string>;
}

/**
 * What a failed API call rejects with: ApiError carrying the server's message (or none, to use a screen's
 * fallback). A 401 on an admin call ends the session in the browser and goes to the login page.
 */
export function apiFailure(status: number, path: string, body: FailureBody | null): ApiError {
  if (status === 401 && path.startsWith('/admin/') && !SESSION_EXEMPT.includes(path)) endSession(body?.code);
  return new ApiError(status, body?.message ?? '', body?.code, body?.errors, body as Record<string, unknown> | null);
}

/** Calls the JSON API under /api with the session cookie and apiHeaders(); rejects with apiFailure(). */
export async function api<T>(method: string, path: string, body?: unknown, extraHeaders: Record<string, string> = {}): Promise<T> {
  const headers = { ...apiHeaders(), ...extraHeaders };
  if (body !== undefined && !(body instanceof FormData)) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      headers,
      credentials: 'include',
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, '');
  }
  const data = (await response.json().catch(() => null)) as (T & FailureBody) | null;
  if (!response.ok) throw apiFailure(response.status, path, data);
  return data as T;
}

/**
 * Downloads a file the API answers at `path` (GET, with the session's headers) under the name its
 * Content-Disposition gives; rejects like api() when the call fails. For files that fit in memory.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, { headers: apiHeaders(), credentials: 'include' });
  } catch {
    throw new ApiError(0, '');
  }
  if (!response.ok) throw apiFailure(response.status, path, (await response.json().catch(() => null)) as FailureBody | null);
  const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
