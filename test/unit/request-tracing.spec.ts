import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { context, propagation, SpanKind, trace, TraceFlags, type Context, type Span, type SpanStatus } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestSteps } from '../../src/common/http/request-steps.js';
import { requestId, requestLogging } from '../../src/common/logging/request-logging.js';
import { markTracingStarted, traceRequests } from '../../src/tracing/trace-context.js';

// Issue 32: each request is a span named by its route template, made only when the sampler keeps it (an unsampled
// request gets no span and no context, which cost every request about 6 %), and every request's log line carries
// its trace's ids. The tracer here records what the hook asks of it; tracing.ts lends the real provider's.

interface Recorded {
  name: string;
  attributes: Record<string, unknown>;
  parent: Context;
  traceId: string;
  status?: SpanStatus;
  ended: boolean;
  span: Span;
}

const spans: Recorded[] = [];
let keep = true;
let drawn = 0;
const sampledWith: { traceId: string; name: string; remote: string | undefined }[] = [];

function recordingSpan(recorded: Omit<Recorded, 'span' | 'ended'>, spanId: string): Recorded {
  const entry = { ...recorded, ended: false } as Recorded;
  entry.span = {
    spanContext: () => ({ traceId: recorded.traceId, spanId, traceFlags: TraceFlags.SAMPLED }),
    setAttribute: (key: string, value: unknown) => {
      entry.attributes[key] = value;
      return entry.span;
    },
    setStatus: (status: SpanStatus) => {
      entry.status = status;
      return entry.span;
    },
    end: () => void (entry.ended = true),
    isRecording: () => !entry.ended,
  } as unknown as Span;
  return entry;
}

beforeAll(() => {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  markTracingStarted({
    sampled: (parent, traceId, name) => {
      sampledWith.push({ traceId, name, remote: trace.getSpanContext(parent)?.spanId });
      return keep;
    },
    newTraceId: () => `${String(++drawn).padStart(32, '0')}`,
    newSpanId: () => `${String(++drawn).padStart(16, '0')}`,
    startSpan: (name, kind, attributes, parent, traceId) => {
      expect(kind).toBe(SpanKind.SERVER);
      const entry = recordingSpan({ name, attributes: { ...attributes }, parent, traceId }, 'a'.repeat(16));
      spans.push(entry);
      return entry.span;
    },
  });
});
afterAll(() => {
  context.disable();
  propagation.disable();
});

/** A Fastify app with the request tracing and logging, the sampler keeping every request or none, and no span recorded yet; its handlers say which span they run in. */
async function tracedApp(lines: Record<string, unknown>[], sampling: boolean): Promise<FastifyInstance> {
  spans.length = 0;
  keep = sampling;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const fastify = Fastify({ genReqId: requestId });
  const steps = requestSteps(fastify);
  traceRequests(fastify, steps);
  requestLogging(steps, pino({ level: 'info' }, sink));
  fastify.get('/api/admin/users/:id', async () => {
    await new Promise((resolve) => setTimeout(resolve, 1));
    return { active: trace.getActiveSpan()?.spanContext().spanId ?? null };
  });
  fastify.get('/falha', async (_req, reply) => reply.code(503).send({ message: 'fora' }));
  return fastify;
}

describe('request tracing (traceRequests)', () => {
  it('makes a sampled request a span named by its route, with its path but not its query, run under it and ended with its status', async () => {
    const lines: Record<string, unknown>[] = [];
    const fastify = await tracedApp(lines, true);
    const answer = await fastify.inject({ url: '/api/admin/users/42?busca=maria@exemplo.com.br' });
    const failed = await fastify.inject({ url: '/falha' });
    await fastify.close();
    expect(answer.json()).toEqual({ active: 'a'.repeat(16) });
    expect(spans.map((span) => span.name)).toEqual(['GET /api/admin/users/:id', 'GET /falha']);
    const [ok, failure] = spans;
    expect(ok.attributes).toEqual({
      'http.request.method': 'GET',
      'url.path': '/api/admin/users/42',
      'http.route': '/api/admin/users/:id',
      'http.response.status_code': 200,
    });
    expect(ok.ended).toBe(true);
    expect(ok.status).toBeUndefined();
    expect(failed.statusCode).toBe(503);
    expect(failure.status?.code, 'a 5xx marks it failed').toBe(2);
    expect(failure.ended).toBe(true);
    // The log line names the span.
    expect(lines[0]).toMatchObject({ trace_id: ok.traceId, span_id: 'a'.repeat(16) });
  });

  it('makes nothing for an unsampled request, whose log line still carries a trace id and a span id', async () => {
    const lines: Record<string, unknown>[] = [];
    const fastify = await tracedApp(lines, false);
    const answer = await fastify.inject({ url: '/api/admin/users/7' });
    await fastify.close();
    expect(spans).toEqual([]);
    expect(answer.json(), 'its handler runs in no span').toEqual({ active: null });
    expect(lines[0].trace_id).toMatch(/^[0-9a-f]{32}$/);
    expect(lines[0].span_id).toMatch(/^[0-9a-f]{16}$/);
    expect(sampledWith.at(-1)).toEqual({ traceId: lines[0].trace_id, name: 'GET /api/admin/users/:id', remote: undefined });
  });

  it("asks the sampler with the caller's trace (traceparent), which an unsampled line then names", async () => {
    const lines: Record<string, unknown>[] = [];
    const fastify = await tracedApp(lines, false);
    const caller = '4bf92f3577b34da6a3ce929d0e0e4736';
    await fastify.inject({ url: '/nada', headers: { traceparent: `00-${caller}-00f067aa0ba902b7-00` } });
    keep = true;
    await fastify.inject({ url: '/api/admin/users/1', headers: { traceparent: `00-${caller}-00f067aa0ba902b7-01` } });
    await fastify.close();
    expect(sampledWith.slice(-2)).toEqual([
      { traceId: caller, name: 'GET unmatched', remote: '00f067aa0ba902b7' },
      { traceId: caller, name: 'GET /api/admin/users/:id', remote: '00f067aa0ba902b7' },
    ]);
    expect(lines[0]).toMatchObject({ trace_id: caller });
    expect(lines[0].span_id).not.toBe('00f067aa0ba902b7');
    expect(spans).toHaveLength(1);
    expect(trace.getSpanContext(spans[0].parent)?.traceId, "the span continues the caller's trace").toBe(caller);
  });

  it('ends the span of a request whose client hung up first, marked failed', async () => {
    const fastify = await tracedApp([], true);
    let entered: () => void = () => {};
    fastify.get('/lento', async () => {
      entered();
      await new Promise((resolve) => setTimeout(resolve, 150));
      return 'ok';
    });
    const base = new URL(await fastify.listen({ port: 0, host: '127.0.0.1' }));
    try {
      const arrived = new Promise<void>((resolve) => (entered = resolve));
      const socket = connect(Number(base.port), '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.write(['GET /lento HTTP/1.1', 'Host: 127.0.0.1', '', ''].join('\r\n'));
      await arrived;
      socket.destroy();
      await new Promise((resolve) => setTimeout(resolve, 300));
    } finally {
      await fastify.close();
    }
    expect(spans).toHaveLength(1);
    expect(spans[0].ended).toBe(true);
    expect(spans[0].status).toEqual({ code: 2, message: 'request aborted' });
    expect(spans[0].attributes).not.toHaveProperty('http.response.status_code');
  });
});
