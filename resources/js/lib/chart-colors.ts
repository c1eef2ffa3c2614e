/**
 * The donut's ten blues, darkest first: evenly spaced in perceived lightness (OKLab L from
 * 0.27 to 0.93, about 0.07 apart), so every two slices can be told apart, neighbours included.
 */
export const BLUES = ['#001d64', '#093577', '#1e4b89', '#32629b', '#4878ae', '#5f8fc0', '#77a7d3', '#90bee6', '#aad6f9', '#cbedff'] as const;

/** The share of a slice in the whole, as staff read it: '12%' or, under one percent, '<1%'. */
export function formatShare(part: number, whole: number): string {
  if (whole <= 0) return '0%';
  const share = (part / whole) * 100;
  if (share > 0 && share < 1) return '<1%';
  return `${Math.round(share)}%`;
}
