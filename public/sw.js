// The public site's service worker. A farmer's second visit on a weak or absent connection paints from what the
// first visit kept: the site's pages (the network first, the kept copy after WAIT_MS or offline) and its static
// files (built files, named by their content, kept for good; images refreshed behind). The back office, the API
// and anything sent (POST) never go through a cache here.
const PAGES = 'agromaq-paginas-v1';
const FILES = 'agromaq-arquivos-v1';
const KEPT = [PAGES, FILES];
/** How long a page may take on a weak connection before the kept copy is shown. */
const WAIT_MS = 4000;

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith('agromaq-') && !KEPT.includes(name)).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

const NEVER = /^\/(admin|api)(\/|$)/;

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || NEVER.test(url.pathname)) return;
  if (url.pathname.startsWith('/build/')) {
    event.respondWith(keptFirst(request));
  } else if (request.mode === 'navigate' || request.headers.get('X-Inertia') === 'true') {
    event.respondWith(networkFirst(request));
  } else if (/^\/(images\/|favicon\.svg$|og-image\.png$)/.test(url.pathname)) {
    event.respondWith(keptThenRefreshed(request));
  }
});

/** Built files never change under their name: the kept copy, else the network (and kept). */
async function keptFirst(request) {
  const cache = await caches.open(FILES);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

/** Images: the kept copy at once, refreshed from the network behind it. */
async function keptThenRefreshed(request) {
  const cache = await caches.open(FILES);
  const kept = await cache.match(request);
  const fresh = fetch(request)
    .then(async (response) => {
      if (response.ok) await cache.put(request, response.clone());
      return response;
    })
    .catch(() => null);
  return kept ?? (await fresh) ?? Response.error();
}

/**
 * A page (a first visit or an Inertia visit, kept apart by the Vary on X-Inertia): the network, kept when it
 * answers 200; the kept copy when the network fails or is slower than WAIT_MS; the network's answer in the end
 * when nothing was kept.
 */
async function networkFirst(request) {
  const cache = await caches.open(PAGES);
  const key = request.headers.get('X-Inertia') === 'true' ? `${request.url}#inertia` : request.url;
  const network = fetch(request).then(async (response) => {
    if (response.status === 200 && !/no-store|private/.test(response.headers.get('Cache-Control') ?? '')) await cache.put(key, response.clone());
    return response;
  });
  const slow = new Promise((resolve) => setTimeout(() => resolve(null), WAIT_MS));
  const first = await Promise.race([network.catch(() => null), slow]);
  if (first) return first;
  const kept = await cache.match(key);
  if (kept) return kept;
  return network;
}
