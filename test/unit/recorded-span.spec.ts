import { SpanKind, SpanStatusCode, TraceFlags, type Attributes } from '@opentelemetry/api';
import { JsonTraceSerializer, ProtobufTraceSerializer } from '@opentelemetry/otlp-transformer';
import { resourceFromAttributes } from '@opentelemetry/resources';
import type { ReadableSpan, SpanProcessor } from '@opentelemetry/sdk-trace';
import { describe, expect, it } from 'vitest';
import { RecordedSpan } from '../../src/tracing/recorded-span.js';
import { nowMillis } from '../../src/tracing/trace-context.js';
import { receivedSpans, type ReceivedSpan } from '../support/otlp.js';

// Issue 32: a sampled request's span and its statements' are the app's own records, handed to the SDK's batch
// processor as they end and sent by its OTLP exporter: what reaches the collector must be what an SDK span of the
// same request would have sent.

function sinkOf(ended: ReadableSpan[]) {
  const processor = { onEnd: (span: ReadableSpan) => ended.push(span) } as unknown as SpanProcessor;
  return { processor, resource: resourceFromAttributes({ 'service.name': 'agromaq-teste' }) };
}

/** What a collector receives of these spans in OTLP JSON, each with its scope and service. */
function sent(spans: ReadableSpan[]): ReceivedSpan[] {
  return receivedSpans(JsonTraceSerializer.serializeRequest(spans)!, 'application/json');
}

const TRACE = 'ab'.repeat(16);
const CALLER = { traceId: TRACE, spanId: 'cd'.repeat(8), traceFlags: TraceFlags.SAMPLED, isRemote: true };

type Sink = ReturnType<typeof sinkOf>;
type Parent = ConstructorParameters<typeof RecordedSpan>[5];

/** A request's span as the app's request hook makes it, in trace TRACE, its span id `id` repeated to 8 bytes. */
const requestSpan = (sink: Sink, name: string, id: string, parent: Parent, attributes: Attributes) =>
  new RecordedSpan(sink, { name: 'agromaq-http' }, name, SpanKind.SERVER, { traceId: TRACE, spanId: id.repeat(8) }, parent, attributes);

/** A statement's span as the app's database paths make it. */
const statementSpan = (sink: Sink, name: string, id: string, parent: Parent, attributes: Attributes, startMillis?: number) =>
  new RecordedSpan(sink, { name: 'agromaq-database' }, name, SpanKind.CLIENT, { traceId: TRACE, spanId: id.repeat(8) }, parent, attributes, startMillis);

describe('a span recorded by the app', () => {
  it('is sent as the request span and its statement spans, with ids, parents, kinds, times, attributes and status', () => {
    const ended: ReadableSpan[] = [];
    const sink = sinkOf(ended);
    const before = nowMillis();
    const request = requestSpan(sink, 'GET /api/admin/users', '01', CALLER, { 'http.request.method': 'GET' });
    const statement = statementSpan(sink, 'SELECT', '02', request.spanContext(), { 'db.query.text': 'SELECT 1 FROM users WHERE id = ?' }, before - 5);
    statement.setStatus({ code: SpanStatusCode.ERROR, message: 'Deadlock found' });
    statement.end(before - 2);
    expect(request.isRecording()).toBe(true);
    request.setAttribute('http.response.status_code', 200);
    request.end();
    expect(request.isRecording()).toBe(false);

    const [sentStatement, sentRequest] = sent(ended);
    expect(sentRequest).toMatchObject({
      traceId: TRACE,
      spanId: '01'.repeat(8),
      parentSpanId: CALLER.spanId,
      name: 'GET /api/admin/users',
      kind: 2,
      scope: 'agromaq-http',
      service: 'agromaq-teste',
      status: { code: SpanStatusCode.UNSET },
    });
    expect(sentRequest.attributes).toEqual([
      { key: 'http.request.method', value: { stringValue: 'GET' } },
      { key: 'http.response.status_code', value: { intValue: 200 } },
    ]);
    expect(sentStatement).toMatchObject({
      parentSpanId: '01'.repeat(8),
      name: 'SELECT',
      kind: 3,
      scope: 'agromaq-database',
      status: { code: SpanStatusCode.ERROR, message: 'Deadlock found' },
    });
    // Times in nanoseconds since the epoch, to the microsecond: the statement's given start and end, the request's own.
    const millis = (nanos: string | undefined) => Number(BigInt(nanos ?? 0) / 1000n) / 1000;
    expect(millis(sentStatement.startTimeUnixNano)).toBeCloseTo(before - 5, 2);
    expect(millis(sentStatement.endTimeUnixNano)).toBeCloseTo(before - 2, 2);
    expect(millis(sentRequest.startTimeUnixNano)).toBeGreaterThanOrEqual(before - 0.001);
    expect(millis(sentRequest.endTimeUnixNano)).toBeGreaterThanOrEqual(millis(sentRequest.startTimeUnixNano));
    expect(Math.abs(millis(sentRequest.endTimeUnixNano) - Date.now())).toBeLessThan(1_000);
  });

  it('is handed over once, and changes nothing once ended', () => {
    const ended: ReadableSpan[] = [];
    const span = requestSpan(sinkOf(ended), 'GET /', '03', undefined, {});
    expect(span.spanContext()).toEqual({ traceId: TRACE, spanId: '03'.repeat(8), traceFlags: TraceFlags.SAMPLED });
    span.end();
    span.end();
    span.setAttribute('late', 'x').setStatus({ code: SpanStatusCode.ERROR }).updateName('GET /other');
    expect(ended).toHaveLength(1);
    const [only] = sent(ended);
    expect(only.parentSpanId ?? '').toBe('');
    expect(only).toMatchObject({ name: 'GET /', status: { code: SpanStatusCode.UNSET }, attributes: [] });
  });

  it('a thrown error marks it failed with its message', () => {
    const ended: ReadableSpan[] = [];
    const span = statementSpan(sinkOf(ended), 'INSERT', '04', CALLER, {});
    span.recordException(new Error('Duplicate entry'));
    span.end();
    expect(sent(ended)[0].status).toEqual({ code: SpanStatusCode.ERROR, message: 'Duplicate entry' });
  });

  it('reaches the collector alike in protobuf (the default encoding) and in JSON', () => {
    const ended: ReadableSpan[] = [];
    const sink = sinkOf(ended);
    const request = requestSpan(sink, 'POST /api/contatos', '05', CALLER, { 'http.request.method': 'POST', 'url.path': '/api/contatos?nome=José 🚜' });
    const statement = statementSpan(sink, 'INSERT', '06', request.spanContext(), { 'db.system.name': 'mysql' });
    statement.recordException(new Error('Deadlock found'));
    statement.end();
    request.setAttribute('http.response.status_code', 201);
    request.end();
    const json = sent(ended);
    const protobuf = receivedSpans(ProtobufTraceSerializer.serializeRequest(ended)!, 'application/x-protobuf');
    expect(protobuf).toEqual(json);
    expect(protobuf.map((span) => [span.name, span.kind, span.parentSpanId, span.status?.code])).toEqual([
      ['INSERT', 3, '05'.repeat(8), SpanStatusCode.ERROR],
      ['POST /api/contatos', 2, CALLER.spanId, SpanStatusCode.UNSET],
    ]);
    expect(protobuf[1].attributes).toContainEqual({ key: 'url.path', value: { stringValue: '/api/contatos?nome=José 🚜' } });
    expect(protobuf[1].attributes).toContainEqual({ key: 'http.response.status_code', value: { intValue: 201 } });
  });
});
