import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { createAdminFixture, nextTestIp, totpCode, type AdminFixture } from '../support/admin-session.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Two instances of the app over one MariaDB database and the local Redis, as behind a load balancer: what one
// instance counts or ends, the other sees at once (issue: many instances, one truth).
const REDIS_URL = 'redis://127.0.0.1:6379';
const tag = randomBytes(4).toString('hex');

/** What two instances of one deployment share: the database, the secrets and, with `redis`, Redis. */
function deployment(redis: boolean): Record<string, string> {
  return {
    DB_TYPE: 'mysql',
    DB_HOST: process.env.DB_HOST ?? '127.0.0.1',
    DB_PORT: process.env.DB_PORT ?? '3306',
    DB_USER: process.env.DB_USER ?? 'root',
    DB_PASSWORD: process.env.DB_PASSWORD ?? '',
    DB_NAME: `agromaq_two_${redis ? 'redis' : 'memory'}_${tag}`,
    JWT_SECRET: randomBytes(48).toString('base64url'),
    APP_KEY: randomBytes(32).toString('base64url'),
    ...(redis ? { REDIS_URL, REDIS_KEY_PREFIX: `agromaq-test-${tag}:` } : {}),
  };
}

interface Pair {
  a: TestApp;
  b: TestApp;
}

/** Starts instance A (which creates and migrates the database), then B on the same database. */
async function startPair(env: Record<string, string>): Promise<Pair> {
  const a = await startTestApp(env);
  const b = await startTestApp(env);
  return { a, b };
}

async function stopPair(pair: Pair | undefined): Promise<void> {
  if (!pair) return;
  await pair.b.app.close();
  if (pair.b.dataSource.isInitialized) await pair.b.dataSource.destroy();
  await pair.a.close();
}

/** What a login from an address no IP rule authorizes answers, until the address's limit is spent. */
const NOT_AUTHORIZED = 403;

const wrongLogin = (sut: TestApp, admin: AdminFixture, ip: string) =>
  request(sut.server).post('/api/admin/login').set('X-Forwarded-For', ip).send({ username: admin.username, password: 'senha-errada', otp: '000000' });

/** Wrong logins from one address, alternating between the instances; the statuses in order. */
async function alternatingFailures(pair: Pair, admin: AdminFixture, ip: string, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let attempt = 0; attempt < count; attempt++) statuses.push((await wrongLogin(attempt % 2 === 0 ? pair.a : pair.b, admin, ip)).status);
  return statuses;
}

let redisUp = false;

beforeAll(async () => {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redisUp = await probe.connect().then(
    () => true,
    () => false,
  );
  probe.disconnect();
});

describe('two instances over one database and one Redis', () => {
  let shared: Pair | undefined;
  let apart: Pair | undefined;

  beforeAll(async () => {
    if (!redisUp) throw new Error('Redis is not answering on 127.0.0.1:6379 (start it: redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "")');
    shared = await startPair(deployment(true));
    apart = await startPair(deployment(false));
  });

  afterAll(async () => {
    await stopPair(shared);
    await stopPair(apart);
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`agromaq-test-${tag}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('count the login limit together: 10 wrong logins spread over both leave the 11th refused on either', async () => {
    const pair = shared!;
    const admin = await createAdminFixture(pair.a, 'master');
    const attacker = nextTestIp();
    const statuses = await alternatingFailures(pair, admin, attacker, 10);
    expect(statuses.every((status) => status === NOT_AUTHORIZED)).toBe(true);
    expect((await wrongLogin(pair.a, admin, attacker)).status).toBe(429);
    expect((await wrongLogin(pair.b, admin, attacker)).status).toBe(429);
    // Another address is not affected, on either instance.
    expect((await wrongLogin(pair.b, admin, nextTestIp())).status).toBe(NOT_AUTHORIZED);
  });

  it('count the limit per account and address together: 8 wrong passwords from the admin’s own IP over both, then the 9th refused', async () => {
    const pair = shared!;
    const admin = await createAdminFixture(pair.a, 'master');
    const statuses = await alternatingFailures(pair, admin, admin.ip, 8);
    expect(statuses.every((status) => status === 401)).toBe(true);
    const ninth = await wrongLogin(pair.b, admin, admin.ip);
    expect(ninth.status).toBe(429);
    expect((await wrongLogin(pair.a, admin, admin.ip)).status).toBe(429);
  });

  it('count apart without Redis (the control: each process keeps its own count)', async () => {
    const pair = apart!;
    const admin = await createAdminFixture(pair.a, 'master');
    const attacker = nextTestIp();
    const statuses = await alternatingFailures(pair, admin, attacker, 12);
    expect(statuses.every((status) => status === NOT_AUTHORIZED)).toBe(true);
  });

  it('end a session everywhere: logged out on A, refused on B at the next request; an IP removed on A ends B’s sessions', async () => {
    const pair = shared!;
    const admin = await createAdminFixture(pair.a, 'master');
    const login = async (sut: TestApp) => {
      const res = await request(sut.server)
        .post('/api/admin/login')
        .set('X-Forwarded-For', admin.ip)
        .send({ username: admin.username, password: admin.password, otp: await totpCode(admin.secret) });
      expect(res.status).toBe(200);
      return { Authorization: `Bearer ${res.body.token as string}`, 'X-Forwarded-For': admin.ip };
    };

    const first = await login(pair.a);
    expect((await request(pair.b.server).get('/api/admin/users/contador/ativos').set(first)).status).toBe(200);
    expect((await request(pair.a.server).post('/api/admin/logout').set(first)).status).toBeLessThan(300);
    const afterLogout = await request(pair.b.server).get('/api/admin/users/contador/ativos').set(first);
    expect(afterLogout.status).toBe(401);

    // The next code of the authenticator (a code is accepted once), logged in on B this time.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const second = await request(pair.b.server)
      .post('/api/admin/login')
      .set('X-Forwarded-For', admin.ip)
      .send({ username: admin.username, password: admin.password, otp: await totpCode(admin.secret, 1) });
    expect(second.status).toBe(200);
    const onB = { Authorization: `Bearer ${second.body.token as string}`, 'X-Forwarded-For': admin.ip };
    expect((await request(pair.a.server).get('/api/admin/users/contador/ativos').set(onB)).status).toBe(200);

    // Another master removes the admin's IP through A: B refuses the session at once, saying why.
    const other = await createAdminFixture(pair.a, 'master');
    const otherLogin = await request(pair.a.server)
      .post('/api/admin/login')
      .set('X-Forwarded-For', other.ip)
      .send({ username: other.username, password: other.password, otp: await totpCode(other.secret) });
    expect(otherLogin.status).toBe(200);
    const otherHeaders = { Authorization: `Bearer ${otherLogin.body.token as string}`, 'X-Forwarded-For': other.ip };
    const ips = (await request(pair.a.server).get('/api/admin/ips-autorizados').set(otherHeaders).expect(200)).body.data as { id: number; ip: string }[];
    const target = ips.find((row) => row.ip === admin.ip)!;
    await request(pair.a.server).delete(`/api/admin/ips-autorizados/${target.id}`).set(otherHeaders).expect(200);
    const revoked = await request(pair.b.server).get('/api/admin/users/contador/ativos').set(onB);
    expect(revoked.status).toBe(401);
    expect(revoked.body.code).toBe('IP_REVOKED');
  });
});
