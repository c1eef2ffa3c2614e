import Fastify from 'fastify';
import pino from 'pino';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
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
  requestLogging(fastify, pino({ level: 'info' }, sink));
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
});
