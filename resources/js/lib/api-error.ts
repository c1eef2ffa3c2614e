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

export function cookie(name: string): string | null {
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

/** The server's Portuguese message for a failed call, or the screen's own `fallback` when it gave none. */
export function failureMessage(failure: unknown, fallback: string): string {
  return failure instanceof ApiError && failure.message ? failure.message : fallback;
}
