import '../css/app.css';
import { createInertiaApp } from '@inertiajs/react';
import { resolvePage } from './pages';

void createInertiaApp({
  resolve: resolvePage,
  title: (title) => title,
  progress: { color: '#facc15', delay: 150 },
});

// The public site's service worker (public/sw.js): a second visit on a weak connection paints from what the first
// kept. The back office never goes through it.
if (import.meta.env.PROD && 'serviceWorker' in navigator && !/^\/admin(\/|$)/.test(window.location.pathname)) {
  const register = () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
