import { ROOT_CONTEXT, SpanKind, SpanStatusCode, context, propagation, trace, type Attributes, type Context, type Span } from '@opentelemetry/api';
import type { FastifyInstance } from 'fastify';
import { requestPath, routeTemplate, UNMATCHED_ROUTE, type HttpRequest } from '../common/http/http.js';
import type { RequestSteps } from '../common/http/request-steps.js';

/** What the tracing (tracing.ts) lends the request hook and the statements: its sampler's decision, its ids and its spans. */
export interface RequestTracer {
  /** Whether the configured sampler (OTEL_TRACES_SAMPLER) records a request span of this trace under `parent`. */
  sampled(parent: Context, traceId: string, name: string): boolean;
  newTraceId(): string;
  newSpanId(): string;
  /**
   * A span in trace `traceId` under `parent`'s span, if any: a sampled request's own (SERVER, in a new trace or
   * the caller's) or one of its statements (CLIENT, under the request's span), from `startMillis` (epoch ms) or now.
   */
  startSpan(name: string, kind: SpanKind, attributes: Attributes, parent: Context, traceId: string, startMillis?: number): Span;
}

/** A request's place in its trace: the ids its log lines carry, and its span when it is sampled. */
export interface RequestTrace {
  traceId: string;
  spanId: string;
  span: Span | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set as the request arrives while tracing is on (null until then); absent when tracing is off. */
    trace?: RequestTrace | null;
  }
}

let tracer: RequestTracer | null = null;

/** The wall clock in milliseconds, to the microsecond: the SDK's own clock (performance's origin and its time since). */
export function nowMillis(): number {
  return performance.timeOrigin + performance.now();
}

/** Called once the tracer provider is registered (tracing.ts); until then nothing here builds a span. */
export function markTracingStarted(requests: RequestTracer): void {
  tracer = requests;
}

/** Whether this process sends traces (OTEL_EXPORTER_OTLP_ENDPOINT was set at start). */
export function isTracing(): boolean {
  return tracer !== null;
}

/** The active span's ids, added to every log line while tracing is on (pino's mixin), to go from a line to its trace. */
export function traceIds(): { trace_id?: string; span_id?: string } {
  const span = trace.getActiveSpan();
  if (!span) return {};
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}

/**
 * Each request as a span named by its route template ("GET /api/admin/users", "GET unmatched"), continuing the
 * caller's trace when it sends a W3C traceparent. The sampler decides first, and only a sampled request gets a
 * span and a context that its handler runs in (with its statements and Redis commands as child spans): making
 * them for every request, recorded or not, cost about 6 % of a list page's throughput (bench/results/agreement.md),
 * where the decision and two ids cost next to nothing. Every request gets trace and span ids for its log line, the
 * ones of its span or, unsampled, its trace's and one drawn for it. The span ends when the response closes
 * (answered, or the client hung up first), with its status; a 5xx marks it failed.
 */
export function traceRequests(fastify: FastifyInstance, steps: RequestSteps): void {
  const requests = tracer;
  if (!requests) return;
  fastify.decorateRequest('trace', null);
  fastify.addHook('onRequest', (req, _reply, done) => {
    const parent = req.headers.traceparent === undefined ? ROOT_CONTEXT : propagation.extract(ROOT_CONTEXT, req.headers);
    const traceId = trace.getSpanContext(parent)?.traceId ?? requests.newTraceId();
    const route = routeTemplate(req);
    const name = `${req.method} ${route}`;
    if (!requests.sampled(parent, traceId, name)) {
      req.trace = { traceId, spanId: requests.newSpanId(), span: null };
      done();
      return;
    }
    const span = requests.startSpan(name, SpanKind.SERVER, requestAttributes(req, route), parent, traceId);
    req.trace = { traceId, spanId: span.spanContext().spanId, span };
    context.with(trace.setSpan(parent, span), done);
  });
  steps.onClose((req, reply) => {
    const span = req.trace?.span;
    if (!span) return;
    if (reply.raw.writableEnded) {
      const status = reply.raw.statusCode;
      span.setAttribute('http.response.status_code', status);
      if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    } else {
      span.setStatus({ code: SpanStatusCode.ERROR, message: 'request aborted' });
    }
    span.end();
  });
}

/** A request span's attributes: its method, its route template when one matched, and its path without the query (which may carry what someone searched for). */
function requestAttributes(req: HttpRequest, route: string): Record<string, string> {
  const attributes: Record<string, string> = { 'http.request.method': req.method, 'url.path': requestPath(req) };
  if (route !== UNMATCHED_ROUTE) attributes['http.route'] = route;
  return attributes;
}

const STATEMENT_TEXT_LIMIT = 2_000;

/** A statement's text in a span: as written, with its placeholders and never its values, cut at 2,000 characters. */
export function statementText(sql: string): string {
  return sql.length > STATEMENT_TEXT_LIMIT ? sql.slice(0, STATEMENT_TEXT_LIMIT) : sql;
}

/** A statement's first word (SELECT, INSERT…), its span's name. */
function operationOf(sql: string): string {
  return /^\s*(\w+)/.exec(sql.slice(0, 20))?.[1]?.toUpperCase() ?? 'QUERY';
}

/**
 * The database's statements as spans under the request's span, on both databases, from the app's own two
 * paths to the database: TypeORM (a subscriber told each statement after it ran, with its duration) and the
 * plain reads that go around it (told when one starts, in the caller's context, and when it ends). A statement
 * gets a span only under a sampled request: an unsampled one would make a span nobody records, and its cost
 * would be paid on every statement of every request (mysql2's own instrumentation formats each statement and
 * wraps its callback whether sampled or not). The text is the statement as written, placeholders and no values.
 */
export function statementSpans(system: 'mysql' | 'sqlite') {
  /** The span of the sampled request (or job) running now, under which a statement gets one, and the tracer making it. */
  const recording = (): { spans: RequestTracer; under: Span } | null => {
    const under = trace.getActiveSpan();
    return tracer && under?.isRecording() ? { spans: tracer, under } : null;
  };
  const open = ({ spans, under }: { spans: RequestTracer; under: Span }, sql: string, startMillis?: number) => {
    const operation = operationOf(sql);
    const attributes = { 'db.system.name': system, 'db.operation.name': operation, 'db.query.text': statementText(sql) };
    return spans.startSpan(operation, SpanKind.CLIENT, attributes, context.active(), under.spanContext().traceId, startMillis);
  };
  const failed = (span: Span, error: unknown) => {
    span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message.slice(0, 200) : 'erro' });
  };
  return {
    afterQuery(event: { query: string; executionTime?: number; success?: boolean; error?: unknown }): void {
      const current = recording();
      if (!current) return;
      const end = nowMillis();
      const span = open(current, event.query, end - (event.executionTime ?? 0));
      if (event.success === false) failed(span, event.error);
      span.end(end);
    },
    start: (sql: string): ((error: Error | null) => void) | null => {
      const current = recording();
      if (!current) return null;
      const span = open(current, sql);
      return (error) => {
        if (error) failed(span, error);
        span.end();
      };
    },
  };
}
