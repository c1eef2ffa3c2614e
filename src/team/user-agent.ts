import Bowser from 'bowser';

/** What a session's User-Agent says of the browser and the system, e.g. 'Chrome 142' and 'Windows 10'. */
export function describeUserAgent(userAgent: string | null): { navegador: string | null; sistema: string | null } {
  if (!userAgent) return { navegador: null, sistema: null };
  try {
    const parsed = Bowser.parse(userAgent.slice(0, 255));
    const major = parsed.browser.version?.split('.')[0];
    const browser = parsed.browser.name ? [parsed.browser.name, major].filter(Boolean).join(' ') : null;
    const os = parsed.os.name ? [parsed.os.name, parsed.os.versionName ?? parsed.os.version?.split('.')[0]].filter(Boolean).join(' ') : null;
    return { navegador: browser, sistema: os };
  } catch {
    return { navegador: null, sistema: null };
  }
}
