import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/app-config.js';
import { usesAsyncContextFrame } from '../../src/tracing/tracing.js';
import { spawnInstance, type SpawnedInstance } from '../support/instances.js';
import { dropDatabase, testDatabaseEnv, usingMysql } from '../support/test-app.js';
import { acceptedAnswer, receivedSpans, type OtlpSpan, type ReceivedSpan } from '../support/otlp.js';

// Issue 32: OpenTelemetry traces when OTEL_EXPORTER_OTLP_ENDPOINT is set, sent over OTLP/HTTP to a receiver
// started here; the built server runs as a process of its own, as in production (the instrumentations must see
// the packages load).

/** An OTLP/HTTP receiver: every span it is sent, with the service that sent it and the encoding it came in. */
async function startReceiver(): Promise<{ server: Server; endpoint: string; spans: (ReceivedSpan & { encoding: string })[] }> {
  const spans: (ReceivedSpan & { encoding: string })[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/v1/traces') {
        const encoding = req.headers['content-type'] ?? '';
        for (const span of receivedSpans(Buffer.concat(chunks), encoding)) spans.push({ ...span, encoding });
      }
      const answer = acceptedAnswer(req.headers['content-type']);
      res.writeHead(200, { 'Content-Type': answer.contentType }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, spans };
}

const attribute = (span: OtlpSpan, key: string) => span.attributes?.find((item) => item.key === key)?.value.stringValue;
const isDatabaseSpan = (span: OtlpSpan) => (attribute(span, 'db.system.name') ?? attribute(span, 'db.system')) === (usingMysql ? 'mysql' : 'sqlite');

/** The JSON log line of a request, found by its id. */
function logLineOf(lines: string[], requestId: string): Record<string, unknown> | undefined {
  return lines
    .filter((text) => text.startsWith('{'))
    .map((text) => JSON.parse(text) as Record<string, unknown>)
    .find((log) => (log.req as { id?: string } | undefined)?.id === requestId);
}

let receiver: Awaited<ReturnType<typeof startReceiver>>;
const databases: Record<string, string>[] = [];
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => {
  receiver?.server.close();
  for (const env of databases) await dropDatabase(loadConfig({ NODE_ENV: 'test', ...env }, { secretsFile: null }));
});

/** A server of its own on a new database, tracing to the receiver with the given sampler settings. */
async function tracedInstance(env: Record<string, string>, output: { logLines?: string[]; errorLines?: string[] } = {}): Promise<SpawnedInstance> {
  const database = testDatabaseEnv();
  databases.push(database);
  return spawnInstance({ ...database, OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint, ...env }, output);
}

// Each test starts a server process of its own (migrations included), which spawnInstance waits up to 60 s for
// on a loaded machine: the tests get that time, and more than the API suite's usual 30 s.
const SPAWNING = { timeout: 90_000 };

