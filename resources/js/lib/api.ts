import { FORM_ORIGIN_HEADER } from '@shared/history.views';
import type { ApiPath, BodyOf, HttpMethod, ResponseOf } from './api-contract';
import { AUTOMATIC_REQUEST_HEADER } from '@shared/session.views';
import { endSession } from './session';
import { markActivity, requestStepUp } from './session-guard';
import { ApiError, cookie } from './api-error';

// The public site's forms import these from api-error.ts alone, without the back office's session handling.
export { ApiError, failureMessage } from './api-error';

const SESSION_EXEMPT = ['/admin/login', '/admin/logout'];

/** Whether a call failed because the session ended (the login page is already on its way: say nothing more). */
export function sessionEnded(failure: unknown): boolean {
  return failure instanceof ApiError && failure.status === 401;
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

/**
 * Whether a failure asks for a 2FA confirmation (a sensitive action, issue "Session security") and the person
 * gave one in the layout's dialog: the caller then sends the same call again.
 */
export async function confirmedAfter(failure: ApiError): Promise<boolean> {
  if (failure.status !== 403 || failure.code !== 'STEP_UP_REQUIRED') return false;
  const action = failure.body?.acao;
  return requestStepUp(typeof action === 'string' ? action : undefined);
}

/**
 * Calls the JSON API under /api with the session cookie and apiHeaders(); rejects with apiFailure(). A call
 * without AUTOMATIC in `extraHeaders` is the person's activity; a sensitive action answered STEP_UP_REQUIRED is
 * sent again once the person confirms with a 2FA code. Its path, body and answer are the OpenAPI document's
 * (api-contract.ts): a call that no longer matches the API fails the type check.
 */
export function api<M extends HttpMethod, P extends ApiPath<M>>(
  method: M,
  path: P,
  body?: BodyOf<P, M>,
  extraHeaders: Record<string, string> = {},
): Promise<ResponseOf<P, M>> {
  return call(method, path, body, extraHeaders) as Promise<ResponseOf<P, M>>;
}

async function call(method: string, path: string, body: unknown, extraHeaders: Record<string, string>): Promise<unknown> {
  if (extraHeaders[AUTOMATIC_REQUEST_HEADER] !== '1') markActivity();
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
  const data = (await response.json().catch(() => null)) as FailureBody | null;
  if (!response.ok) {
    const failure = apiFailure(response.status, path, data);
    if (await confirmedAfter(failure)) return call(method, path, body, extraHeaders);
    throw failure;
  }
  return data;
}

/**
 * Downloads a file the API answers at `path` (GET, with the session's headers) under the name its
 * Content-Disposition gives; rejects like api() when the call fails. For files that fit in memory.
 */
export async function downloadFile(path: ApiPath<'GET'>, fallbackName: string): Promise<void> {
  markActivity();
  let response: Response;
  try {
    response = await fetch(`/api${path}`, { headers: apiHeaders(), credentials: 'include' });
  } catch {
    throw new ApiError(0, '');
  }
  if (!response.ok) {
    const failure = apiFailure(response.status, path, (await response.json().catch(() => null)) as FailureBody | null);
    if (await confirmedAfter(failure)) return downloadFile(path, fallbackName);
    throw failure;
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
