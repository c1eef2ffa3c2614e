import type { FastifyInstance } from 'fastify';
import { header, requestPath, requestUrl, type HttpReply, type HttpRequest } from '../common/http/http.js';
import { InertiaService, isInertiaRequest } from './inertia.service.js';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const REDIRECT_TO_SEE_OTHER = new Set(['PUT', 'PATCH', 'DELETE']);
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export const XSRF_MISMATCH_MESSAGE = 'Sua sessão expirou. Recarregue a página e tente novamente.';

/**
 * The HTTP-level part of the protocol, as Fastify hooks: they run around Nest's router, so they also cover the
 * responses that guards, pipes and exception filters send outside the interceptors.
 * - On the request: `Vary: X-Inertia`; a page visit with stale assets gets 409 with X-Inertia-Location (the
 *   client reloads); a page form sent without the XSRF token gets 419.
 * - On the answer: a 302 after PUT/PATCH/DELETE becomes 303 (the browser would repeat the method), and an
 *   Inertia visit's redirect to another site, or to a URL with a #fragment, becomes 409 with
 *   X-Inertia-Location or X-Inertia-Redirect (an XHR cannot follow the first and drops the fragment).
 */
export function inertiaHooks(fastify: FastifyInstance, inertia: InertiaService): void {
  // Callback hooks, not async ones: they run on every request, and most of them do nothing more than a header.
  fastify.addHook('onRequest', (req: HttpRequest, reply: HttpReply, done: () => void) => {
    reply.header('vary', 'X-Inertia');
    if (inertia.isApiPath(requestPath(req))) return done();
    if (req.method === 'GET' && isInertiaRequest(req) && header(req, 'x-inertia-version') !== inertia.version()) {
      // Stale assets: the client reloads the whole page at this URL. No X-Inertia header and no body, or
      // the client would not treat it as a version conflict.
      reply.code(409).header('X-Inertia-Location', fullUrl(req)).send('');
      return;
    }
    if (WRITE_METHODS.has(req.method) && !inertia.xsrf.isValid(req)) {
      reply.code(419).send({ statusCode: 419, code: 'XSRF_MISMATCH', message: XSRF_MISMATCH_MESSAGE });
      return;
    }
    done();
  });

  fastify.addHook('onSend', (req: HttpRequest, reply: HttpReply, payload: unknown, done: (error: null, payload: unknown) => void) => {
    const status = reply.statusCode;
    if (!REDIRECTS.has(status)) return done(null, payload);
    if (status === 302 && REDIRECT_TO_SEE_OTHER.has(req.method)) reply.code(303);
    const location = reply.getHeader('location');
    if (!isInertiaRequest(req) || typeof location !== 'string') return done(null, payload);
    const target = new URL(location, fullUrl(req));
    if (target.host !== header(req, 'host')) {
      reply.removeHeader('location');
      reply.code(409).header('X-Inertia-Location', target.href);
      return done(null, '');
    }
    if (target.hash) {
      reply.removeHeader('location');
      reply.code(409).header('X-Inertia-Redirect', target.href);
      return done(null, '');
    }
    done(null, payload);
  });
}

export function fullUrl(req: HttpRequest): string {
  return `${req.protocol}://${header(req, 'host')}${requestUrl(req)}`;
}
