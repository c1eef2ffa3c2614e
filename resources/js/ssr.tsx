import { renderToString } from 'react-dom/server';
import { PAGE_END_ID, publicHead } from './public/head';
import { PublicApp, type PublicPageComponent, type PublicPageData } from './public/page';

// The server renders only the public pages; they are bundled eagerly.
const pages = import.meta.glob<{ default: PublicPageComponent }>('./pages/Public/**/*.tsx', { eager: true });

/** JSON that is safe inside <script>: no `</script>` or `<!--` can be formed by the data. */
const scriptJson = (page: PublicPageData) => JSON.stringify(page).replace(/\//g, '\\/').replace(/</g, '\\u003c');

/**
 * A public page as the server sends it: its head tags, and a body holding the page object (read by the public
 * entry, resources/js/public.tsx) and the page drawn whole, which the browser then hydrates.
 */
export default function render(page: PublicPageData): { head: string[]; body: string } {
  const module = pages[`./pages/${page.component}.tsx`];
  if (!module) throw new Error(`Página sem renderização no servidor: ${page.component}`);
  const html = renderToString(<PublicApp page={page} component={module.default} />);
  return {
    head: publicHead(page),
    // The empty template after the page marks its end for the head's render-blocking link (publicHead).
    body: `<script data-page="app" type="application/json">${scriptJson(page)}</script><div id="app" data-server-rendered="true">${html}</div><template id="${PAGE_END_ID}"></template>`,
  };
}
