import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { createAdminFixture, loginAs, bearer, nextTestIp, totpCode, type AdminFixture } from '../support/admin-session.js';
import { spawnInstance } from '../support/instances.js';
import { createAppUser } from '../support/row-factories.js';
import { enterpriseBody } from '../support/enterprise-factory.js';
import { startTestS3, type TestS3 } from '../support/s3.js';
import { expectSentAgainOnce, startTestSmtp, type TestSmtp } from '../support/smtp.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Two instances of the app over one MariaDB database, the local Redis and an S3-compatible store, as behind a
// load balancer: what one instance counts, ends, stores or queues, the other sees at once (issue: many
// instances, one truth).
const REDIS_URL = 'redis://127.0.0.1:6379';
const tag = randomBytes(4).toString('hex');

/** The SMTP server's port (down at first in the outage test) and the object store, started once. */
let smtpPort = 0;
let s3: TestS3 | undefined;

/**
 * What two instances of one deployment share: the database, the secrets, the SMTP server and, with `redis`,
 * Redis and the object store.
 */
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
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    APP_URL: 'https://agromaq.test',
    ...(redis ? { REDIS_URL, REDIS_KEY_PREFIX: `agromaq-test-${tag}:`, ...s3!.env } : {}),
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
    // A port with no SMTP server on it yet: the outage test starts one there.
    const parked = await startTestSmtp();
    smtpPort = Number(new URL(parked.url).port);
    await parked.close();
    s3 = await startTestS3();
    shared = await startPair(deployment(true));
    apart = await startPair(deployment(false));
  });

  afterAll(async () => {
    await stopPair(shared);
    await stopPair(apart);
    await s3?.close();
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

  it('idle and confirmed alike on both: a session used only on A stays open on B, one left idle ends on both, a confirmation on A opens B', async () => {
    // A pair of its own with one-minute rules, over its own database and the same Redis.
    const quick = await startPair({
      ...deployment(true),
      DB_NAME: `agromaq_two_idle_${tag}`,
      REDIS_KEY_PREFIX: `agromaq-test-${tag}:idle:`,
      SESSION_IDLE_MINUTES: '1',
      STEP_UP_MINUTES: '1',
    });
    try {
      const active = await loginAs(quick.a, 'master');
      const idle = await loginAs(quick.a, 'gestor');
      // 65 s: `active` makes a request on A every 10 s, never on B; `idle` makes none.
      const started = Date.now();
      while (Date.now() - started < 65_000) {
        await request(quick.a.server).get('/api/admin/contadores').set(bearer(active)).expect(200);
        await new Promise((resolve) => setTimeout(resolve, Math.min(10_000, 65_000 - (Date.now() - started))));
      }
      // B has never served `active`: what A wrote tells it the session is in use.
      await request(quick.b.server).get('/api/admin/contadores').set(bearer(active)).expect(200);
      for (const sut of [quick.b, quick.a])
        expect((await request(sut.server).get('/api/admin/contadores').set(bearer(idle)).expect(401)).body.code).toBe('SESSION_IDLE');

      // Its login is 65 s old: B asks for a confirmation; given on A, B takes the action at once.
      const body = { ip: nextTestIp(), targetRole: 'gestor', descricao: 'Filial' };
      expect((await request(quick.b.server).post('/api/admin/ips-autorizados').set(bearer(active)).send(body).expect(403)).body.code).toBe('STEP_UP_REQUIRED');
      await request(quick.a.server)
        .post('/api/admin/confirmar-identidade')
        .set(bearer(active))
        .send({ otp: await totpCode(active.secret, 1) })
        .expect(200);
      await request(quick.b.server).post('/api/admin/ips-autorizados').set(bearer(active)).send(body).expect(201);
    } finally {
      await stopPair(quick);
    }
  }, 150_000);

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
    // Used on B again and again, so B keeps its authorization (AuthorizationCache): the logout on A must drop it.
    for (let i = 0; i < 3; i++) expect((await request(pair.b.server).get('/api/admin/users/contador/ativos').set(first)).status).toBe(200);
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
    for (let i = 0; i < 3; i++) expect((await request(pair.b.server).get('/api/admin/users/contador/ativos').set(onB)).status).toBe(200);
    await request(pair.a.server).delete(`/api/admin/ips-autorizados/${target.id}`).set(otherHeaders).expect(200);
    const revoked = await request(pair.b.server).get('/api/admin/users/contador/ativos').set(onB);
    expect(revoked.status).toBe(401);
    expect(revoked.body.code).toBe('IP_REVOKED');
  });

  it('a colleague deactivated, demoted, sent a new password link or whose sessions are ended on A is refused on B within a second', async () => {
    const pair = shared!;
    const master = await loginAs(pair.a, 'master');
    const onB = async (headers: Record<string, string>) => (await request(pair.b.server).get('/api/admin/users/contador/ativos').set(headers)).status;
    /** B answers 401 within a second of A's answer (the change's Redis notice, acknowledged by B before A answered). */
    const refusedOnBWithinASecond = async (headers: Record<string, string>) => {
      const until = Date.now() + 1000;
      let status = await onB(headers);
      while (status !== 401 && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        status = await onB(headers);
      }
      expect(status).toBe(401);
    };
    const actions: [string, (id: number) => request.Test][] = [
      ['Desativar', (id) => request(pair.a.server).patch(`/api/admin/admins/${id}`).set(bearer(master)).send({ ativo: false })],
      ['mudar o papel', (id) => request(pair.a.server).patch(`/api/admin/admins/${id}`).set(bearer(master)).send({ role: 'master' })],
      ['Gerar novo link de senha', (id) => request(pair.a.server).post(`/api/admin/admins/${id}/link-senha`).set(bearer(master))],
      ['Encerrar sessões', (id) => request(pair.a.server).delete(`/api/admin/admins/${id}/sessoes`).set(bearer(master))],
    ];
    for (const [name, act] of actions) {
      const colleague = await loginAs(pair.a, 'gestor');
      const id = (await request(pair.b.server).get('/api/admin/me').set(bearer(colleague)).expect(200)).body.admin.id as number;
      // Used on B again and again, so B keeps its authorization: the change on A must drop it there.
      for (let i = 0; i < 3; i++) expect(await onB(bearer(colleague)), name).toBe(200);
      expect((await act(id)).status, name).toBeLessThan(300);
      await refusedOnBWithinASecond(bearer(colleague));
    }
  });

  it("never lose a colleague's edit across instances: a save of one version on A and another on B give one 200 and one 412, 20 times; B reads A's entry in the history", async () => {
    const pair = shared!;
    const maria = await loginAs(pair.a, 'master');
    const gustavo = await loginAs(pair.b, 'gestor');
    for (let round = 0; round < 20; round++) {
      const created = await request(pair.a.server).post('/api/admin/enterprises').set(bearer(maria)).send(enterpriseBody()).expect(201);
      const company = created.body.data as { enterprise_id: number } & Record<string, unknown>;
      const [onA, onB] = await Promise.all([
        request(pair.a.server)
          .put(`/api/admin/enterprises/${company.enterprise_id}`)
          .set(bearer(maria))
          .set('If-Match', '"1"')
          .send(enterpriseBody({ ...company, fone: '(43) 3000-0001' })),
        request(pair.b.server)
          .put(`/api/admin/enterprises/${company.enterprise_id}`)
          .set(bearer(gustavo))
          .set('If-Match', '"1"')
          .send(enterpriseBody({ ...company, site: 'https://outra-instancia.com.br' })),
      ]);
      expect(
        [onA.status, onB.status].sort((x, y) => x - y),
        `round ${round}`,
      ).toEqual([200, 412]);
      const loser = onA.status === 412 ? onA : onB;
      expect(loser.body.code).toBe('EDIT_CONFLICT');
      expect(loser.body.versao_atual).toBe(2);
      const history = await request(onA.status === 200 ? pair.b.server : pair.a.server)
        .get(`/api/admin/enterprises/${company.enterprise_id}/historico`)
        .set(bearer(onA.status === 200 ? gustavo : maria))
        .expect(200);
      expect(history.body.data.map((entry: { versao: number }) => entry.versao)).toEqual([2, 1]);
    }
  });

  it('a declared list is one truth on both: a search total remembered on A follows what B writes and changes in bulk, at once', async () => {
    const pair = shared!;
    const onA = await loginAs(pair.a, 'gestor');
    const onB = await loginAs(pair.b, 'master');
    const marker = `Instancia${tag}`;
    const list = async (query: Record<string, string>) =>
      (await request(pair.a.server).get('/api/admin/enterprises').query(query).set(bearer(onA)).expect(200)).body as {
        total: number;
        data: { fantasia: string }[];
      };
    const active = async () => (await request(pair.a.server).get('/api/admin/enterprises/contador/ativos').set(bearer(onA)).expect(200)).body.total as number;
    // A remembers the search's total (none yet) and the active count.
    expect((await list({ busca: marker })).total).toBe(0);
    const activeBefore = await active();
    for (const name of ['Um', 'Dois', 'Tres'])
      await request(pair.b.server)
        .post('/api/admin/enterprises')
        .set(bearer(onB))
        .send(enterpriseBody({ fantasia: `${marker} ${name}`, razao: `${marker} ${name} LTDA` }))
        .expect(201);
    const found = await list({ busca: marker });
    expect(found.total).toBe(3);
    expect(found.data.map((row) => row.fantasia)).toEqual([`${marker} Dois`, `${marker} Tres`, `${marker} Um`]);
    expect(await active()).toBe(activeBefore + 3);
    // Every result of the search deactivated on B: A's tabs and counter follow.
    const bulk = await request(pair.b.server)
      .post('/api/admin/enterprises/status-em-lote')
      .set(bearer(onB))
      .send({ acao: 'desativar', todos: true, status: 'todos', busca: marker })
      .expect(200);
    expect(bulk.body).toEqual({ alterados: 3, vistos: 3, apos: null });
    expect((await list({ busca: marker, status: 'ativos' })).total).toBe(0);
    expect((await list({ busca: marker, status: 'inativos' })).total).toBe(3);
    expect(await active()).toBe(activeBefore);
  });

  it('serve a logo uploaded through A from B (object storage, not a local folder)', async () => {
    const pair = shared!;
    const admin = await loginAs(pair.a, 'gestor');
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f0e1d50000000049454e44ae426082',
      'hex',
    );
    const uploaded = await request(pair.a.server).post('/api/admin/upload/logo').set(bearer(admin)).attach('file', png, 'marca.png').expect(201);
    const served = await request(pair.b.server)
      .get(uploaded.body.url)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(served.body).toEqual(png);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    // B lists it to be chosen too (one table), and it is in the shared bucket.
    const onB = await loginAs(pair.b, 'gestor');
    const list = await request(pair.b.server).get('/api/admin/logos').set(bearer(onB)).expect(200);
    expect((list.body.data as { filename: string }[]).map((logo) => logo.filename)).toContain(uploaded.body.filename);
    expect(await s3!.keys('logos/')).toContain(`logos/${uploaded.body.filename}`);
  });

  it('lose no e-mail while the SMTP server is down: asked on an instance that then stops, delivered by the other once it is back', async () => {
    const pair = shared!;
    const user = await createAppUser(pair.a, { firstname: 'Rita', lastname: 'Fila' });
    // A third instance of the deployment, a process of its own, takes the request and is then killed (a
    // crash, a node lost) before the SMTP server is back: the message must wait in Redis, not in that process.
    const c = await spawnInstance(deployment(true));
    try {
      const started = Date.now();
      const res = await fetch(`${c.url}/api/public/usuario/esqueci-senha`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': nextTestIp() },
        body: JSON.stringify({ email: user.email }),
      });
      expect(res.status).toBe(200);
      expect(Date.now() - started, 'answered without waiting for the mail server').toBeLessThan(1000);
      await new Promise((resolve) => setTimeout(resolve, 1500));
    } finally {
      await c.kill();
    }

    let back: TestSmtp | undefined;
    try {
      back = await startTestSmtp(smtpPort);
      const mail = await back.next(user.email!, 20_000);
      expect(mail.text).toContain('https://agromaq.test/redefinir-senha?token=');
      // Sent once, by one of the two instances left, and gone from the queue.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      expect(back.messages.filter((message) => JSON.stringify(message.to).includes(user.email!))).toHaveLength(1);
      const redis = new Redis(REDIS_URL);
      const waiting = await redis.zcard(`agromaq-test-${tag}:bull:mail:delayed`);
      const failed = await redis.zcard(`agromaq-test-${tag}:bull:mail:failed`);
      await redis.quit();
      expect({ waiting, failed }).toEqual({ waiting: 0, failed: 0 });
    } finally {
      await back?.close();
    }
  }, 40_000);

  it('send an e-mail again from the shared queue after its answer was lost, with the same Message-ID, once more only', async () => {
    const pair = shared!;
    const user = await createAppUser(pair.a, { firstname: 'Rita', lastname: 'Resposta Perdida' });
    // The SMTP server takes the first message and closes the connection instead of answering it.
    const smtp = await startTestSmtp(smtpPort, { loseAnswers: 1 });
    try {
      await request(pair.b.server).post('/api/public/usuario/esqueci-senha').set('X-Forwarded-For', nextTestIp()).send({ email: user.email }).expect(200);
      await expectSentAgainOnce(smtp, user.email!);
    } finally {
      await smtp.close();
    }
  }, 40_000);
});
