import { describe, expect, it } from 'vitest';
import { BLUES, formatShare } from '../../resources/js/lib/chart-colors.js';

/** sRGB hex to OKLab (Björn Ottosson's matrices): distances there follow what the eye tells apart. */
function oklab(hex: string): [number, number, number] {
  const channel = (index: number) => {
    const value = parseInt(hex.slice(1 + index * 2, 3 + index * 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const [r, g, b] = [channel(0), channel(1), channel(2)];
  const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
  const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
  const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
  return [
    0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s,
    1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s,
    0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s,
  ];
}

describe('the dashboard donut palette', () => {
  it('has ten blues, darkest first', () => {
    expect(BLUES).toHaveLength(10);
    for (const color of BLUES) {
      const [, a, b] = oklab(color);
      const hue = (Math.atan2(b, a) * 180) / Math.PI + (b < 0 ? 360 : 0);
      expect(hue, `${color} is a blue`).toBeGreaterThan(220);
      expect(hue, `${color} is a blue`).toBeLessThan(275);
    }
    const lightness = BLUES.map((color) => oklab(color)[0]);
    expect(lightness).toEqual([...lightness].sort((x, y) => x - y));
  });

  it('any two of its blues can be told apart (OKLab distance of at least 0.06, three times a just-noticeable difference)', () => {
    for (let i = 0; i < BLUES.length; i += 1) {
      for (let j = i + 1; j < BLUES.length; j += 1) {
        const [p, q] = [oklab(BLUES[i]), oklab(BLUES[j])];
        expect(Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]), `${BLUES[i]} and ${BLUES[j]}`).toBeGreaterThanOrEqual(0.06);
      }
    }
  });

  it('states a slice as its share of the whole, never a misleading 0%', () => {
    expect(formatShare(25, 100)).toBe('25%');
    expect(formatShare(1, 3)).toBe('33%');
    expect(formatShare(1, 500)).toBe('<1%');
    expect(formatShare(0, 500)).toBe('0%');
    expect(formatShare(0, 0)).toBe('0%');
  });
});
