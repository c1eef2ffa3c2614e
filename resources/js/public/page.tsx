import { createContext, useContext, type AnchorHTMLAttributes, type ComponentType, type ReactNode } from 'react';

/** What the public pages read of the page object the server sent (the Inertia page object's fields they use). */
export interface PublicPageData {
  component: string;
  props: Record<string, unknown>;
  url: string;
}

/** A public page component, with the layout it is drawn in. */
export type PublicPageComponent = ComponentType<Record<string, unknown>> & { layout?: (page: ReactNode) => ReactNode };

const PageContext = createContext<PublicPageData | null>(null);

/**
 * The public site is drawn by the server and brought to life in the browser without Inertia's router: every
 * link is a full page load (the service worker keeps the pages), so a page needs only its props and URL.
 */
export function usePage<P = Record<string, unknown>>(): { props: P; url: string; component: string } {
  const page = useContext(PageContext);
  if (!page) throw new Error('usePage() outside a public page');
  return page as unknown as { props: P; url: string; component: string };
}

/** A link of the public site: a plain anchor, the browser loads the page. */
export function Link(props: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  return <a {...props} />;
}

/** The page in its layout, with its props; the same tree on the server and in the browser. */
export function PublicApp({ page, component: Page }: { page: PublicPageData; component: PublicPageComponent }) {
  const content = <Page {...page.props} />;
  return <PageContext.Provider value={page}>{Page.layout ? Page.layout(content) : content}</PageContext.Provider>;
}
