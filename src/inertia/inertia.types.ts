/** The page object of the Inertia protocol (v3), as sent in the HTML and in X-Inertia responses. */
export interface PageObject {
  component: string;
  props: Record<string, unknown> & { errors: Record<string, unknown> };
  url: string;
  version: string;
  flash: Record<string, unknown>;
  sharedProps?: string[];
  deferredProps?: Record<string, string[]>;
  encryptHistory?: true;
  clearHistory?: true;
}

/** What the SSR bundle returns for a page: tags for <head> and the body markup (script + root element). */
export interface SsrResult {
  head: string[];
  body: string;
}

export interface SsrRenderer {
  render(page: PageObject): Promise<SsrResult>;
}

/** Where the client's script and style tags come from: the Vite manifest (built) or the Vite dev server. */
export interface AssetProvider {
  /** A non-empty string that changes whenever the built client changes. */
  version(): string;
  /** The tags that load the client entry and, when known, the page's own chunk. */
  tags(component: string): string[];
  /** Lets the dev server add its client and the React refresh preamble to the finished HTML. */
  transformHtml?(url: string, html: string): Promise<string>;
}

export interface InertiaOptions {
  /** The root HTML template with `<!--app-head-->` and `<!--app-body-->` markers. */
  rootView: string;
  assets: AssetProvider;
  ssr: SsrRenderer | null;
  /** Which components are rendered on the server (the public pages). */
  ssrFor: (component: string) => boolean;
  /**
   * Which components are served only as whole documents, with a client entry of their own (the public site, which
   * has no client router): an Inertia visit to one is answered with a full page load.
   */
  wholeDocument?: (component: string) => boolean;
  /** Which components keep their page in the browser history encrypted (the admin pages, with personal data). */
  encryptHistoryFor?: (component: string) => boolean;
  /** The <title> printed when SSR did not run for the page. */
  titleFor: (url: string, props: Record<string, unknown>) => string;
  /** Signs the flash and XSRF cookies. */
  secret: string;
  secureCookies: boolean;
  /** The session cookie the XSRF tokens are tied to. */
  sessionCookie: string;
  /** Requests under these paths are JSON API calls, not Inertia visits. */
  isApiPath: (path: string) => boolean;
  /** Logs SSR failures; the page is then rendered in the browser. */
  onSsrError: (error: unknown, component: string) => void;
}
