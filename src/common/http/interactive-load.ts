import type { RequestSteps } from './request-steps.js';

/** Requests that stay open for as long as a tab does (the event streams): not work waiting for an answer. */
const LONG_LIVED = ['/api/admin/eventos'];
export const isLongLived = (url: string): boolean => LONG_LIVED.some((path) => url.startsWith(path));

let inFlight = 0;

/**
 * The requests this process is answering right now, event streams excepted. Background work that shares the
 * event loop with them (an import checking its rows) gives way while there are some, for a bounded time, so the
 * pages staff are using answer first and the work goes at full speed when nobody waits.
 *
 * A request stops counting when its response closes (sent, or its client gone), not on Fastify's onResponse and
 * onRequestAbort: a client that hangs up after sending a whole body gets neither, and would stay counted for
 * good, making every later import wait its longest at every turn.
 */
export function trackInteractiveLoad(steps: RequestSteps): void {
  steps.onRequest((req) => {
    if (!isLongLived(req.url)) inFlight += 1;
  });
  steps.onClose((req) => {
    if (!isLongLived(req.url)) inFlight -= 1;
  });
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
