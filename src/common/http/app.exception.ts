import { HttpException } from '@nestjs/common';

/** The JSON shape of every API error. */
export interface ErrorBody {
  statusCode: number;
  message: string;
  code?: string;
  errors?: Record<string, string>;
  requestId?: string;
  /** What else a client needs to act on the error (an edit conflict's current record, for instance). */
  [detail: string]: unknown;
}

/**
 * An error the app raises on purpose: an HTTP status, a stable `code` clients can branch on, and a
 * Portuguese message fit to show the user. Domains throw this (or a subclass), never a bare Error.
 */
export class AppException extends HttpException {
  constructor(
    status: number,
    readonly code: string,
    message: string,
    readonly errors?: Record<string, string>,
    readonly details?: Record<string, unknown>,
  ) {
    super({ statusCode: status, code, message, ...(errors ? { errors } : {}), ...details }, status);
  }
}

/** One error of a module: its HTTP status, its Portuguese message and, for an error about a field, the field. */
export interface ErrorSpec {
  status: number;
  message: string;
  field?: string;
}

/**
 * A module's errors, enumerated once (code → status, message, field): `raise('USER_NOT_FOUND')` builds the
 * exception, so a code is never a free string at a call site and its message never drifts between them.
 * `message` and `status` may be given where they depend on the case (a link's purpose, a file's format).
 */
export function errorCatalog<const C extends Record<string, ErrorSpec>>(catalog: C) {
  return (code: keyof C & string, override: { message?: string; status?: number } = {}): AppException => {
    const spec = catalog[code];
    const message = override.message ?? spec.message;
    return new AppException(override.status ?? spec.status, code, message, spec.field ? { [spec.field]: message } : undefined);
  };
}

/** Input that failed validation: one message per field. */
export class ValidationFailedException extends AppException {
  constructor(errors: Record<string, string>) {
    super(400, 'VALIDATION_FAILED', Object.values(errors)[0] ?? 'Dados inválidos.', errors);
  }
}
