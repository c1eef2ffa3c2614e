import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoTime } from '../../src/common/iso-time.js';

describe('isoTime', () => {
  it('writes every moment of years 1000 to 9999 as toISOString does', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1000-01-01T00:00:00.000Z'), max: new Date('9999-12-31T23:59:59.999Z'), noInvalidDate: true }), (date) => {
        expect(isoTime(date)).toBe(date.toISOString());
        expect(isoTime(date.getTime())).toBe(date.toISOString());
      }),
      { numRuns: 2000 },
    );
    expect(isoTime('2026-01-02 03:04:05')).toBe(new Date('2026-01-02 03:04:05').toISOString());
  });

  it('leaves other years to toISOString, and refuses an invalid date as it does', () => {
    const far = new Date('+012026-01-01T00:00:00.000Z');
    expect(isoTime(far)).toBe(far.toISOString());
    expect(isoTime(new Date('0999-12-31T23:59:59.999Z'))).toBe('0999-12-31T23:59:59.999Z');
    expect(() => isoTime(new Date('not a date'))).toThrow(RangeError);
  });
});
