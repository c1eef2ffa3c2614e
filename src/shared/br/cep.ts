import { applyMask, onlyDigits } from './digits.js';

export const CEP_LENGTH = 8;

/** 00000-000, applied as the user types. */
export function formatCep(value: string): string {
  return applyMask(onlyDigits(value, CEP_LENGTH), '00000-000');
}

export function isValidCep(value: string): boolean {
  return onlyDigits(value).length === CEP_LENGTH && /^\d{5}-?\d{3}$/.test(value.trim());
}

/** The 8 digits of a CEP, as stored. */
export function normalizeCep(value: string): string {
  return onlyDigits(value, CEP_LENGTH);
}
