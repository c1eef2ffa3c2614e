import type { LoggerService } from '@nestjs/common';
import { pino, type Logger } from 'pino';
import pretty from 'pino-pretty';

/**
 * The app's logger: JSON lines with a request id (what a log collector reads) or, for a person at a
 * terminal in development, one readable line each (`pretty`). The JSON lines go to stdout without blocking the
 * event loop: a line is queued and written while the next requests are served (pino's asynchronous destination),
 * and whatever is still queued is written synchronously when the process exits, so a crash's last line is kept.
 */
export function createLogger(
  level: string,
  { pretty: readable = false, mixin }: { pretty?: boolean; /** Fields added to every line (the trace ids while tracing). */ mixin?: () => object } = {},
): Logger {
  const options = {
    level,
    ...(mixin ? { mixin } : {}),
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'], censor: '[redacted]' },
  };
  if (!readable) return pino(options, pino.destination({ dest: 1, sync: false }));
  return pino(
    options,
    pretty({
      colorize: process.stdout.isTTY,
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'context,req,res,responseTime',
      messageFormat: readableLine,
      singleLine: true,
      sync: true,
    }),
  );
}

interface LogLine {
  context?: string;
  msg?: string;
  req?: { method?: string; url?: string; id?: string };
  res?: { statusCode?: number };
  responseTime?: number;
}

/** 'GET /contato → 200 (12 ms)' for a request, '[Context] message' for the rest. */
function readableLine(log: LogLine, messageKey: string): string {
  if (log.req?.method && log.res?.statusCode !== undefined) return `${log.req.method} ${log.req.url} → ${log.res.statusCode} (${log.responseTime ?? '?'} ms)`;
  const raw = (log as Record<string, unknown>)[messageKey];
  const message = typeof raw === 'string' ? raw : JSON.stringify(raw ?? '');
  return log.context ? `[${log.context}] ${message}` : message;
}

/** Nest's start-up chatter (each module loaded, each route mapped): detail for debugging, not for every start. */
const START_UP_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer']);

/** Nest's own log lines (start-up, routes) go through the same pino logger as everything else. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string) {
    if (context && START_UP_CONTEXTS.has(context)) this.logger.debug({ context }, String(message));
    else this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
  fatal(message: unknown, context?: string) {
    this.logger.fatal({ context }, String(message));
  }
}
