import { useHttp } from '@inertiajs/react';
import type { FormDataType } from '@inertiajs/core';
import { apiFailure, ApiError, apiHeaders } from './api';

type Method = 'post' | 'put' | 'patch' | 'delete';

/**
 * The state and submission of every form and modal: Inertia's useHttp (data, setData, errors, setError,
 * processing, isDirty, reset, transform) sending to the JSON API under /api with the headers and session
 * handling of api(). `send` resolves with the response; a refusal with field errors fills `errors`, and
 * every failure rejects with ApiError (its Portuguese message, or none for the screen's fallback). With `ifMatch`,
 * the record's version read goes as If-Match: a colleague's save in between is refused with 412 (useEditConflict).
 */
export function useApiForm<T extends FormDataType<T>>(initial: T) {
  const form = useHttp<T>(initial);
  async function send<R>(method: Method, path: string, options: { ifMatch?: number } = {}): Promise<R> {
    let failure: ApiError | null = null;
    try {
      return (await form.submit(method, `/api${path}`, {
        headers: options.ifMatch === undefined ? apiHeaders() : { ...apiHeaders(), 'If-Match': `"${options.ifMatch}"` },
        onHttpException: (response: { status: number; data: string }) => {
          failure = apiFailure(response.status, path, parseBody(response.data));
          if (failure.errors && failure.status !== 412) form.setError(failure.errors as Parameters<typeof form.setError>[0]);
        },
      })) as R;
    } catch {
      throw failure ?? new ApiError(0, '');
    }
  }
  return Object.assign(form, { send });
}

function parseBody(text: string): { message?: string; code?: string; errors?: Record<string, string> } | null {
  try {
    return JSON.parse(text) as { message?: string; code?: string; errors?: Record<string, string> };
  } catch {
    return null;
  }
}
