import { isValidCnpj as checkCnpj } from '@brazilian-utils/brazilian-utils/is-valid-cnpj';
import { applyMask, onlyDigits } from './digits.js';

export const CNPJ_LENGTH = 14;

/** 14 digits, not all the same, with both check digits right (SPEC.md section 5). */
export function isValidCnpj(value: string): boolean {
  const digits = onlyDigits(value);
  return digits.length === CNPJ_LENGTH && /^\d+$/.test(value.replace(/[./\-\s]/g, '')) && checkCnpj(digits);
}

/** 00.000.000/0000-00, applied as the user types. */
export function formatCnpj(value: string): string {
  return applyMask(onlyDigits(value, CNPJ_LENGTH), '00.000.000/0000-00');
}
