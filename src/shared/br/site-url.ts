/**
 * A company's web site as stored: an http(s) URL. An address typed without the scheme
 * (`www.exemplo.com.br`) gets `https://`.
 */
export function normalizeSiteUrl(value: string): string {
  const trimmed = value.trim();
  if (!trimmed) return '';
  return /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

/** An http or https address with a host name that has a dot (or is localhost), no spaces, no credentials. */
export function isValidSiteUrl(value: string): boolean {
  const normalized = normalizeSiteUrl(value);
  if (!normalized || /\s/.test(normalized)) return false;
  try {
    const url = new URL(normalized);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
    if (url.username || url.password) return false;
    return /^[^.]+(\.[^.]+)+$/.test(url.hostname) || url.hostname === 'localhost';
  } catch {
    return false;
  }
}
