import type { FastifyInstance } from 'fastify';
import type { HttpRequest } from './http.js';
import type { RequestSteps } from './request-steps.js';

/** Requests that stay open for as long as a tab does (the event streams): not work waiting for an answer. */
const LONG_LIVED = ['/api/admin/eventos'];
export const isLongLived = (url: string): boolean => LONG_LIVED.some((path) => url.startsWith(path));

let inFlight = 0;

declare module 'fastify' {
  interface FastifyRequest {
    /** Counted among the interactive requests in flight until its answer is sent or the client hangs up. */
    interactive: boolean;
  }
}

/**
 * The requests this process is answering right now, event streams excepted. Background work that shares the
 * event loop with them (an import checking its rows) gives way while there are some, for a bounded time, so the
 * pages staff are using answer first and the work goes at full speed when nobody waits.
 */
export function trackInteractiveLoad(fastify: FastifyInstance, steps: RequestSteps): void {
  // A field of every request (Fastify's decorator keeps the request's shape), not a set of requests.
  fastify.decorateRequest('interactive', false);
  steps.onRequest((req) => {
    if (!isLongLived(req.url)) {
      req.interactive = true;
      inFlight += 1;
    }
  });
  const finished = (req: HttpRequest) => {
    if (req.interactive) {
      req.interactive = false;
      inFlight -= 1;
    }
  };
  steps.onResponse(finished);
  steps.onAbort(finished);
}

/** The interactive requests in flight in this process. */
export const interactiveRequests = (): number => inFlight;

/**
 * A turn of the event loop for the requests: waits while some are in flight, at most `maxWaitMs` (the work is
 * slowed, never stopped), then lets the ones that just arrived run before going on.
 */
export async function giveWay(maxWaitMs: number): Promise<void> {
  const until = Date.now() + maxWaitMs;
  while (inFlight > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 2));
  await new Promise((resolve) => setImmediate(resolve));
}
