/**
 * The form text is compared in when searching: lower case, no accents, single spaces; the form the database
 * keeps its search columns in (migration SearchOwnedByDatabase), so that SQLite (which has no accent-insensitive
 * collation) and MySQL match the same way.
 */
export function toSearchText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Text as the database's accent- and case-insensitive collation (utf8mb4_unicode_ci) compares it, near enough
 * to key a limit on: compatibility forms unified (full-width letters, ligatures), marks dropped, lower case. So
 * 'ÁDMIN', 'ａｄｍｉｎ' and 'admin' share one key, as they share one row. Capped at 320 characters.
 */
export function collationKey(value: string): string {
  return value.slice(0, 320).normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

/**
 * Escapes LIKE wildcards so user input matches literally, with `ESCAPE '!'` in the query (a character that
 * means the same in MySQL and SQLite string literals, unlike the backslash).
 */
export const LIKE_ESCAPE = "ESCAPE '!'";

export function escapeLike(value: string): string {
  return value.replace(/[!%_]/g, (char) => `!${char}`);
}

/** The words of a text as search sees them: lower case, no accents, runs of letters and digits. */
export function searchWords(value: string): string[] {
  return toSearchText(value)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** A search is matched word by word; more words than this add nothing but work. */
export const MAX_SEARCH_TERMS = 8;

/**
 * The terms of a search box, each to be found at the start of a word of the row. A document number typed
 * with its punctuation (CNPJ 12.345.678/0001-95, CPF 123.456.789-09) is one term, its digits and letters;
 * anything else is split into words.
 */
export function searchTerms(busca: string): string[] {
  const terms = toSearchText(busca)
    .split(' ')
    .flatMap((word) => (/^[a-z0-9.\-/]+$/.test(word) && /\d/.test(word) ? [word.replace(/[.\-/]/g, '')] : searchWords(word)))
    .filter(Boolean);
  return [...new Set(terms)].slice(0, MAX_SEARCH_TERMS);
}
