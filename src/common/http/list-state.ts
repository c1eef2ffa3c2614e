import { plainToInstance, type ClassConstructor } from 'class-transformer';
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
