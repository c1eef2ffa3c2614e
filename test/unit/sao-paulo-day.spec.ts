import { describe, expect, it } from 'vitest';
import { dayStartUtc, fillDays, lastDays, nextDayStartUtc, utcDatetimeText } from '../../src/common/sao-paulo-day.js';

describe('the São Paulo day', () => {
  it('starts at 03:00 UTC, and only real dates have one', () => {
    expect(dayStartUtc('2026-05-20')?.toISOString()).toBe('2026-05-20T03:00:00.000Z');
    expect(nextDayStartUtc(dayStartUtc('2026-12-31')!).toISOString()).toBe('2027-01-01T03:00:00.000Z');
    for (const text of ['2026-02-30', '2026-13-01', '20-05-2026', '2026-5-20', '', 'x'.repeat(100)]) expect(dayStartUtc(text), text).toBeNull();
  });

  it('the last days are counted in São Paulo: 02:00 UTC is still the evening before there', () => {
    const window = lastDays(3, new Date('2026-11-23T02:00:00Z'));
    expect(window).toEqual({ days: ['2026-11-20', '2026-11-21', '2026-11-22'], startUtc: '2026-11-20 03:00:00' });
    expect(lastDays(1, new Date('2026-11-23T03:00:00Z')).days).toEqual(['2026-11-23']);
    expect(fillDays(window, new Map([['2026-11-21', 4]]))).toEqual([
      { date: '2026-11-20', total: 0 },
      { date: '2026-11-21', total: 4 },
      { date: '2026-11-22', total: 0 },
    ]);
    expect(utcDatetimeText(new Date('2026-01-02T03:04:05.678Z'))).toBe('2026-01-02 03:04:05');
  });
});
