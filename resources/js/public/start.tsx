import { useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { PublicApp, type PublicPageComponent, type PublicPageData } from './page';

function Started({ onStarted, children }: { onStarted: () => void; children: ReactNode }) {
  useEffect(onStarted, []);
  return children;
}

/**
 * Brings the server's page to life (hydration), then calls `onStarted`; draws it only when server rendering failed
 * (the server logs it).
 */
export function start(root: HTMLElement, page: PublicPageData, component: PublicPageComponent, onStarted: () => void): void {
  const app = (
    <Started onStarted={onStarted}>
      <PublicApp page={page} component={component} />
    </Started>
  );
  if (root.hasChildNodes()) hydrateRoot(root, app);
  else createRoot(root).render(app);
}
