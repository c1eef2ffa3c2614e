const two = (value: number): string => (value < 10 ? `0${value}` : String(value));
const three = (value: number): string => (value < 10 ? `00${value}` : value < 100 ? `0${value}` : String(value));

/**
 * A stored moment as the API writes it, `2026-11-26T13:05:00.000Z`: what Date's toISOString gives, written
 * here because Node.js's own takes about three times as long, and a list page writes two per row. A year
 * outside 1000–9999 (or an invalid date) is left to toISOString (six-digit years; a RangeError).
 */
export function isoTime(value: Date | string | number): string {
  const date = value instanceof Date ? value : new Date(value);
  const year = date.getUTCFullYear();
  if (!(year >= 1000 && year <= 9999)) return date.toISOString();
  return `${year}-${two(date.getUTCMonth() + 1)}-${two(date.getUTCDate())}T${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(
    date.getUTCSeconds(),
  )}.${three(date.getUTCMilliseconds())}Z`;
}
