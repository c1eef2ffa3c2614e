import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import { describe, expect, it } from 'vitest';
import { sharedDeployment, spawnInstance, type SpawnedInstance } from '../support/instances.js';
import { freePort } from '../support/private-mariadb.js';
import { startTestApp } from '../support/test-app.js';

// Issue 32: one of two instances is restarted behind a balancer that follows /api/health/ready, under continuous
// load, and not one request fails. On SIGTERM the instance turns not ready at once and keeps answering for
// SHUTDOWN_DELAY_MS while the balancer moves away, then drains and exits 0.
const { tag, env: base } = sharedDeployment('rolling');
const deployment = {
  ...base,
  REDIS_URL: 'redis://127.0.0.1:6379',
  REDIS_KEY_PREFIX: `agromaq-rolling-${tag}:`,
  SHUTDOWN_DELAY_MS: '1500',
};
const PROBE_MS = 250;

/** A balancer as nginx or a cloud one works: requests go round the instances whose readiness answered 200 last. */
async function startBalancer(): Promise<{ port: number; add(instance: SpawnedInstance): void; close(): Promise<void> }> {
  const backends = new Map<number, boolean>();
  let turn = 0;
  const probe = setInterval(() => {
    for (const port of backends.keys()) {
      fetch(`http://127.0.0.1:${port}/api/health/ready`, { signal: AbortSignal.timeout(PROBE_MS * 2) }).then(
        (res) => backends.set(port, res.status === 200),
        () => backends.set(port, false),
      );
    }
  }, PROBE_MS);
  const server: Server = createServer((req, res) => {
    const ready = [...backends].filter(([, up]) => up).map(([port]) => port);
    if (ready.length === 0) {
      res.writeHead(502).end('no instance ready');
      return;
    }
    const port = ready[turn++ % ready.length];
    const forwarded = httpRequest({ host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers }, (answer: IncomingMessage) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forwarded.on('error', () => res.writeHead(502).end('instance failed'));
    req.pipe(forwarded);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port,
    add: (instance) => backends.set(instance.port, false),
    close: async () => {
      clearInterval(probe);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe('a rolling restart behind a balancer that follows readiness', () => {
  it('loses no request while one of two instances is stopped and a new one takes its place', async () => {
    // The database and its migrations first, as a deployment's migration step does.
    const setup = await startTestApp(deployment);
    await setup.app.close();
    if (setup.dataSource.isInitialized) await setup.dataSource.destroy();

    const balancer = await startBalancer();
    const first = await spawnInstance(deployment);
    const second = await spawnInstance(deployment);
    let third: SpawnedInstance | null = null;
    const outcomes: { status: number; at: number }[] = [];
    let running = true;
    try {
      balancer.add(first);
      balancer.add(second);
      // Both in the rotation before the load starts.
      await new Promise((resolve) => setTimeout(resolve, PROBE_MS * 3));
      const worker = async (index: number) => {
        while (running) {
          const path = index % 2 ? '/api/health' : '/contato';
          const status = await fetch(`http://127.0.0.1:${balancer.port}${path}`).then(
            async (res) => {
              await res.arrayBuffer();
              return res.status;
            },
            () => 0,
          );
          outcomes.push({ status, at: Date.now() });
        }
      };
      const workers = Array.from({ length: 6 }, (_, index) => worker(index));
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      // The deploy: the old instance is told to stop, a new one starts and joins.
      const stopped = first.signal('SIGTERM');
      third = await spawnInstance(deployment);
      balancer.add(third);
      expect(await stopped).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      running = false;
      await Promise.all(workers);

      const failed = outcomes.filter((outcome) => outcome.status !== 200);
      expect(outcomes.length).toBeGreaterThan(100);
      expect(failed, `${failed.length} of ${outcomes.length} requests failed`).toEqual([]);
    } finally {
      running = false;
      await balancer.close();
      await Promise.all([first.kill(), second.kill(), third?.kill()]);
      const cleanup = await startTestApp(deployment);
      await cleanup.close();
    }
  });
});
