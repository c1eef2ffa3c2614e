import '../css/public.css';
import type { PublicPageComponent, PublicPageData } from './public/page';

// The public site's entry, a few hundred bytes: the server sent each page whole (SSR, styles inline), so the page
// is painted before any script arrives. Only then are React and the page's code fetched, to bring the menus,
// banner, accordions and forms to life: on a weak connection they do not compete with the page for the first paint.
// No client router: every link is a full page load, and a page downloads only its own code.
const pages = import.meta.glob<{ default: PublicPageComponent }>('./pages/Public/**/*.tsx');

function afterFirstPaint(run: () => void): void {
  requestAnimationFrame(() => setTimeout(run, 0));
}

// What the visitor does before the page has come to life is not lost while the page's code arrives: a tap on a
// button is held (a form is not sent by the browser meanwhile) and given again once it has; a tick box or radio
// ticks at once, as the browser draws it, and is handed to the page; what was typed in a field is handed to the
// page as if typed then.
const heldTaps: HTMLElement[] = [];
const typed = new Map<HTMLInputElement | HTMLTextAreaElement, string>();
/** Each tick box or radio changed before the page came to life, with whether it was ticked before. */
const ticked = new Map<HTMLInputElement, boolean>();
function holdTap(event: MouseEvent): void {
  const target = event.target instanceof Element ? event.target.closest<HTMLElement>('button, input[type="checkbox"], input[type="radio"]') : null;
  if (!target) return;
  if (target instanceof HTMLInputElement) {
    // The click has already changed it: what it was before is the other state (kept from the first change).
    if (!ticked.has(target)) ticked.set(target, target.type === 'checkbox' ? !target.checked : false);
    return;
  }
  event.preventDefault();
  event.stopPropagation();
  heldTaps.push(target);
}
function keepTyped(event: Event): void {
  if (event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement) {
    if (event.target.type !== 'checkbox' && event.target.type !== 'radio') typed.set(event.target, event.target.value);
  }
}
document.addEventListener('click', holdTap, true);
document.addEventListener('input', keepTyped, true);

function started(): void {
  // Says the page has come to life (the browser tests wait for it before measuring what hydration changes).
  document.getElementById('app')?.setAttribute('data-hydrated', 'true');
  document.removeEventListener('click', holdTap, true);
  document.removeEventListener('input', keepTyped, true);
  // Out of the framework's effect, and each step once it has drawn the previous one: a held tap on "Enviar" sees
  // what was typed and ticked.
  setTimeout(() => {
    for (const [field, value] of typed) {
      // Through the native setter, so the page sees the change and its onChange runs.
      const prototype = field instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
      Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
    typed.clear();
    // The page believes each box is as the server drew it: put it back, and tick it again through the page.
    for (const [box, before] of ticked) {
      if (box.checked === before) continue;
      box.checked = before;
      box.click();
    }
    ticked.clear();
    setTimeout(() => {
      for (const target of heldTaps.splice(0)) target.click();
    }, 0);
  }, 0);
}

afterFirstPaint(() => {
  const data = document.querySelector('script[data-page="app"]')?.textContent;
  const root = document.getElementById('app');
  if (!data || !root) return;
  const page = JSON.parse(data) as PublicPageData;
  const load = pages[`./pages/${page.component}.tsx`];
  if (!load) throw new Error(`Página desconhecida: ${page.component}`);
  // The page's chunk and React in parallel.
  void Promise.all([load(), import('./public/start')]).then(([module, { start }]) => start(root, page, module.default, started));
});

// The public site's service worker (public/sw.js): a second visit on a weak connection paints from what the first
// kept. The back office never goes through it.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