describe('tracing with OTEL_EXPORTER_OTLP_ENDPOINT', SPAWNING, () => {
  it('sends one trace per request, named by its route template, with its database statements, and puts its ids in the log line', async () => {
    const service = `agromaq-${randomBytes(3).toString('hex')}`;
    const logLines: string[] = [];
    // With Redis: the login's rate limit counts there, and its commands are spans of the login's trace.
    const instance = await tracedInstance(
      { OTEL_SERVICE_NAME: service, REDIS_URL: 'redis://127.0.0.1:6379', REDIS_KEY_PREFIX: `agromaq-test-${randomBytes(4).toString('hex')}:` },
      { logLines },
    );
    // Requests that are logged (the health checks are logged only when they fail) and read or write the database.
    const calls = [
      {
        path: '/api/contatos',
        route: 'POST /api/contatos',
        body: { nome: 'Traço', email: 'traco@exemplo.com.br', telefone: '43999990000', mensagem: 'Mensagem de um teste de traços.', origem: 'site' },
      },
      { path: '/api/admin/login', route: 'POST /api/admin/login', body: { username: 'ninguem', password: 'errada', otp: '000000' } },
    ];
    const ids: string[] = [];
    for (const call of calls) {
      const id = randomUUID();
      ids.push(id);
      const res = await fetch(`${instance.url}${call.path}`, {
        method: call.body ? 'POST' : 'GET',
        headers: { 'X-Request-Id': id, 'Content-Type': 'application/json' },
        body: call.body ? JSON.stringify(call.body) : undefined,
      });
      expect(res.status, call.path).toBeLessThan(500);
    }
    // SIGTERM: the spans still in the batch are sent before the process ends.
    expect(await instance.signal('SIGTERM')).toBe(0);

    const mine = receiver.spans.filter((span) => span.service === service);
    // OpenTelemetry's default encoding, OTLP protobuf.
    expect(new Set(mine.map((span) => span.encoding))).toEqual(new Set(['application/x-protobuf']));
    const traceIds = new Set<string>();
    for (const [index, call] of calls.entries()) {
      // The request's log line names its trace.
      const line = logLineOf(logLines, ids[index]);
      expect(line, `the log line of ${call.route}`).toBeDefined();
      expect(line?.trace_id).toMatch(/^[0-9a-f]{32}$/);
      expect(line?.span_id).toMatch(/^[0-9a-f]{16}$/);
      traceIds.add(String(line?.trace_id));

      const inTrace = mine.filter((span) => span.traceId === line?.trace_id);
      const roots = inTrace.filter((span) => !span.parentSpanId);
      expect(roots, call.route).toHaveLength(1);
      const [root] = roots;
      expect(root.name).toBe(call.route);
      expect(root.kind, 'a server span').toBe(2);
      expect(root.spanId, "the log line names the request's span").toBe(line?.span_id);
      expect(inTrace.filter(isDatabaseSpan).length, `${call.route}: its statements`).toBeGreaterThan(0);
      // Every span of the trace hangs from the request's span.
      const known = new Set(inTrace.map((span) => span.spanId));
      for (const span of inTrace) if (span !== root) expect(known.has(span.parentSpanId ?? ''), span.name).toBe(true);
    }
    expect(traceIds.size, 'a trace of its own for each request').toBe(calls.length);
    const login = mine.filter((span) => span.traceId === logLineOf(logLines, ids[1])?.trace_id);
    expect(
      login.filter((span) => (attribute(span, 'db.system.name') ?? attribute(span, 'db.system')) === 'redis').length,
      'its Redis commands',
    ).toBeGreaterThan(0);
    // Statements are sent as written, with placeholders: what the person typed never reaches the collector.
    const loginStatements = login.filter(isDatabaseSpan).map((span) => String(attribute(span, 'db.query.text') ?? ''));
    expect(
      loginStatements.some((text) => text.includes('?')),
      'a statement with its placeholders',
    ).toBe(true);
    for (const span of login) expect(JSON.stringify(span), span.name).not.toMatch(/ninguem|errada/);
  });

  it("continues the caller's trace (W3C traceparent) and names every unknown path alike; in JSON when told", async () => {
    const service = `agromaq-${randomBytes(3).toString('hex')}`;
    const instance = await tracedInstance({ OTEL_SERVICE_NAME: service, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' });
    const traceId = randomBytes(16).toString('hex');
    await fetch(`${instance.url}/api/health`, { headers: { traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` } });
    for (let index = 0; index < 5; index++) await fetch(`${instance.url}/api/${randomBytes(6).toString('hex')}`);
    expect(await instance.signal('SIGTERM')).toBe(0);

    const mine = receiver.spans.filter((span) => span.service === service);
    const continued = mine.filter((span) => span.traceId === traceId);
    expect(continued.map((span) => span.name)).toContain('GET /api/health');
    const unknown = mine.filter((span) => span.kind === 2 && span.name !== 'GET /api/health');
    expect(unknown).toHaveLength(5);
    expect(new Set(unknown.map((span) => span.name))).toEqual(new Set(['GET unmatched']));
    expect(new Set(mine.map((span) => span.encoding))).toEqual(new Set(['application/json']));
  });

  it("sends nothing of an unsampled request, whose log line still names its trace; follows a caller's sampled trace", async () => {
    const service = `agromaq-${randomBytes(3).toString('hex')}`;
    const logLines: string[] = [];
    // Nothing starts a trace here (ratio 0): only a caller's sampled trace is followed. With Redis, so an
    // unsampled login's commands would show if they started traces of their own.
    const instance = await tracedInstance(
      {
        OTEL_SERVICE_NAME: service,
        OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
        OTEL_TRACES_SAMPLER_ARG: '0',
        REDIS_URL: 'redis://127.0.0.1:6379',
        REDIS_KEY_PREFIX: `agromaq-test-${randomBytes(4).toString('hex')}:`,
      },
      { logLines },
    );
    const contact = { nome: 'Traço', email: 'traco@exemplo.com.br', telefone: '43999990000', mensagem: 'Mensagem de um teste de traços.', origem: 'site' };
    const send = async (path: string, body: object | null, traceparent?: string) => {
      const id = randomUUID();
      const headers: Record<string, string> = { 'X-Request-Id': id, 'Content-Type': 'application/json' };
      if (traceparent) headers.traceparent = traceparent;
      const res = await fetch(`${instance.url}${path}`, { method: body ? 'POST' : 'GET', headers, body: body ? JSON.stringify(body) : undefined });
      expect(res.status, path).toBeLessThan(500);
      return id;
    };
    const unsampled = [
      await send('/api/contatos', contact),
      await send('/api/admin/login', { username: 'ninguem', password: 'errada', otp: '000000' }),
      await send('/robots.txt', null),
    ];
    const declined = randomBytes(16).toString('hex');
    const declinedParent = randomBytes(8).toString('hex');
    const declinedId = await send('/api/contatos', contact, `00-${declined}-${declinedParent}-00`);
    const followed = randomBytes(16).toString('hex');
    const followedId = await send('/api/contatos', contact, `00-${followed}-${randomBytes(8).toString('hex')}-01`);
    expect(await instance.signal('SIGTERM')).toBe(0);

    const lines = unsampled.map((id) => logLineOf(logLines, id));
    for (const line of lines) {
      expect(line?.trace_id).toMatch(/^[0-9a-f]{32}$/);
      expect(line?.span_id).toMatch(/^[0-9a-f]{16}$/);
    }
    expect(new Set(lines.map((line) => line?.trace_id)).size, 'a trace id of its own for each request').toBe(unsampled.length);
    // A caller that did not sample its trace: the line carries the caller's trace and a span id of this request's.
    const declinedLine = logLineOf(logLines, declinedId);
    expect(declinedLine?.trace_id).toBe(declined);
    expect(declinedLine?.span_id).toMatch(/^[0-9a-f]{16}$/);
    expect(declinedLine?.span_id).not.toBe(declinedParent);

    // Only the followed trace was sent: no statement, Redis command or queued message of an unsampled request
    // started a trace of its own.
    const mine = receiver.spans.filter((span) => span.service === service);
    expect(new Set(mine.map((span) => span.traceId))).toEqual(new Set([followed]));
    const server = mine.filter((span) => span.kind === 2);
    expect(server.map((span) => span.name)).toEqual(['POST /api/contatos']);
    expect(server[0].spanId).toBe(logLineOf(logLines, followedId)?.span_id);
    expect(mine.filter(isDatabaseSpan).length, 'its statements').toBeGreaterThan(0);
  });

  it('honours OTEL_TRACES_SAMPLER: always_off sends nothing', async () => {
    const service = `agromaq-${randomBytes(3).toString('hex')}`;
    const errorLines: string[] = [];
    const instance = await tracedInstance({ OTEL_SERVICE_NAME: service, OTEL_TRACES_SAMPLER: 'always_off' }, { errorLines });
    for (let index = 0; index < 5; index++) expect((await fetch(`${instance.url}/api/health`)).status).toBe(200);
    expect(await instance.signal('SIGTERM')).toBe(0);
    expect(receiver.spans.filter((span) => span.service === service)).toEqual([]);
    // On a Node.js without AsyncContextFrame (Node 20: this suite's, not the image's Node 24) the operator is told
    // that tracing costs every request there; on one with it, nothing is said. The server runs on this Node.js.
    const warned = errorLines.some((line) => /^Warning: tracing on Node\.js .* async_hooks/.test(line));
    expect(warned, errorLines.join('\n')).toBe(!usesAsyncContextFrame(process.versions.node, (process.env.NODE_OPTIONS ?? '').split(/\s+/)));
  });
});

describe('without OTEL_EXPORTER_OTLP_ENDPOINT', SPAWNING, () => {
  it('sends nothing, and the log lines carry the request id but no trace ids', async () => {
    const before = receiver.spans.length;
    const database = testDatabaseEnv();
    databases.push(database);
    const logLines: string[] = [];
    const errorLines: string[] = [];
    const instance = await spawnInstance(database, { logLines, errorLines });
    const id = randomUUID();
    await fetch(`${instance.url}/robots.txt`, { headers: { 'X-Request-Id': id } });
    expect(await instance.signal('SIGTERM')).toBe(0);
    expect(
      errorLines.filter((line) => line.includes('tracing')),
      'no word of tracing when it is off',
    ).toEqual([]);
    const line = logLineOf(logLines, id);
    expect(line).toBeDefined();
    expect(line).not.toHaveProperty('trace_id');
    expect(receiver.spans.length).toBe(before);
  });
});
