import type { NextFunction, Request, Response } from 'express';
import { InertiaService, isInertiaRequest } from './inertia.service.js';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const REDIRECT_TO_SEE_OTHER = new Set(['PUT', 'PATCH', 'DELETE']);

export const XSRF_MISMATCH_MESSAGE = 'Sua sessão expirou. Recarregue a página e tente novamente.';

/**
 * The Express-level part of the protocol. It runs before Nest's router, so it also covers responses that
 * guards, pipes and exception filters send outside the interceptors.
 */
export function inertiaMiddleware(inertia: InertiaService) {
  return (req: Request, res: Response, next: NextFunction): void => {
    res.vary('X-Inertia');
    seeOtherAfterWrites(req, res);
    if (isInertiaRequest(req)) rewriteRedirectsForInertia(req, res);
    if (inertia.isApiPath(req.path)) return next();

    if (req.method === 'GET' && isInertiaRequest(req) && req.get('x-inertia-version') !== inertia.version()) {
      // Stale assets: the client reloads the whole page at this URL. No X-Inertia header and no body, or
      // the client would not treat it as a version conflict.
      res.status(409).setHeader('X-Inertia-Location', fullUrl(req));
      res.end();
      return;
    }
    if (WRITE_METHODS.has(req.method) && !inertia.xsrf.isValid(req)) {
      res.status(419).json({ statusCode: 419, code: 'XSRF_MISMATCH', message: XSRF_MISMATCH_MESSAGE });
      return;
    }
    next();
  };
}

/** A 302 after PUT/PATCH/DELETE would make the browser repeat the method on the new URL: send 303. */
function seeOtherAfterWrites(req: Request, res: Response): void {
  if (!REDIRECT_TO_SEE_OTHER.has(req.method)) return;
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => Response;
  res.writeHead = ((statusCode: number, ...rest: unknown[]) => {
    return writeHead(statusCode === 302 ? 303 : statusCode, ...rest);
  }) as Response['writeHead'];
}

/**
 * An XHR cannot follow a redirect to another site, and drops a URL's #fragment: for an Inertia visit such
 * redirects become 409 with X-Inertia-Location (full page visit) or X-Inertia-Redirect (client-side visit).
 */
function rewriteRedirectsForInertia(req: Request, res: Response): void {
  const redirect = res.redirect.bind(res) as (...args: unknown[]) => void;
  res.redirect = ((...args: unknown[]) => {
    const url = String(typeof args[0] === 'number' ? args[1] : args[0]);
    const target = new URL(url, fullUrl(req));
    if (target.host !== req.get('host')) {
      res.status(409).setHeader('X-Inertia-Location', target.href);
      res.end();
    } else if (target.hash) {
      res.status(409).setHeader('X-Inertia-Redirect', target.href);
      res.end();
    } else {
      redirect(...args);
    }
  }) as Response['redirect'];
}

export function fullUrl(req: Request): string {
  return `${req.protocol}://${req.get('host')}${req.originalUrl}`;
}
