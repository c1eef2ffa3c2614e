import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { buffer } from 'node:stream/consumers';
import { from, switchMap, type Observable } from 'rxjs';
import { AppException } from '../common/http/app.exception.js';
import type { HttpRequest } from '../common/http/http.js';
import { MultipartError, multipartParts, type MultipartLimits } from '../common/http/multipart.js';
import { LOGO_MAX_BYTES } from './logo-file.js';
import { logosError } from './logos.errors.js';

/** An uploaded file read into memory. */
export interface UploadedLogo {
  originalname: string;
  buffer: Buffer;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The file of a logo upload, set by LogoUploadInterceptor. */
    logoFile?: UploadedLogo;
  }
}

/** At most 3 MB for the file (one byte more is refused while it streams), and no other file or large field. */
export const LOGO_UPLOAD_LIMITS: MultipartLimits = { fileSize: LOGO_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 };

/**
 * Reads the multipart field `file` into memory (`req.logoFile`) within LOGO_UPLOAD_LIMITS, with the spec's
 * messages for a body that is not multipart, a second file, a file under another name or one too large.
 */
@Injectable()
export class LogoUploadInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<HttpRequest>();
    return from(readLogo(req)).pipe(switchMap(() => next.handle()));
  }
}

async function readLogo(req: HttpRequest): Promise<void> {
  try {
    for await (const part of multipartParts(req, LOGO_UPLOAD_LIMITS)) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file' || req.logoFile) throw logosError('FILE_REQUIRED', { message: 'Envie um único arquivo, no campo file.' });
      req.logoFile = { originalname: part.filename, buffer: await buffer(part.file) };
    }
  } catch (error) {
    throw uploadError(error);
  }
}

function uploadError(error: unknown): AppException {
  if (error instanceof AppException) return error;
  const refusal = error instanceof MultipartError ? error.refusal : undefined;
  if (refusal === 'not-multipart') return logosError('FILE_REQUIRED', { message: 'Envie o arquivo como multipart/form-data no campo file.' });
  if (refusal === 'file-too-large') return logosError('FILE_TOO_LARGE');
  if (refusal === 'too-many-files') return logosError('FILE_REQUIRED', { message: 'Envie um único arquivo, no campo file.' });
  return logosError('INVALID_UPLOAD');
}
