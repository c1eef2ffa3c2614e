import { SpanKind, trace } from '@opentelemetry/api';

let started = false;

/** Called once the tracer provider is registered (tracing.ts); until then nothing here builds a span. */
export function markTracingStarted(): void {
  started = true;
}

/** Whether this process sends traces (OTEL_EXPORTER_OTLP_ENDPOINT was set at start). */
export function isTracing(): boolean {
  return started;
}

/** The active span's ids, added to every log line while tracing is on (pino's mixin), to go from a line to its trace. */
export function traceIds(): { trace_id?: string; span_id?: string } {
  const span = trace.getActiveSpan();
  if (!span) return {};
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}

const STATEMENT_TEXT_LIMIT = 2_000;

/**
 * SQLite's statements as spans under the request's span: there is no instrumentation for better-sqlite3 (MySQL's
 * come from mysql2's). A TypeORM subscriber, told each statement after it ran with its duration.
 */
export function sqliteStatementSpans() {
  const tracer = trace.getTracer('agromaq-sqlite');
  return {
    afterQuery(event: { query: string; executionTime?: number }): void {
      if (!trace.getActiveSpan()) return;
      const end = Date.now();
      const operation = /^\s*(\w+)/.exec(event.query.slice(0, 20))?.[1]?.toUpperCase() ?? 'QUERY';
      const span = tracer.startSpan(operation, {
        kind: SpanKind.CLIENT,
        startTime: end - (event.executionTime ?? 0),
        attributes: { 'db.system.name': 'sqlite', 'db.operation.name': operation, 'db.query.text': event.query.slice(0, STATEMENT_TEXT_LIMIT) },
      });
      span.end(end);
    },
  };
}
