import { isValidCpf as checkCpf } from '@brazilian-utils/brazilian-utils/is-valid-cpf';
import { applyMask, onlyDigits } from './digits.js';

export const CPF_LENGTH = 11;

/** 11 digits, not all the same, with both check digits right. */
export function isValidCpf(value: string): boolean {
  const digits = onlyDigits(value);
  return digits.length === CPF_LENGTH && /^\d+$/.test(value.replace(/[.\-\s]/g, '')) && checkCpf(digits);
}

/** 000.000.000-00, applied as the user types. */
export function formatCpf(value: string): string {
  return applyMask(onlyDigits(value, CPF_LENGTH), '000.000.000-00');
}
