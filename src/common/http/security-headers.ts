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
export function securityHeaders(options: SecurityHeadersOptions) {
  const tagManagerAllowed = (req: IncomingMessage) => {
    if (!options.gtmId) return false;
    const consent = new RegExp(`(?:^|;\\s*)${options.consentCookie}=([^;]*)`).exec(req.headers.cookie ?? '')?.[1];
    return consent !== 'false';
  };
  const when = (sources: string[]) => (req: IncomingMessage, _res: ServerResponse) => (tagManagerAllowed(req) ? sources.join(' ') : '');
  const isAdmin = (req: IncomingMessage) => /^\/(admin|api)(\/|$|\?)/.test(req.url ?? '');

  return helmet({
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
}
