import type { Dialect } from './declaration.js';

/*
 * The SQL expressions the list schema is made of, as version 1 writes them (the rules of SearchOwnedByDatabase
 * and KeptCounts, copied, not imported: a shipped migration's helpers are history, these are a builder's).
 */

/** Letters folded to their base letter; upper case too, since SQLite's LOWER() folds ASCII letters only. */
const ACCENTS: Record<string, string> = {
  a: 'àáâãäåÀÁÂÃÄÅ',
  e: 'èéêëÈÉÊË',
  i: 'ìíîïÌÍÎÏ',
  o: 'òóôõöÒÓÔÕÖ',
  u: 'ùúûüÙÚÛÜ',
  c: 'çÇ',
  n: 'ñÑ',
  y: 'ýÿÝ',
};

/** What separates words: every ASCII character that is not a letter, a digit or a space. */
const PUNCTUATION = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';

const literal = (text: string, dialect: Dialect) => `'${text.replace(/'/g, "''").replace(/\\/g, dialect === 'mysql' ? '\\\\' : '\\')}'`;

/** Lower case, accents folded. */
export function folded(expression: string): string {
  let sql = `LOWER(${expression})`;
  for (const [base, letters] of Object.entries(ACCENTS)) for (const letter of letters) sql = `REPLACE(${sql}, '${letter}', '${base}')`;
  return sql;
}

/** Folded, with every separator made a space: words a space apart. */
export function words(expression: string, dialect: Dialect): string {
  let sql = folded(expression);
  for (const character of PUNCTUATION) sql = `REPLACE(${sql}, ${literal(character, dialect)}, ' ')`;
  return sql;
}

/** Text parts joined with spaces, a missing part counting as empty. */
export function joined(parts: string[], dialect: Dialect): string {
  const present = parts.map((part) => `COALESCE(${part}, '')`);
  return dialect === 'mysql' ? `CONCAT(${present.join(", ' ', ")})` : present.join(" || ' ' || ");
}

/** A document number's letters and digits, and each of its endings of 4 or more, a space apart. */
export function documentEndings(expression: string, starts: number, dialect: Dialect): string {
  let compact = `LOWER(COALESCE(${expression}, ''))`;
  for (const character of '.-/ ') compact = `REPLACE(${compact}, '${character}', '')`;
  const length = dialect === 'mysql' ? `CHAR_LENGTH(${compact})` : `LENGTH(${compact})`;
  const endings = Array.from({ length: starts }, (_, index) => `CASE WHEN ${length} - ${index} >= 4 THEN SUBSTR(${compact}, ${index + 1}) ELSE '' END`);
  return joined(endings, dialect);
}

/** The São Paulo day (UTC−3, no daylight saving since 2019) of a UTC datetime, as YYYY-MM-DD. */
export function saoPauloDay(expression: string, dialect: Dialect): string {
  return dialect === 'mysql'
    ? `DATE_FORMAT(DATE_SUB(${expression}, INTERVAL 3 HOUR), '%Y-%m-%d')`
    : `strftime('%Y-%m-%d', datetime(${expression}, '-3 hours'))`;
}

/** "These two values differ", NULL counting as a value. */
export function differs(a: string, b: string, dialect: Dialect): string {
  return dialect === 'mysql' ? `NOT (${a} <=> ${b})` : `${a} IS NOT ${b}`;
}

/** `ALTER TABLE ... ADD` of a column (SQLite says ADD COLUMN). */
export function addColumn(table: string, definition: string, dialect: Dialect): string {
  return `ALTER TABLE ${table} ${dialect === 'mysql' ? 'ADD' : 'ADD COLUMN'} ${definition}`;
}
