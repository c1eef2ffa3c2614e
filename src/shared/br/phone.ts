import { applyMask, onlyDigits } from './digits.js';

export const PHONE_MAX_DIGITS = 11;
export const PHONE_MIN_DIGITS = 10;

/** (00) 0000-0000 up to 10 digits, (00) 00000-0000 with 11, applied as the user types. */
export function formatPhone(value: string): string {
  const digits = onlyDigits(value, PHONE_MAX_DIGITS);
  return applyMask(digits, digits.length === PHONE_MAX_DIGITS ? '(00) 00000-0000' : '(00) 0000-0000');
}

/** Area code plus number: 10 or 11 digits. */
export function isValidPhone(value: string): boolean {
  const digits = onlyDigits(value);
  return digits.length >= PHONE_MIN_DIGITS && digits.length <= PHONE_MAX_DIGITS;
}
