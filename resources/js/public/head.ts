import { PAGE_DESCRIPTIONS, pagePath, pageTitle } from '@shared/page-titles';
import type { PublicPageData } from './page';

/** The id of the empty marker printed after the page's markup (ssr.tsx). */
export const PAGE_END_ID = 'fim-da-pagina';

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The head of a public page, printed by the server: its title and, where the page has a description, the
 * description, canonical URL and Open Graph tags. The browser never changes them (every visit loads a page).
 */
export function publicHead(page: PublicPageData): string[] {
  const appName = String(page.props.appName);
  const appUrl = String(page.props.appUrl);
  const path = pagePath(page.url);
  const title = pageTitle(appName, page.url);
  const description = PAGE_DESCRIPTIONS[path];
  const tags = [
    `<title>${escape(title)}</title>`,
    // No first paint of a half-read page on a slow connection: the browser draws once the end of the page is
    // read (the marker the server prints after it), so nothing moves when the rest of a row arrives (layout shift).
    `<link rel="expect" href="#${PAGE_END_ID}" blocking="render">`,
  ];
  if (!description) return tags;
  const canonical = `${appUrl}${path === '/' ? '/' : path}`;
  const meta = (key: 'name' | 'property', name: string, content: string) => `<meta ${key}="${name}" content="${escape(content)}">`;
  return [
    meta('name', 'description', description),
    `<link rel="canonical" href="${escape(canonical)}">`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', appName),
    meta('property', 'og:locale', 'pt_BR'),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', canonical),
    meta('property', 'og:image', `${appUrl}/og-image.png`),
    ...tags,
  ];
}
