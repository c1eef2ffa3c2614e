import { ParseIntPipe } from '@nestjs/common';
import { AppException } from './app.exception.js';

/** A positive whole-number id from the path; anything else is a 400 in Portuguese. */
export const IdPipe = new ParseIntPipe({
  exceptionFactory: () => new AppException(400, 'INVALID_ID', 'Identificador inválido.'),
});
