import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { Contact } from '../../src/contacts/contact.entity.js';
import { nextTestIp } from '../support/admin-session.js';
import { mariadbAvailable, PrivateMariaDb } from '../support/private-mariadb.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let db: PrivateMariaDb;
let sut: TestApp;

beforeAll(async () => {
  if (!mariadbAvailable) return;
  db = await PrivateMariaDb.create();
  sut = await startTestApp({ DB_TYPE: 'mysql', DB_HOST: '127.0.0.1', DB_PORT: String(db.port), DB_USER: 'root', DB_PASSWORD: '', DB_NAME: 'agromaq_fault' });
});

afterAll(async () => {
  await sut?.app.close();
  if (sut?.dataSource.isInitialized) await sut.dataSource.destroy().catch(() => undefined);
  await db?.destroy();
});

interface Outcome {
  message: string;
  status: number;
  code?: string;
  retryAfter?: string;
  ms: number;
  at: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!mariadbAvailable)('the database dies under load and comes back', () => {
  it('answers 503 DB_UNAVAILABLE within 2 s while it is down, recovers by itself, and loses no acknowledged contact', async () => {
    const outcomes: Outcome[] = [];
    let running = true;
    let counter = 0;
    const worker = async () => {
      while (running) {
        counter += 1;
        const message = `Mensagem de teste de falha número ${counter}.`;
        const started = Date.now();
        const res = await request(sut.server)
          .post('/api/contatos')
          .set('X-Forwarded-For', nextTestIp())
          .send({ nome: 'Carga', email: 'carga@exemplo.com.br', telefone: '43999990000', mensagem: message, empresa: '', origem: 'site' })
          .timeout(8000)
          .catch((error: { response?: request.Response }) => error.response ?? null);
        outcomes.push({
          message,
          status: res?.status ?? 0,
          code: res?.body?.code,
          retryAfter: res?.headers['retry-after'],
          ms: Date.now() - started,
          at: Date.now(),
        });
        await sleep(20);
      }
    };
    const workers = Array.from({ length: 4 }, worker);

    await sleep(1500);
    const killedAt = Date.now();
    await db.kill();
    await sleep(3000);
    const health = await request(sut.server).get('/api/health');
    expect(health.status).toBe(503);
    expect(health.body.database.status).toBe('down');

    const restartAt = Date.now();
    await db.start();
    const backAt = Date.now();
    // Wait until requests succeed again (the pool reconnects by itself), at most 10 s.
    while (Date.now() - backAt < 10_000 && !outcomes.some((outcome) => outcome.at > backAt && outcome.status === 201)) await sleep(100);
    await sleep(1000);
    running = false;
    await Promise.all(workers);

    const during = outcomes.filter((outcome) => outcome.at - outcome.ms > killedAt + 500 && outcome.at < restartAt);
    expect(during.length).toBeGreaterThan(5);
    for (const outcome of during) {
      expect(outcome.status, JSON.stringify(outcome)).toBe(503);
      expect(outcome.code).toBe('DB_UNAVAILABLE');
      expect(outcome.retryAfter).toBe('5');
      expect(outcome.ms).toBeLessThanOrEqual(2000);
    }
    const recovered = outcomes.find((outcome) => outcome.at > backAt && outcome.status === 201);
    expect(recovered, 'no successful request after the database came back').toBeDefined();
    expect(recovered!.at - backAt).toBeLessThan(10_000);
    expect((await request(sut.server).get('/api/health')).status).toBe(200);

    expect(outcomes.filter((outcome) => outcome.status !== 201 && outcome.status !== 503)).toEqual([]);
    const acknowledged = outcomes.filter((outcome) => outcome.status === 201).map((outcome) => outcome.message);
    const stored = new Set((await sut.dataSource.getRepository(Contact).find({ select: { mensagem: true } })).map((row) => row.mensagem));
    for (const message of acknowledged) expect(stored.has(message), message).toBe(true);
  });
});
