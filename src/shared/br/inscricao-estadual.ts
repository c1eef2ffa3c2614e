import { onlyDigits } from './digits.js';

export const IE_MAX_LENGTH = 45;
export const IE_MAX_DIGITS = 14;
export const IE_EXEMPT = 'ISENTO';

/** The word ISENTO in any case becomes ISENTO; anything else keeps its digits, at most 14. */
export function normalizeInscricaoEstadual(value: string): string {
  const trimmed = value.trim();
  if (trimmed.toUpperCase() === IE_EXEMPT) return IE_EXEMPT;
  return onlyDigits(trimmed, IE_MAX_DIGITS);
}

/** Empty, ISENTO, or 1 to 14 digits. */
export function isValidInscricaoEstadual(value: string): boolean {
  if (value.length > IE_MAX_LENGTH) return false;
  const trimmed = value.trim();
  return trimmed === '' || trimmed.toUpperCase() === IE_EXEMPT || /^\d{1,14}$/.test(trimmed);
}
