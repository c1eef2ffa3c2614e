import { plainToInstance, type ClassConstructor } from 'class-transformer';
import { AppException } from './app.exception.js';
import { validateSync } from 'class-validator';

/**
 * A list's query as a page URL carries it, read with the very DTO the list's API validates with: the same
 * rules, the same conversions. A field that breaks a rule is left out (the page's default applies), so a
 * bad link still opens, showing what the API would have answered without that field.
 */
export function listStateFromUrl<T extends object>(dto: ClassConstructor<T>, query: Record<string, unknown>): Partial<T> {
  const state = plainToInstance(dto, query);
  const failed = new Set(validateSync(state, { whitelist: true }).map((error) => error.property));
  return Object.fromEntries(Object.entries(state).filter(([field, value]) => !failed.has(field) && value !== undefined)) as Partial<T>;
}

/**
 * The record a link asks a list page to open (`?abrir=<id>`, e.g. from the command palette), read by `load`;
 * null when the id is malformed or no such record exists, so the page still opens.
 */
export async function openedRecord<T>(value: unknown, load: (id: number) => Promise<T>): Promise<T | null> {
  if (typeof value !== 'string' || !/^[1-9]\d{0,9}$/.test(value) || Number(value) > 2_147_483_647) return null;
  try {
    return await load(Number(value));
  } catch (error) {
    if (error instanceof AppException && error.getStatus() === 404) return null;
    throw error;
  }
}
