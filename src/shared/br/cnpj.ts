import { isValidCnpj as checkCnpj } from '@brazilian-utils/brazilian-utils/is-valid-cnpj';

export const CNPJ_LENGTH = 14;

/**
 * The CNPJ as stored: its 14 characters without punctuation, letters in upper case. Since July 2026 the
 * Receita Federal also issues alphanumeric CNPJs (12 letters or digits, then 2 check digits), so letters
 * are kept; anything else is dropped.
 */
export function normalizeCnpj(value: string | null | undefined): string {
  return (value ?? '')
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '')
    .slice(0, CNPJ_LENGTH);
}

/**
 * 14 characters, not all the same, with both check digits right, in the numeric form
 * or the alphanumeric one. Only the usual punctuation (`.`, `/`, `-`, spaces) may surround the characters.
 */
export function isValidCnpj(value: string): boolean {
  const compact = value
    .trim()
    .toUpperCase()
    .replace(/[./\-\s]/g, '');
  if (!/^[0-9A-Z]{12}\d{2}$/.test(compact) || /^(.)\1+$/.test(compact)) return false;
  return checkCnpj(compact, { version: 2 });
}

/**
 * 00.000.000/0000-00, applied as the user types. Letters are kept for the alphanumeric CNPJ (only in the
 * first 12 positions: the check digits are always digits).
 */
export function formatCnpj(value: string): string {
  // normalizeCnpj leaves ASCII only, so splitting by code unit is exact.
  const chars = normalizeCnpj(value)
    .split('')
    .filter((char, index) => index < 12 || /\d/.test(char))
    .join('');
  let result = '';
  for (const [index, char] of chars.split('').entries()) {
    if (index === 2 || index === 5) result += '.';
    else if (index === 8) result += '/';
    else if (index === 12) result += '-';
    result += char;
  }
  return result;
}
