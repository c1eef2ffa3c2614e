import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from '../support/private-mariadb.js';

interface Outcome {
  connectedAt: number | null;
  status: number | null;
  error: string | null;
}

/** One request on its own connection, noting when the connection was accepted. */
function call(port: number, path: string, method = 'GET', body?: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const outcome: Outcome = { connectedAt: null, status: null, error: null };
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method,
        agent: false,
        headers: body ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) } : {},
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ ...outcome, status: res.statusCode ?? null }));
        res.on('error', (error) => resolve({ ...outcome, error: error.message }));
      },
    );
    req.on('socket', (socket) => socket.on('connect', () => (outcome.connectedAt = Date.now())));
    req.on('error', (error) => resolve({ ...outcome, error: error.message }));
    req.end(body);
  });
}

describe('stopping the server under load', () => {
  it('SIGTERM lets every accepted request finish and exits 0', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'agromaq-shutdown-'));
    const port = await freePort();
    const server = spawn(process.execPath, ['dist/main.js'], {
      env: {
        ...process.env,
        NODE_ENV: 'development',
        PORT: String(port),
        HOST: '127.0.0.1',
        DB_TYPE: 'sqlite',
        DB_PATH: join(dir, 'db.sqlite'),
        SEED_DEMO: 'false',
        LOG_LEVEL: 'silent',
        UPLOADS_DIR: join(dir, 'uploads'),
        OUTBOX_DIR: join(dir, 'outbox'),
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)));
    try {
      const deadline = Date.now() + 60_000;
      while ((await call(port, '/api/health')).status !== 200) {
        if (Date.now() > deadline) throw new Error('the server did not start');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }

      const outcomes: Promise<Outcome>[] = [];
      let running = true;
      const load = (async () => {
        let index = 0;
        while (running) {
          index += 1;
          outcomes.push(call(port, index % 2 ? '/' : '/contato'));
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      })();
      await new Promise((resolve) => setTimeout(resolve, 800));
      // The load balancer takes the instance out as it is told to stop: no new requests from now on.
      const signalledAt = Date.now();
      running = false;
      server.kill('SIGTERM');
      const code = await Promise.race([exited, new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 15_000))]);
      await load;
      const results = await Promise.all(outcomes);

      expect(code).toBe(0);
      // Every request sent before the signal, including those still queued, gets its answer.
      const accepted = results.filter((outcome) => outcome.connectedAt !== null && outcome.connectedAt < signalledAt);
      expect(accepted.length).toBeGreaterThan(10);
      for (const outcome of accepted) {
        expect(outcome.error, JSON.stringify(outcome)).toBeNull();
        expect(outcome.status).toBe(200);
      }
    } finally {
      if (server.exitCode === null) server.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
