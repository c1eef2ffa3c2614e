/**
 * The São Paulo day, owned here: dates are stored in UTC and days are counted in São Paulo.
 * Brasília time has had no daylight saving since 2019, so a São Paulo day is the UTC day shifted by 3 hours.
 */
export const SAO_PAULO_UTC_OFFSET_HOURS = 3;
const OFFSET_MS = SAO_PAULO_UTC_OFFSET_HOURS * 3_600_000;
const DAY_MS = 86_400_000;

/** A datetime as the database stores it in UTC: YYYY-MM-DD HH:MM:SS. */
export function utcDatetimeText(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

/** The UTC instant a São Paulo day (YYYY-MM-DD) starts, or null when the text is not a real date. */
export function dayStartUtc(day: string): Date | null {
  if (day.length !== 10) return null;
  const date = new Date(`${day}T00:00:00.000Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day) return null;
  return new Date(date.getTime() + OFFSET_MS);
}

/** The UTC instant the São Paulo day after `day` starts: the end (exclusive) of a range that includes `day`. */
export function nextDayStartUtc(dayStart: Date): Date {
  return new Date(dayStart.getTime() + DAY_MS);
}

export interface DayWindow {
  /** The days of the window in São Paulo, oldest first, as YYYY-MM-DD. */
  days: string[];
  /** The first instant of the first day, in UTC, as the database stores datetimes. */
  startUtc: string;
}

/** The last `count` days in São Paulo, today included. */
export function lastDays(count: number, now = new Date()): DayWindow {
  const today = new Date(now.getTime() - OFFSET_MS);
  today.setUTCHours(0, 0, 0, 0);
  const days = Array.from({ length: count }, (_, index) => new Date(today.getTime() - (count - 1 - index) * DAY_MS).toISOString().slice(0, 10));
  const start = new Date(today.getTime() - (count - 1) * DAY_MS + OFFSET_MS);
  return { days, startUtc: utcDatetimeText(start) };
}

/** A count for every day of the window, 0 where nothing happened. */
export function fillDays(window: DayWindow, counts: Map<string, number>): { date: string; total: number }[] {
  return window.days.map((date) => ({ date, total: counts.get(date) ?? 0 }));
}

/** The São Paulo day of an instant, as YYYY-MM-DD (e.g. the date in a downloaded file's name). */
export function saoPauloDay(instant = new Date()): string {
  return new Date(instant.getTime() - OFFSET_MS).toISOString().slice(0, 10);
}
