import { HttpException } from '@nestjs/common';

/** The JSON shape of every API error (DESIGN.md section 6). */
export interface ErrorBody {
  statusCode: number;
  message: string;
  code?: string;
  errors?: Record<string, string>;
  requestId?: string;
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
  ) {
    super({ statusCode: status, code, message, ...(errors ? { errors } : {}) }, status);
  }
}

/** Input that failed validation: one message per field. */
export class ValidationFailedException extends AppException {
  constructor(errors: Record<string, string>) {
    super(400, 'VALIDATION_FAILED', Object.values(errors)[0] ?? 'Dados inválidos.', errors);
  }
}
