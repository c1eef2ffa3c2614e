import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import multer from 'multer';
import { from, switchMap, type Observable } from 'rxjs';
import { AppException } from '../common/http/app.exception.js';
import { LOGO_MAX_BYTES } from './logo-file.js';
import { logosError } from './logos.errors.js';

/**
 * Reads the multipart field `file` into memory, at most 3 MB (one byte more is refused while it streams,
 * with the spec's message), and no other file or large field.
 */
const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
}).single('file');

@Injectable()
export class LogoUploadInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    const parsed = new Promise<void>((resolve, reject) => {
      if (!req.is('multipart/form-data')) {
        reject(logosError('FILE_REQUIRED', { message: 'Envie o arquivo como multipart/form-data no campo file.' }));
        return;
      }
      upload(req, res, (error: unknown) => (error ? reject(uploadError(error)) : resolve()));
    });
    return from(parsed).pipe(switchMap(() => next.handle()));
  }
}

function uploadError(error: unknown): AppException {
  if (error instanceof multer.MulterError) {
    if (error.code === 'LIMIT_FILE_SIZE') return logosError('FILE_TOO_LARGE');
    if (error.code === 'LIMIT_UNEXPECTED_FILE' || error.code === 'LIMIT_FILE_COUNT') {
      return logosError('FILE_REQUIRED', { message: 'Envie um único arquivo, no campo file.' });
    }
  }
  return logosError('INVALID_UPLOAD');
}
