import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { HttpReply, HttpRequest } from './http.js';

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
/** HSTS: 180 days. */
const HSTS_MAX_AGE = 180 * 24 * 3600;
/** The contact page embeds a map. */
const MAP_FRAME = 'https://www.google.com';

/**
 * helmet with a Content-Security-Policy that allows exactly what the pages use: their own scripts, styles
 * and images (plus data: and blob: images for QR codes and upload previews), the map embed, and the tag
 * manager only when configured and not refused; the admin cannot be framed at all, the site only by itself.
 * HSTS in production.
 *
 * The headers go on the Fastify reply, which writes them with its own in one `writeHead`: a header set on the
 * raw response instead would make Node.js take every header of the answer through `setHeader` one by one. A
 * reply that is hijacked (an event stream) writes the raw response itself: `hijackWithHeaders` carries them over.
 */
export function securityHeaders(options: SecurityHeadersOptions): (req: HttpRequest, reply: HttpReply) => void {
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
    strictTransportSecurity: options.production ? { maxAge: HSTS_MAX_AGE, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: 'sameorigin' },
  });
  // An API answer (JSON, a CSV or XLSX file), a built script or stylesheet and the crawlers' files are never a
  // document that runs anything: they get the few headers that protect such an answer, a policy that allows
  // nothing, and none of the documents' own. The documentation's page (Swagger UI) under /api is a document and
  // gets the documents' headers.
  const api: HeaderSet = {
    removed: [],
    headers: lowerCaseNames([
      ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
      ['X-Content-Type-Options', 'nosniff'],
      ['X-Frame-Options', 'DENY'],
      ['Referrer-Policy', 'strict-origin-when-cross-origin'],
      ['Cross-Origin-Resource-Policy', 'same-origin'],
      ...(options.production ? ([['Strict-Transport-Security', `max-age=${HSTS_MAX_AGE}; includeSubDomains`]] as [string, string][]) : []),
    ]),
  };
  // A document's headers depend on two things only (an admin path or not, the tag manager allowed or not): helmet
  // writes each of the four sets once, and every request gets its set without building the policy again.
  const variants = new Map<string, HeaderSet>();
  return (req, reply) => {
    if (isNotDocument(req.url)) {
      writeSet(reply, api);
      return;
    }
    const admin = isAdmin(req.raw);
    const tagManager = tagManagerAllowed(req.raw);
    const key = `${admin ? 'admin' : 'site'}:${tagManager ? 'gtm' : 'plain'}`;
    let set = variants.get(key);
    if (!set) {
      set = capture(middleware, { url: admin ? '/admin' : '/', headers: { cookie: tagManager ? '' : `${options.consentCookie}=false` } } as IncomingMessage);
      variants.set(key, set);
    }
    writeSet(reply, set);
  };
}

const lowerCaseNames = (headers: [string, string][]): [string, string][] => headers.map(([name, value]) => [name.toLowerCase(), value]);

function writeSet(reply: HttpReply, set: HeaderSet): void {
  for (let i = 0; i < set.removed.length; i++) reply.removeHeader(set.removed[i]);
  for (let i = 0; i < set.headers.length; i++) reply.header(set.headers[i][0], set.headers[i][1]);
}

/**
 * Takes a reply over for writing the raw response (an event stream), with the headers set on it so far (the
 * security headers, the request id, `Vary`): Fastify writes them only for the answers it sends itself.
 */
const BODY_HEADERS = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'content-type']);

export function hijackWithHeaders(reply: HttpReply): ServerResponse {
  const headers = reply.getHeaders();
  reply.hijack();
  for (const name of Object.keys(headers)) {
    const value = headers[name];
    // What describes a body Fastify would have sent is not the stream's to carry.
    if (value !== undefined && !BODY_HEADERS.has(name)) reply.raw.setHeader(name, value);
  }
  return reply.raw;
}

/** Whether a path answers something other than a document: the API (not its documentation), the built files, the crawlers' files. */
const isNotDocument = (url: string) =>
  (url.startsWith('/api/') && !/^\/api\/docs(?:[/?]|$)/.test(url)) || url.startsWith('/build/') || /^\/(?:robots\.txt|sitemap\.xml)(?:\?|$)/.test(url);

interface HeaderSet {
  headers: [string, string | number | readonly string[]][];
  removed: string[];
}

/** What a helmet middleware sets and removes for a request like `req`. */
function capture(middleware: ReturnType<typeof helmet>, req: IncomingMessage): HeaderSet {
  const set: HeaderSet = { headers: [], removed: [] };
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      // Lower case, as Fastify keeps a reply's header names: its header() then finds nothing to convert.
      set.headers.push([name.toLowerCase(), value]);
      return res;
    },
    removeHeader(name: string) {
      set.removed.push(name.toLowerCase());
    },
    getHeader: () => undefined,
  };
  let failure: unknown = null;
  middleware(req, res as unknown as ServerResponse, (error?: unknown) => (failure = error));
  if (failure instanceof Error) throw failure;
  return set;
}
