import { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ACK_WAIT_MS, AuthorizationCache } from '../../src/auth/authorization-cache.js';
import type { AppConfig } from '../../src/config/app-config.js';

// The authorization kept by an instance must be gone on every instance when a change to sessions, admins or
// addresses answers (a logout on A, then a request on B). Redis handing the change to B's socket is not B
// having read it: these tests put a stand-in instance on the channel that is slow to read, or never reads.
const REDIS_URL = 'redis://127.0.0.1:6379';
const prefix = `agromaq-test-authz-${process.pid}-${Date.now()}:`;
const channel = `${prefix}authorization-changed`;

const started: AuthorizationCache[] = [];
const clients: Redis[] = [];

async function instance(): Promise<AuthorizationCache> {
  const cache = new AuthorizationCache({ subscribers: [] } as unknown as DataSource, { redis: { url: REDIS_URL, keyPrefix: prefix } } as unknown as AppConfig);
  await cache.onModuleInit();
  started.push(cache);
  return cache;
}

/** A stand-in instance: reads each change, and says it dropped after `delayMs` (never, when null). */
async function standIn(delayMs: number | null): Promise<{ dropped: string[] }> {
  const subscriber = new Redis(REDIS_URL);
  const publisher = new Redis(REDIS_URL);
  clients.push(subscriber, publisher);
  const dropped: string[] = [];
  subscriber.on('message', (_channel: string, id: string) => {
    if (delayMs === null) return;
    setTimeout(() => {
      dropped.push(id);
      void publisher.publish(`${channel}:dropped`, id);
    }, delayMs);
  });
  await subscriber.subscribe(channel);
  return { dropped };
}

afterEach(async () => {
  await Promise.all(started.splice(0).map((cache) => cache.onApplicationShutdown()));
  await Promise.all(clients.splice(0).map((client) => client.quit().catch(() => undefined)));
});

afterAll(async () => {
  const redis = new Redis(REDIS_URL);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

describe('authorization changes across instances (Redis)', () => {
  it('a change answers only after every other instance has said it dropped what it kept', async () => {
    const a = await instance();
    const slow = await standIn(300);
    await a.changed();
    expect(slow.dropped).toHaveLength(1);
  });

  it('an instance that kept an authorization has none left when the change on another one answers', async () => {
    const a = await instance();
    const b = await instance();
    for (let round = 0; round < 20; round++) {
      b.set('jti|ip', { admin_id: 1 }, b.current);
      expect(b.get('jti|ip')).toEqual({ admin_id: 1 });
      await a.changed();
      expect(b.get('jti|ip')).toBeUndefined();
    }
  });

  it('waits for an instance that never answers, and gives up on it after ACK_WAIT_MS', async () => {
    const a = await instance();
    await standIn(null);
    const began = performance.now();
    await a.changed();
    // Not a speed check: the change must not wait for ever on an instance that is gone or stalled.
    expect(performance.now() - began).toBeGreaterThanOrEqual(ACK_WAIT_MS - 50);
  }, 10_000);
});
