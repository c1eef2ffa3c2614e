import type { FastifyInstance } from 'fastify';
import { AppException } from './app.exception.js';

/**
 * Routes anyone may call with a body: kept small, since a stranger's request must cost us little. 32 kB holds
 * the largest honest one, a 5,000-character contact message even in 4-byte characters.
 */
export const PUBLIC_BODY_ROUTES = ['/api/contatos', '/api/public', '/api/admin/login'];
export const PUBLIC_BODY_LIMIT = 32 * 1024;
/** Admin forms (a company with its billing address is the largest) fit well within this. */
export const ADMIN_BODY_LIMIT = 100 * 1024;
/** Deeper than any body the app accepts; past it, nested input only costs recursion in the validators. */
export const MAX_JSON_DEPTH = 32;

export class JsonTooDeepException extends AppException {
  constructor() {
    super(400, 'JSON_TOO_DEEP', `O JSON enviado tem mais de ${MAX_JSON_DEPTH} níveis aninhados.`);
  }
}

/** How deep a parsed JSON value nests, counted without recursion and stopping as soon as it passes `limit`. */
export function jsonDepthExceeds(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth > limit) return true;
    for (const child of Array.isArray(current) ? current : Object.values(current)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return false;
}

/**
 * The body limits, in place of the defaults: JSON and forms limited to 32 kB on the public routes and 100 kB
 * elsewhere (the global limit, given to the adapter), and JSON nested deeper than 32 levels refused before any
 * validator walks it. The route limits are set as Nest registers its routes, so call this before `init()`.
 */
export function bodyLimits(fastify: FastifyInstance): void {
  fastify.addHook('onRoute', (route) => {
    if (PUBLIC_BODY_ROUTES.some((prefix) => route.url === prefix || route.url.startsWith(`${prefix}/`))) route.bodyLimit = PUBLIC_BODY_LIMIT;
  });
  // A callback hook: it runs on every request, most of them without a body.
  fastify.addHook('preValidation', (req, _reply, done) => {
    if (req.body !== undefined && req.body !== null && typeof req.body === 'object' && jsonDepthExceeds(req.body, MAX_JSON_DEPTH)) {
      return done(new JsonTooDeepException());
    }
    done();
  });
}
