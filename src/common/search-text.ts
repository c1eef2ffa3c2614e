/**
 * The form text is compared in when searching: lower case, no accents, single spaces. Stored beside the
 * original in `*_search` columns so that SQLite (which has no accent-insensitive collation) and MySQL match
 * the same way and an index can serve prefix searches.
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
 * Escapes LIKE wildcards so user input matches literally, with `ESCAPE '!'` in the query (a character that
 * means the same in MySQL and SQLite string literals, unlike the backslash).
 */
export const LIKE_ESCAPE = "ESCAPE '!'";

export function escapeLike(value: string): string {
  return value.replace(/[!%_]/g, (char) => `!${char}`);
}
