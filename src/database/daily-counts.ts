/** Brasília time has had no daylight saving since 2019: days are counted at UTC-3 (DESIGN.md section 6). */
const SAO_PAULO_OFFSET_MS = -3 * 3600 * 1000;

export interface DayWindow {
  /** The days of the window in São Paulo, oldest first, as YYYY-MM-DD. */
  days: string[];
  /** The first instant of the first day, in UTC, as the database stores datetimes (YYYY-MM-DD HH:MM:SS). */
  startUtc: string;
}

/** The last `count` days in São Paulo, today included. */
export function lastDays(count: number, now = new Date()): DayWindow {
  const today = new Date(now.getTime() + SAO_PAULO_OFFSET_MS);
  today.setUTCHours(0, 0, 0, 0);
  const days = Array.from({ length: count }, (_, index) => new Date(today.getTime() - (count - 1 - index) * 86_400_000).toISOString().slice(0, 10));
  const start = new Date(today.getTime() - (count - 1) * 86_400_000 - SAO_PAULO_OFFSET_MS);
  return { days, startUtc: start.toISOString().slice(0, 19).replace('T', ' ') };
}

/** A count for every day of the window, 0 where nothing happened. */
export function fillDays(window: DayWindow, counts: Map<string, number>): { date: string; total: number }[] {
  return window.days.map((date) => ({ date, total: counts.get(date) ?? 0 }));
}
