import { PATH_METADATA } from '@nestjs/common/constants.js';
import { FASTIFY_ROUTE_CONFIG_METADATA } from '@nestjs/platform-fastify/constants.js';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { AppException } from './app.exception.js';
import { MULTIPART_NOT_HERE } from './multipart.js';
import type { HttpRequest } from './http.js';

/** How a route says, in its route config, that it takes JSON from the app's own pages only. */
const SAME_ORIGIN_JSON = 'sameOriginJson';

export const CROSS_SITE_REFUSED = 'Requisição recusada: ela foi enviada por outro site. Use o formulário do próprio AgroMaq.';
export const JSON_ONLY = 'Este endereço só aceita dados em JSON (Content-Type: application/json).';

export class CrossSiteRequestException extends AppException {
  constructor() {
    super(403, 'CROSS_SITE_REQUEST', CROSS_SITE_REFUSED);
  }
}

/** 415: a multipart body gets the words every route that takes no file answers it with. */
export class JsonOnlyException extends AppException {
  constructor(multipart = false) {
    super(415, 'UNSUPPORTED_MEDIA_TYPE', multipart ? MULTIPART_NOT_HERE : JSON_ONLY);
  }
}

const JSON_TYPE = /^application\/json\s*(?:;|$)/i;
const MULTIPART_TYPE = /^multipart\//i;

/**
 * Marks a route anyone may call (the login, the site's forms) as taking JSON from the app's own pages only; on a
 * controller, every route it declares. Another site's page can send a form, or a text/plain "simple request", to
 * any address without asking first; refused here, it cannot spend the limits of the people who have our pages
 * open (their office's login attempts, its IP's quota of contact messages). The route config is merged, so it
 * composes with other route config in either order.
 */
export function SameOriginJson(): ClassDecorator & MethodDecorator {
  return (target: object, _key?: string | symbol, descriptor?: PropertyDescriptor): void => {
    if (descriptor) {
      mark(descriptor.value as object);
      return;
    }
    // On a controller: its method decorators have run, so its routes are the methods with a path.
    const prototype = (target as { prototype: Record<string, unknown> }).prototype;
    for (const name of Object.getOwnPropertyNames(prototype)) {
      const handler = prototype[name];
      if (name !== 'constructor' && typeof handler === 'function' && Reflect.getMetadata(PATH_METADATA, handler) !== undefined) mark(handler);
    }
  };
}

function mark(handler: object): void {
  const config = (Reflect.getMetadata(FASTIFY_ROUTE_CONFIG_METADATA, handler) as Record<string, unknown> | undefined) ?? {};
  Reflect.defineMetadata(FASTIFY_ROUTE_CONFIG_METADATA, { ...config, [SAME_ORIGIN_JSON]: true }, handler);
}

/** Whether a route's handler is marked @SameOriginJson(), for the route table. */
export function takesSameOriginJsonOnly(handler: object): boolean {
  return (Reflect.getMetadata(FASTIFY_ROUTE_CONFIG_METADATA, handler) as Record<string, unknown> | undefined)?.[SAME_ORIGIN_JSON] === true;
}

/**
 * Why a request to a @SameOriginJson() route is refused, or null to let it through. Cross-site (403) when the
 * browser says so in Sec-Fetch-Site (anything but `same-origin` or `none`), or when its Origin is neither the
 * app's own (APP_URL) nor the address the request was sent to (the scheme and Host the app sees, as the
 * browser's page would have them). A request with no Origin and no Sec-Fetch-Site is no browser's cross-site
 * request (the mobile app, curl): accepted. Then JSON only (415): a Content-Type other than application/json,
 * or a body without one.
 */
export function sameOriginJsonRefusal(req: HttpRequest, ownOrigin: string): AppException | null {
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return new CrossSiteRequestException();
  const origin = req.headers.origin;
  if (origin !== undefined) {
    const given = origin.toLowerCase();
    const host = req.headers.host;
    if (given !== ownOrigin && (host === undefined || given !== `${req.protocol}://${host.toLowerCase()}`)) return new CrossSiteRequestException();
  }
  const type = req.headers['content-type'];
  if (type === undefined ? hasBody(req) : !JSON_TYPE.test(type)) return new JsonOnlyException(type !== undefined && MULTIPART_TYPE.test(type));
  return null;
}

function hasBody(req: HttpRequest): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Enforces @SameOriginJson() as each marked route is registered: a hook of those routes alone, run as the request
 * arrives, so a refused request reaches no guard (no rate limit counts it) and its body is never read. `appUrl` is
 * the configured address of the app. Call before `init()`.
 */
export function sameOriginJson(fastify: FastifyInstance, appUrl: string): void {
  const ownOrigin = new URL(appUrl).origin.toLowerCase();
  const refuse: onRequestHookHandler = (req, _reply, done) => {
    const refusal = sameOriginJsonRefusal(req, ownOrigin);
    if (refusal) done(refusal);
    else done();
  };
  fastify.addHook('onRoute', (route) => {
    if ((route.config as Record<string, unknown> | undefined)?.[SAME_ORIGIN_JSON] !== true) return;
    route.onRequest = route.onRequest === undefined ? [refuse] : [refuse, ...[route.onRequest].flat()];
  });
}
