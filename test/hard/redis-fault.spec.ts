import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/app-config.js';
import { Contact } from '../../src/contacts/contact.entity.js';
import { MetricsServer } from '../../src/metrics/metrics.module.js';
import { bearer, loginAs, nextTestIp, type AdminSession } from '../support/admin-session.js';
import { PrivateRedis, redisServerAvailable } from '../support/private-redis.js';
import { spawnInstance } from '../support/instances.js';
import { dropDatabase, startTestApp, testDatabaseEnv, type TestApp } from '../support/test-app.js';

// Issue 39: Redis is a limiter, a cache and a queue here, never the record. While it is away a farmer's lead and
// an LGPD request are still taken (their limits counted in the instance's memory), the limits that guard against
// guessing refuse with 503 CACHE_UNAVAILABLE and Retry-After, readiness stays 200 naming Redis as down, and nothing
// answers 500. A Redis of the test's own is stopped; the machine's is never touched.

let redis: PrivateRedis;
let sut: TestApp;
let admin: AdminSession;
beforeAll(async () => {
  if (!redisServerAvailable) return;
  redis = await PrivateRedis.create();
  sut = await startTestApp({ REDIS_URL: redis.url, REDIS_KEY_PREFIX: 'agromaq-fault:', METRICS_PORT: '0' });
  admin = await loginAs(sut, 'master');
});
afterAll(async () => {
  await sut?.close();
  await redis?.stop();
});

const contact = (mensagem: string) =>
  request(sut.server)
    .post('/api/contatos')
    .set('X-Forwarded-For', nextTestIp())
    .send({ nome: 'Produtor no campo', email: 'produtor@exemplo.com.br', telefone: '43999990000', mensagem, empresa: '', origem: 'site' });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!redisServerAvailable)('Redis goes away and comes back', () => {
  it('keeps taking leads and LGPD requests, refuses logins and password resets with 503, and stays ready', async () => {
    expect((await contact('Antes da queda do Redis.')).status).toBe(201);
    await redis.stop();
    await sleep(300);

    // The lead is stored, at once.
    const started = Date.now();
    const lead = await contact('Durante a queda do Redis: quero uma cotação de colheitadeira.');
    expect(lead.status, JSON.stringify(lead.body)).toBe(201);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(await sut.dataSource.getRepository(Contact).countBy({ mensagem: 'Durante a queda do Redis: quero uma cotação de colheitadeira.' })).toBe(1);
    // Its limit still counts, in this instance: 5 per 10 minutes per IP.
    const ip = nextTestIp();
    const statuses: number[] = [];
    for (let index = 0; index < 6; index++) {
      statuses.push(
        (
          await request(sut.server)
            .post('/api/contatos')
            .set('X-Forwarded-For', ip)
            .send({
              nome: 'Limite',
              email: 'limite@exemplo.com.br',
              telefone: '43999990000',
              mensagem: `Mensagem ${index} com Redis fora.`,
              empresa: '',
              origem: 'site',
            })
        ).status,
      );
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);

    // The back office goes on: the lead is on Contatos and can be marked as answered, by a session opened before.
    const list = await request(sut.server).get('/api/admin/contatos?status=pendente').set(bearer(admin));
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const row = (list.body.data as { id: number; mensagem: string }[]).find((item) => item.mensagem.startsWith('Durante a queda do Redis'));
    expect(row).toBeDefined();
    const answered = await request(sut.server).patch(`/api/admin/contatos/${row!.id}/respondido`).set(bearer(admin)).send({ canal: 'whatsapp' });
    expect(answered.status, JSON.stringify(answered.body)).toBeLessThan(300);

    // An LGPD request (account deletion) is taken; the answer is the same whether the address exists.
    const deletion = await request(sut.server)
      .post('/api/public/usuario/excluir-conta')
      .set('X-Forwarded-For', nextTestIp())
      .send({ email: 'alguem@exemplo.com.br' });
    expect(deletion.status, JSON.stringify(deletion.body)).toBe(200);

    // The limits against guessing refuse rather than count per instance: 503, Retry-After, a Portuguese message.
    for (const call of [
      request(sut.server).post('/api/admin/login').set('X-Forwarded-For', nextTestIp()).send({ username: 'admin', password: 'qualquer', otp: '000000' }),
      request(sut.server).post('/api/public/usuario/esqueci-senha').set('X-Forwarded-For', nextTestIp()).send({ email: 'alguem@exemplo.com.br' }),
    ]) {
      const res = await call;
      expect(res.status, JSON.stringify(res.body)).toBe(503);
      expect(res.body).toMatchObject({
        code: 'CACHE_UNAVAILABLE',
        message: 'Não foi possível verificar o limite de tentativas agora. Tente novamente em instantes.',
      });
      expect(res.headers['retry-after']).toMatch(/^\d+$/);
    }

    // Still ready (one Redis blink must not empty the balancer), naming Redis as down.
    const ready = await request(sut.server).get('/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.checks.redis).toBe('down');
    const metrics = await (await fetch(`http://127.0.0.1:${sut.app.get(MetricsServer).port}/metrics`)).text();
    expect(metrics).toMatch(/^agromaq_rate_limit_local_total\{limit="contact-ip"\} [1-9]\d*$/m);
    expect(metrics).toMatch(/^agromaq_dependency_up\{part="redis"\} 0$/m);

    // Back: within 5 s the login is counted in Redis again (a wrong password: 401, not 503).
    await redis.start();
    const back = Date.now();
    let login = 503;
    while (Date.now() - back < 5_000 && login === 503) {
      login = (
        await request(sut.server).post('/api/admin/login').set('X-Forwarded-For', '127.0.0.1').send({ username: 'ninguem', password: 'errada', otp: '000000' })
      ).status;
      if (login === 503) await sleep(200);
    }
    expect(login).not.toBe(503);
    let redisCheck = 'down';
    while (Date.now() - back < 5_000 && redisCheck !== 'up') {
      redisCheck = (await request(sut.server).get('/api/health/ready')).body.checks.redis as string;
      if (redisCheck !== 'up') await sleep(200);
    }
    expect(redisCheck).toBe('up');
  });

  it('stops cleanly within seconds on SIGTERM while Redis is away', async () => {
    const own = await PrivateRedis.create();
    const database = testDatabaseEnv();
    const instance = await spawnInstance({ ...database, REDIS_URL: own.url, REDIS_KEY_PREFIX: 'agromaq-fault-stop:' });
    try {
      await own.stop();
      await sleep(500);
      const started = Date.now();
      // Before, the mail queue waited for Redis and the stop was cut after 10 s with exit code 1.
      expect(await instance.signal('SIGTERM')).toBe(0);
      expect(Date.now() - started).toBeLessThan(8_000);
    } finally {
      await dropDatabase(loadConfig({ NODE_ENV: 'test', ...database }, { secretsFile: null }));
    }
  });
});
