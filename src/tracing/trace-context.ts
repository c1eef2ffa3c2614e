import { SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';

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
  const tracer = trace.getTracer('agromaq-database');
  const open = (sql: string, startTime?: number) => {
    const operation = operationOf(sql);
    return tracer.startSpan(operation, {
      kind: SpanKind.CLIENT,
      startTime,
      attributes: { 'db.system.name': system, 'db.operation.name': operation, 'db.query.text': statementText(sql) },
    });
  };
  const failed = (span: Span, error: unknown) => {
    span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message.slice(0, 200) : 'erro' });
  };
  return {
    afterQuery(event: { query: string; executionTime?: number; success?: boolean; error?: unknown }): void {
      if (!trace.getActiveSpan()?.isRecording()) return;
      const end = Date.now();
      const span = open(event.query, end - (event.executionTime ?? 0));
      if (event.success === false) failed(span, event.error);
      span.end(end);
    },
    start: (sql: string): ((error: Error | null) => void) | null => {
      if (!trace.getActiveSpan()?.isRecording()) return null;
      const span = open(sql);
      return (error) => {
        if (error) failed(span, error);
        span.end();
      };
    },
  };
}
