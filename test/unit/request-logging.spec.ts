import Fastify from 'fastify';
import pino from 'pino';
import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { requestSteps } from '../../src/common/http/request-steps.js';
import { requestId, requestLogging } from '../../src/common/logging/request-logging.js';

/** A Fastify app with the request logging, its lines collected; each route answers the status in its query. */
async function logged(paths: string[]): Promise<{ url: string; level: number }[]> {
  const lines: { req: { url: string }; level: number }[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as { req: { url: string }; level: number });
      done();
    },
  });
  const fastify = Fastify({ genReqId: requestId });
  requestLogging(requestSteps(fastify), pino({ level: 'info' }, sink));
  fastify.get('/*', async (req, reply) => reply.code(Number((req.query as { status?: string }).status ?? 200)).send('ok'));
  for (const url of paths) await fastify.inject({ url });
  await fastify.close();
  return lines.map((line) => ({ url: line.req.url, level: line.level }));
}

describe('request logging', () => {
  it('logs every request once, but the health checks and built files only when they fail', async () => {
    const lines = await logged([
      '/contato',
      '/api/health',
      '/api/health/live',
      '/build/app.js',
      '/api/health/ready?status=503',
      '/build/missing.js?status=404',
      '/api/x?status=500',
    ]);
    expect(lines).toEqual([
      { url: '/contato', level: 30 },
      { url: '/api/health/ready?status=503', level: 50 },
      { url: '/build/missing.js?status=404', level: 40 },
      { url: '/api/x?status=500', level: 50 },
    ]);
  });

  it('logs a client that hangs up before the answer, also after sending a whole body', async () => {
    const lines: { req: { method: string; url: string }; msg: string }[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as { req: { method: string; url: string }; msg: string });
        done();
      },
    });
    const fastify = Fastify({ genReqId: requestId });
    requestLogging(requestSteps(fastify), pino({ level: 'info' }, sink));
    let entered: () => void = () => {};
    fastify.put('/empresa', async (req) => {
      entered();
      await new Promise((resolve) => setTimeout(resolve, 150));
      return req.body;
    });
    const base = new URL(await fastify.listen({ port: 0, host: '127.0.0.1' }));
    try {
      const arrived = new Promise<void>((resolve) => (entered = resolve));
      const socket = connect(Number(base.port), '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      const body = '{"numero":"12"}';
      socket.write(['PUT /empresa HTTP/1.1', 'Host: 127.0.0.1', 'Content-Type: application/json', `Content-Length: ${body.length}`, '', body].join('\r\n'));
      await arrived;
      socket.destroy();
      await new Promise((resolve) => setTimeout(resolve, 300));
      await fetch(new URL('/empresa', base), { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body });
    } finally {
      await fastify.close();
    }
    // One line each: the cut request as aborted (and not again when its handler ends), the other as completed.
    expect(lines.map((line) => `${line.req.method} ${line.req.url} ${line.msg}`)).toEqual(['PUT /empresa request aborted', 'PUT /empresa request completed']);
  });
});
