import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';

export interface SecurityHeadersOptions {
  production: boolean;
  /** The tag manager is allowed only where it is configured and the visitor has not refused cookies. */
  gtmId: string | null;
  /** Vite's dev server injects an inline module and talks over a WebSocket. */
  viteDev: boolean;
  consentCookie: string;
}

const GTM_SCRIPT = 'https://www.googletagmanager.com';
const GTM_CONNECT = ['https://www.google-analytics.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com', GTM_SCRIPT];
/** The contact page embeds a map. */
const MAP_FRAME = 'https://www.google.com';

/**
 * helmet with a Content-Security-Policy that allows exactly what the pages use: their own scripts, styles
 * and images (plus data: and blob: images for QR codes and upload previews), the map embed, and the tag
 * manager only when configured and not refused; the admin cannot be framed at all, the site only by itself.
 * HSTS in production.
 */
export function securityHeaders(options: SecurityHeadersOptions): (req: IncomingMessage, res: ServerResponse) => void {
  const tagManagerAllowed = (req: IncomingMessage) => {
    if (!options.gtmId) return false;
    const consent = new RegExp(`(?:^|;\\s*)${options.consentCookie}=([^;]*)`).exec(req.headers.cookie ?? '')?.[1];
    return consent !== 'false';
  };
  const when = (sources: string[]) => (req: IncomingMessage, _res: ServerResponse) => (tagManagerAllowed(req) ? sources.join(' ') : '');
  const isAdmin = (req: IncomingMessage) => /^\/(admin|api)(\/|$|\?)/.test(req.url ?? '');

  const middleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", when([GTM_SCRIPT]), ...(options.viteDev ? ["'unsafe-inline'"] : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', when([GTM_SCRIPT, 'https://www.google-analytics.com'])],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", when(GTM_CONNECT), ...(options.viteDev ? ['ws:', 'wss:'] : [])],
        frameSrc: [MAP_FRAME, when([GTM_SCRIPT])],
        frameAncestors: [(req: IncomingMessage) => (isAdmin(req) ? "'none'" : "'self'")],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        ...(options.production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: options.production ? { maxAge: 180 * 24 * 3600, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: 'sameorigin' },
  });
  // The headers depend on two things only (an admin path or not, the tag manager allowed or not): helmet
  // writes each of the four sets once, and every request gets its set without building the policy again.
  const variants = new Map<string, HeaderSet>();
  return (req, res) => {
    const admin = isAdmin(req);
    const tagManager = tagManagerAllowed(req);
    const key = `${admin ? 'admin' : 'site'}:${tagManager ? 'gtm' : 'plain'}`;
    let set = variants.get(key);
    if (!set) {
      set = capture(middleware, { url: admin ? '/admin' : '/', headers: { cookie: tagManager ? '' : `${options.consentCookie}=false` } } as IncomingMessage);
      variants.set(key, set);
    }
    for (const name of set.removed) res.removeHeader(name);
    for (const [name, value] of set.headers) res.setHeader(name, value);
  };
}

interface HeaderSet {
  headers: [string, string | number | readonly string[]][];
  removed: string[];
}

/** What a helmet middleware sets and removes for a request like `req`. */
function capture(middleware: ReturnType<typeof helmet>, req: IncomingMessage): HeaderSet {
  const set: HeaderSet = { headers: [], removed: [] };
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      set.headers.push([name, value]);
      return res;
    },
    removeHeader(name: string) {
      set.removed.push(name);
    },
    getHeader: () => undefined,
  };
  let failure: unknown = null;
  middleware(req, res as unknown as ServerResponse, (error?: unknown) => (failure = error));
  if (failure instanceof Error) throw failure;
  return set;
}
