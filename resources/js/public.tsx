import '../css/public.css';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { PublicApp, type PublicPageComponent, type PublicPageData } from './public/page';

// The public site's entry: the server sent each page whole (SSR); this brings it to life for its menus, banner,
// accordions and forms. No client router: every link is a full page load, so a page downloads only its own code.
const pages = import.meta.glob<{ default: PublicPageComponent }>('./pages/Public/**/*.tsx');

async function start(): Promise<void> {
  const data = document.querySelector('script[data-page="app"]')?.textContent;
  const root = document.getElementById('app');
  if (!data || !root) return;
  const page = JSON.parse(data) as PublicPageData;
  const load = pages[`./pages/${page.component}.tsx`];
  if (!load) throw new Error(`Página desconhecida: ${page.component}`);
  const component = (await load()).default;
  const app = <PublicApp page={page} component={component} />;
  // Drawn by the server: hydrated. Only when server rendering failed (the server logs it) is it drawn here.
  if (root.hasChildNodes()) hydrateRoot(root, app);
  else createRoot(root).render(app);
}

void start();

// The public site's service worker (public/sw.js): a second visit on a weak connection paints from what the first
// kept. The back office never goes through it.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
