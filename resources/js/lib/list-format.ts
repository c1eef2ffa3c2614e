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

/**
 * The line under "IP de Acesso": how many places the authorized addresses are in and how many addresses there
 * are. A place is a known location; addresses without one (private, or not looked up yet) are said apart, never
 * counted as "0 locais".
 */
export function accessSummary(ips: { local?: string | null }[]): string {
  if (ips.length === 0) return 'Nenhum IP autorizado';
  const places = new Set(ips.map((ip) => ip.local).filter(Boolean)).size;
  const unknown = ips.filter((ip) => !ip.local).length;
  const addresses = ips.length === 1 ? '1 IP autorizado' : `${ips.length} IPs autorizados`;
  if (places === 0) return `${addresses}, ${ips.length === 1 ? 'sem localização conhecida' : 'nenhum com localização conhecida'}`;
  const where = places === 1 ? '1 local de acesso' : `${places} locais de acesso`;
  return `${where} · ${addresses}${unknown > 0 ? ` (${unknown} sem localização)` : ''}`;
}

/**
 * The longest run of characters a table cell keeps whole. A table sizes its columns by the widest thing each must
 * hold, so a word ("Master", "WhatsApp", "(você)") is never split to narrow its column; a run longer than this (a
 * one-word name at its maximum, a code) gets a break point every so many characters instead of widening it.
 */
export const LONGEST_UNBROKEN = 18;

/** Characters as a reader counts them: an emoji or an accented letter is one, never split. */
const GRAPHEMES = new Intl.Segmenter('pt-BR', { granularity: 'grapheme' });

/** `text` in pieces between which a line may break: only inside runs longer than `longest`. */
export function breakPieces(text: string, longest = LONGEST_UNBROKEN): string[] {
  const pieces: string[] = [];
  let current = '';
  for (const token of text.split(/(\s+)/)) {
    const characters = Array.from(GRAPHEMES.segment(token), (part) => part.segment);
    if (/^\s*$/.test(token) || characters.length <= longest) {
      current += token;
      continue;
    }
    for (let start = 0; start < characters.length; start += longest) {
      current += characters.slice(start, start + longest).join('');
      if (start + longest < characters.length) {
        pieces.push(current);
        current = '';
      }
    }
  }
  pieces.push(current);
  return pieces;
}
