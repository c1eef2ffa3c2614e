import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * Logs every request once, when its answer is done, with a request id: the caller's X-Request-Id when it looks
 * like one, else a new UUID. The id is echoed in the response header and in 500 bodies, to find the log line of
 * a failure. Nothing is built per request beyond the id unless the line's level is enabled (a busy instance
 * logging at warn pays for the failures only). The built client's files are not logged.
 */
export function requestLogging(logger: Logger) {
  return (req: IncomingMessage & { id?: string }, res: ServerResponse, next: () => void): void => {
    const given = req.headers['x-request-id'];
    const id = typeof given === 'string' && given.length <= 64 && REQUEST_ID.test(given) ? given : randomUUID();
    req.id = id;
    res.setHeader('X-Request-Id', id);
    const url = req.url ?? '';
    if (url.startsWith('/build/')) return next();
    const started = performance.now();
    const done = (aborted: boolean) => {
      const status = res.statusCode;
      // A client that hangs up before its answer is done is not the server's failure: logged as information.
      const level = !aborted && status >= 500 ? 'error' : !aborted && status >= 400 ? 'warn' : 'info';
      if (!logger.isLevelEnabled(level)) return;
      logger[level](
        { req: { id, method: req.method, url }, res: { statusCode: status }, responseTime: Math.round(performance.now() - started) },
        aborted ? 'request aborted' : 'request completed',
      );
    };
    res.once('finish', () => done(false));
    res.once('close', () => {
      if (!res.writableFinished) done(true);
    });
    next();
  };
}

declare module 'express-serve-static-core' {
  interface Request {
    /** The request id set by requestLogging (X-Request-Id). */
    id?: string;
  }
}
