import { useHttp } from '@inertiajs/react';
import type { FormDataType } from '@inertiajs/core';
import { useEffect, useRef, useState } from 'react';
import { apiFailure, ApiError, apiHeaders, confirmedAfter } from './api';
import type { ApiPath, BodyOf, ResponseOf } from './api-contract';
import { markActivity, registerDraft, takeDraft } from './session-guard';

type Method = 'post' | 'put' | 'patch' | 'delete';

/** The fields whose values differ from the form's starting ones: what the person typed. */
function changedFields<T extends object>(start: T, now: T): Partial<T> | undefined {
  const changed = Object.fromEntries(
    Object.entries(now).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify((start as Record<string, unknown>)[key])),
  ) as Partial<T>;
  return Object.keys(changed).length > 0 ? changed : undefined;
}

/**
 * The state and submission of every form and modal: Inertia's useHttp (data, setData, errors, setError,
 * processing, isDirty, reset, transform) sending to the JSON API under /api with the headers and session
 * handling of api(). `send` resolves with the response; a refusal with field errors fills `errors` (and, like
 * every `setError`, moves the focus to the first field at fault), and
 * every failure rejects with ApiError (its Portuguese message, or none for the screen's fallback). With `ifMatch`,
 * the record's version read goes as If-Match: a colleague's save in between is refused with 412 (useEditConflict).
 * A sensitive action answered STEP_UP_REQUIRED is sent again once the person confirms with a 2FA code.
 *
 * With `draft` (a key naming the form and its record, e.g. `empresa:12`), what the person typed is kept in this
 * tab when the session ends for inactivity, and given back here once: only the fields they changed, laid over
 * the values the form starts with now, so a colleague's change to the other fields meanwhile is not undone.
 */
export function useApiForm<T extends FormDataType<T>>(initial: T, options: { draft?: string } = {}) {
  const [start] = useState(() => {
    const kept = options.draft ? (takeDraft(options.draft) as Partial<T> | undefined) : undefined;
    return { values: initial, restored: kept ? ({ ...initial, ...kept } as T) : null };
  });
  const form = useHttp<T>(start.restored ?? initial);
  const latest = useRef(form.data);
  latest.current = form.data;
  useEffect(() => {
    if (!options.draft) return;
    return registerDraft(options.draft, () => changedFields(start.values, latest.current));
  }, [options.draft]);

  // Every refusal of a submission, by the form's own checks before sending or by the server's answer, puts the
  // focus on the first field at fault. (useHttp builds its form object anew at each render; its setError is stable.)
  const markErrors = form.setError;
  const setError = ((...args: Parameters<typeof markErrors>) => {
    markErrors(...args);
    focusFirstInvalid(typeof document === 'undefined' ? null : document.activeElement);
  }) as typeof markErrors;

  /**
   * Sends the form to `path`: `body` makes what goes (the document's request body for that call, type-checked)
   * from the form's data; without it, the data go as they are. Resolves with the document's answer.
   */
  async function send<M extends Method, P extends ApiPath<Uppercase<M>>>(
    method: M,
    path: P,
    options: { ifMatch?: number; body?: (data: T) => BodyOf<P, Uppercase<M>> } = {},
  ): Promise<ResponseOf<P, Uppercase<M>>> {
    // useHttp's transform is typed as giving back the form's own shape; what it gives is what is sent.
    if (options.body) form.transform(options.body as unknown as (data: T) => T);
    return (await submit(method, path, options.ifMatch)) as ResponseOf<P, Uppercase<M>>;
  }

  async function submit(method: Method, path: string, ifMatch: number | undefined): Promise<unknown> {
    markActivity();
    // The form being sent: the one holding the control that sent it (its submit button, or a field on Enter).
    const sender = typeof document === 'undefined' ? null : document.activeElement;
    let failure: ApiError | null = null;
    try {
      return (await form.submit(method, `/api${path}`, {
        headers: ifMatch === undefined ? apiHeaders() : { ...apiHeaders(), 'If-Match': `"${ifMatch}"` },
        onHttpException: (response: { status: number; data: string }) => {
          failure = apiFailure(response.status, path, parseBody(response.data));
          if (failure.errors && failure.status !== 412) {
            markErrors(failure.errors as Parameters<typeof markErrors>[0]);
            focusFirstInvalid(sender);
          }
        },
      })) as unknown;
    } catch {
      const refused = (failure as ApiError | null) ?? new ApiError(0, '');
      if (await confirmedAfter(refused)) return submit(method, path, ifMatch);
      throw refused;
    }
  }
  return Object.assign(form, { send, setError });
}

/**
 * After a refused save, the focus goes to the first field marked invalid (aria-invalid, its error tied by
 * aria-describedby, so a screen reader reads the field and its error at once): in the form that was sent, else
 * in the dialog on top, else in the page. Waits for the errors to be drawn.
 */
function focusFirstInvalid(sender: Element | null): void {
  if (typeof window === 'undefined') return;
  window.requestAnimationFrame(() =>
    window.requestAnimationFrame(() => {
      const dialogs = document.querySelectorAll('[role="dialog"]');
      const scope = sender?.closest('form') ?? (dialogs.length > 0 ? dialogs[dialogs.length - 1] : document);
      const invalid = scope.querySelector<HTMLElement>('[aria-invalid="true"]');
      if (invalid && !invalid.contains(document.activeElement)) invalid.focus();
    }),
  );
}

function parseBody(text: string): { message?: string; code?: string; errors?: Record<string, string> } | null {
  try {
    return JSON.parse(text) as { message?: string; code?: string; errors?: Record<string, string> };
  } catch {
    return null;
  }
}
