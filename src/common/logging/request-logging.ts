import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Logger } from 'pino';
import type { HttpRequest } from '../http/http.js';
import type { RequestSteps } from '../http/request-steps.js';

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * Requests logged only when they fail: the built client's files and the health checks (a balancer asks every few
 * seconds; a line each would bury the requests people make).
 */
const unlogged = (url: string) => url.startsWith('/build/') || url.startsWith('/api/health');

/** A `token` query parameter and its value, up to the next parameter. */
const TOKEN_PARAMETER = /([?&]token=)[^&#]*/g;

/**
 * The URL as it may be written to a log: the value of every `token` query parameter replaced by `[redacted]`. The
 * one-time links (an invitation, a new password, an account's deletion) carry their token there, and the
 * database keeps only its hash: a log line must not hold what the database does not. The replacement only runs
 * on a URL that has "token=" in it.
 */
export function loggableUrl(url: string): string {
  return url.includes('token=') ? url.replace(TOKEN_PARAMETER, '$1[redacted]') : url;
}

/** A request's id: the caller's X-Request-Id when it looks like one, else a new UUID (Fastify's genReqId). */
export function requestId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && given.length <= 64 && REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * Logs every request once, when its answer is done, with its id (and, while tracing is on, its trace's and span's
 * ids), which is echoed in the X-Request-Id header and in 500 bodies to find the log line of a failure. Nothing is built per request beyond the id unless the
 * line's level is enabled (a busy instance logging at warn pays for the failures only). Link tokens in the URL
 * are redacted (loggableUrl). The built client's
 * files and the health checks are logged only when they fail; a client that hangs up first is logged as
 * information, not as a server error.
 */
export function requestLogging(steps: RequestSteps, logger: Logger): void {
  const log = (level: 'error' | 'warn' | 'info', req: HttpRequest, status: number, elapsed: number, message: string) => {
    if (!logger.isLevelEnabled(level) || (level === 'info' && unlogged(req.url))) return;
    const line: Record<string, unknown> = {
      req: { id: req.id, method: req.method, url: loggableUrl(req.url) },
      res: { statusCode: status },
      responseTime: Math.round(elapsed),
    };
    // While tracing is on, the request's trace and span, sampled or not (trace-context.ts, traceRequests).
    if (req.trace) {
      line.trace_id = req.trace.traceId;
      line.span_id = req.trace.spanId;
    }
    logger[level](line, message);
  };
  steps.onRequest((req, reply) => void reply.header('x-request-id', req.id));
  steps.onResponse((req, reply) => {
    const status = reply.statusCode;
    log(status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info', req, status, reply.elapsedTime, 'request completed');
  });
  // A hang-up: the response closed before the app ended it (also after a whole body was sent).
  if (logger.isLevelEnabled('info'))
    steps.onClose((req, reply) => {
      if (!reply.raw.writableEnded) log('info', req, 0, 0, 'request aborted');
    });
}
