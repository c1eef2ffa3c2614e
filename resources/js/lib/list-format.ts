/** Minutes a reset link lasts when the server does not say. */
export const DEFAULT_RESET_MINUTES = 30;

/** The reset link's lifetime: expires_in_minutes, else computed from expires_at, else 30 minutes. */
export function resetMinutes(result: { expires_in_minutes?: number; expires_at?: string }, now = Date.now()): number {
  if (typeof result.expires_in_minutes === 'number' && result.expires_in_minutes > 0) return result.expires_in_minutes;
  if (result.expires_at) {
    const minutes = Math.round((new Date(result.expires_at).getTime() - now) / 60_000);
    if (Number.isFinite(minutes) && minutes > 0) return minutes;
  }
  return DEFAULT_RESET_MINUTES;
}

/** The first characters of a text on one line, with an ellipsis when it is longer (30 in tables, 50 on cards). */
export function truncate(text: string, size: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > size ? `${flat.slice(0, size).trimEnd()}…` : flat;
}
