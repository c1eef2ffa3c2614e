import type { PipeTransform } from '@nestjs/common';
import { AppException } from './app.exception.js';

/** Plain decimal digits, no sign, no leading zero, no exponent or hex: `1e1` and `0x10` are not ids. */
const DIGITS = /^[1-9]\d{0,15}$/;

/** A positive whole-number id from the path, written in plain decimal digits; anything else is a 400 in Portuguese. */
export const IdPipe: PipeTransform<string, number> = {
  transform(value: string): number {
    const text = String(value);
    const id = text.length <= 16 && DIGITS.test(text) ? Number(text) : Number.NaN;
    if (!Number.isSafeInteger(id)) throw new AppException(400, 'INVALID_ID', 'Identificador inválido.');
    return id;
  },
};
