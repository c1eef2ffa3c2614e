import { FORM_ORIGIN_HEADER } from '@shared/history.views';
import { useState } from 'react';
import { ApiError, cookie } from '../lib/api-error';
import type { ApiPath, BodyOf, ResponseOf } from '../lib/api-contract';

/**
 * Sends a public form to the JSON API under /api, with the XSRF header; rejects with ApiError (the server's
 * Portuguese message and field errors, or status 0 when no answer came). The back office's session handling
 * (tokens, 2FA confirmation) has no place on the public site and stays out of its bundle.
 */
export function publicApi<P extends ApiPath<'POST'>>(path: P, body: BodyOf<P, 'POST'>): Promise<ResponseOf<P, 'POST'>> {
  return post(path, body) as Promise<ResponseOf<P, 'POST'>>;
}

async function post(path: string, body: unknown): Promise<unknown> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Content-Type': 'application/json', [FORM_ORIGIN_HEADER]: 'formulario' };
  const xsrf = cookie('XSRF-TOKEN');
  if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
  let response: Response;
  try {
    response = await fetch(`/api${path}`, { method: 'POST', headers, credentials: 'include', body: JSON.stringify(body) });
  } catch {
    throw new ApiError(0, '');
  }
  const data = (await response.json().catch(() => null)) as { message?: string; code?: string; errors?: Record<string, string> } | null;
  if (!response.ok) throw new ApiError(response.status, data?.message ?? '', data?.code, data?.errors, data);
  return data;
}

type Errors<T> = Partial<Record<keyof T, string>>;

/**
 * The state of a public form: its data, its field errors and whether it is being sent. A refusal with field
 * errors (by the form's own checks or by the server) fills `errors` and moves the focus to the first field at
 * fault, whose error is tied to it by aria-describedby.
 */
export function usePublicForm<T extends { [K in keyof T]: string }>(initial: T) {
  const [data, setAll] = useState<T>(initial);
  const [errors, setErrors] = useState<Errors<T>>({});
  const [processing, setProcessing] = useState(false);

  function setData(next: T): void;
  function setData<K extends keyof T>(name: K, value: T[K]): void;
  function setData<K extends keyof T>(nameOrData: K | T, value?: T[K]): void {
    if (typeof nameOrData === 'object') setAll(nameOrData);
    else setAll((current) => ({ ...current, [nameOrData]: value }));
  }

  function setError(found: Errors<T>): void {
    setErrors(found);
    focusFirstInvalid(typeof document === 'undefined' ? null : document.activeElement);
  }

  function clearErrors(name?: keyof T): void {
    setErrors((current) => {
      if (name === undefined) return {};
      const rest = { ...current };
      delete rest[name];
      return rest;
    });
  }

  /** Sends `body` (the document's request body for `path`; a honeypot field may ride along) to `path`. */
  async function send<P extends ApiPath<'POST'>>(path: P, body: BodyOf<P, 'POST'> & Record<string, unknown>): Promise<ResponseOf<P, 'POST'>> {
    const sender = typeof document === 'undefined' ? null : document.activeElement;
    setProcessing(true);
    try {
      return (await post(path, body)) as ResponseOf<P, 'POST'>;
    } catch (failure) {
      if (failure instanceof ApiError && failure.errors) {
        setErrors(failure.errors as Errors<T>);
        focusFirstInvalid(sender);
      }
      throw failure;
    } finally {
      setProcessing(false);
    }
  }

  return { data, setData, errors, setError, clearErrors, processing, send };
}

/** After a refusal, the focus goes to the first field marked invalid in the form that was sent, once drawn. */
function focusFirstInvalid(sender: Element | null): void {
  if (typeof window === 'undefined') return;
  window.requestAnimationFrame(() =>
    window.requestAnimationFrame(() => {
      const scope = sender?.closest('form') ?? document;
      const invalid = scope.querySelector<HTMLElement>('[aria-invalid="true"]');
      if (invalid && !invalid.contains(document.activeElement)) invalid.focus();
    }),
  );
}
