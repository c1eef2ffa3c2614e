import type { FastifyReply, FastifyRequest } from 'fastify';

/** The request and reply of the HTTP layer (Fastify), under the names the app uses. */
export type HttpRequest = FastifyRequest;
export type HttpReply = FastifyReply;

/** A request header's value (the first, when it was sent more than once). */
export function header(req: HttpRequest, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** The request's path, without the query string. */
export function requestPath(req: HttpRequest): string {
  const url = req.url;
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/** The route template of every request no route matched (one label and span name for them all). */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * The route template a request matched (`/api/admin/companies/:id`), the name of its series in the metrics and of
 * its span in the traces; every path no route matches is "unmatched" (Nest's catch-all `/*` included), so random
 * URLs never add names.
 */
export function routeTemplate(req: HttpRequest): string {
  const url = req.routeOptions?.url;
  return url === undefined || url === '/*' ? UNMATCHED_ROUTE : url;
}

/** The URL as the client asked for it (path and query). */
export function requestUrl(req: HttpRequest): string {
  return req.originalUrl ?? req.url;
}

/**
 * Whether the client takes HTML: no Accept header, or one that names text/html, text/* or *\/* with a quality
 * above zero (a browser's navigation does; an API client asking for JSON only does not).
 */
export function acceptsHtml(req: HttpRequest): boolean {
  const accept = header(req, 'accept');
  if (!accept) return true;
  return accept
    .slice(0, 1000)
    .split(',')
    .some((part) => {
      const [type, ...params] = part.trim().toLowerCase().split(';');
      if (type !== 'text/html' && type !== 'text/*' && type !== '*/*') return false;
      const quality = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
      return quality === undefined || Number(quality.slice(2)) > 0;
    });
}
