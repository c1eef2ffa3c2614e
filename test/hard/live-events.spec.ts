import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs, nextTestIp } from '../support/admin-session.js';
import { sharedDeployment, spawnInstance } from '../support/instances.js';
import { startProxy } from '../support/tcp-proxy.js';
import { listeningPort, openStream, type ReceivedEvent, type TestStream } from '../support/sse.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Live events across instances (issue 30), over one MariaDB database and the local Redis: a session ended on
// one instance closes its streams on another within a second; a stopping instance hands its tabs a retry and
// exits at once; an instance that loses Redis says so, and replays what it missed when Redis is back.
const { tag, env: base } = sharedDeployment('live');
const shared = {
  ...base,
  REDIS_KEY_PREFIX: `agromaq-live-hard-${tag}:`,
};
const REDIS_URL = 'redis://127.0.0.1:6379';

let a: TestApp;
let b: TestApp;
const streams: TestStream[] = [];

beforeAll(async () => {
  a = await startTestApp({ ...shared, REDIS_URL });
  b = await startTestApp({ ...shared, REDIS_URL });
});

afterAll(async () => {
  for (const stream of streams) stream.close();
  await b?.app.close();
  if (b?.dataSource.isInitialized) await b.dataSource.destroy();
  await a?.close();
});

const named = (name: string) => (event: ReceivedEvent) => event.event === name;
const contactNamed = (nome: string) => (event: ReceivedEvent) => event.event === 'contato.novo' && (event.data as { nome: string }).nome === nome;

async function open(port: number, headers: Record<string, string>): Promise<TestStream> {
  const stream = await openStream(port, headers);
  streams.push(stream);
  expect(stream.status).toBe(200);
  await stream.next(named('fluxo.estado'));
  return stream;
}

async function sendContact(app: TestApp, nome: string): Promise<void> {
  const res = await request(app.server)
    .post('/api/contatos')
    .set('X-Forwarded-For', nextTestIp())
    .send({ nome, email: 'lead@fazenda.com.br', telefone: '11987654321', mensagem: 'Quero saber do trator.', origem: 'site' });
  expect(res.status).toBe(201);
}

describe('live events on several instances', () => {
  it('a logout on instance A closes the session’s stream on instance B within 1 s', async () => {
    const session = await loginAs(a, 'gestor');
    const tab = await open(await listeningPort(b.server), bearer(session));
    const started = performance.now();
    expect((await request(a.server).post('/api/admin/logout').set(bearer(session))).status).toBeLessThan(300);
    const ended = await tab.next(named('sessao.encerrada'), 1_000);
    expect(ended.data).toMatchObject({ codigo: 'NO_AUTH' });
    await tab.ended;
    const elapsed = performance.now() - started;
    console.log(`logout on A → stream on B closed in ${elapsed.toFixed(0)} ms`);
    expect(elapsed).toBeLessThan(1_000);
  });

  it('SIGTERM tells the open streams to come back in 0.5 s, closes them, and the instance exits 0 without waiting for them', async () => {
    const instance = await spawnInstance({ ...shared, REDIS_URL });
    try {
      const session = await loginAs(a, 'master');
      const tabs = [await open(instance.port, bearer(session)), await open(instance.port, bearer(session))];
      const started = performance.now();
      const exit = instance.signal('SIGTERM');
      for (const tab of tabs) {
        expect((await tab.next(named('fluxo.encerrado'), 2_000)).data).toEqual({ motivo: 'reinicio' });
        await tab.ended;
        expect(tab.retry).toBe(500);
      }
      expect(await exit).toBe(0);
      // The drain waits up to 8 s for open requests: the streams were not among them.
      expect(performance.now() - started).toBeLessThan(5_000);
      // The tabs reconnect to the instance that stays, from where they stopped.
      const again = await open(await listeningPort(b.server), { ...bearer(session), 'Last-Event-ID': tabs[0].lastId() ?? '0-0' });
      await sendContact(a, 'Depois do reinício');
      await again.next(contactNamed('Depois do reinício'));
    } finally {
      await instance.kill();
    }
  });

  it('an instance that loses Redis says so on its streams, and when Redis is back replays what the others raised meanwhile', async () => {
    const proxy = await startProxy(6379);
    const c = await startTestApp({ ...shared, REDIS_URL: `redis://127.0.0.1:${proxy.port}` });
    try {
      const session = await loginAs(a, 'master');
      const tab = await open(await listeningPort(c.server), bearer(session));
      await sendContact(a, 'Antes da queda do Redis');
      await tab.next(contactNamed('Antes da queda do Redis'));

      proxy.down();
      const away = await tab.next((event) => event.event === 'fluxo.estado' && (event.data as { aoVivo: boolean }).aoVivo === false, 10_000, 1);
      expect(away.data).toEqual({ aoVivo: false });
      await sendContact(a, 'Durante a queda 1');
      await sendContact(b, 'Durante a queda 2');

      await proxy.up();
      await tab.next(contactNamed('Durante a queda 2'), 15_000);
      await tab.next((event) => event.event === 'fluxo.estado' && (event.data as { aoVivo: boolean }).aoVivo === true, 5_000, tab.events.indexOf(away));
      const names = tab.events.filter(named('contato.novo')).map((event) => (event.data as { nome: string }).nome);
      expect(names).toEqual(['Antes da queda do Redis', 'Durante a queda 1', 'Durante a queda 2']);
    } finally {
      await c.app.close();
      if (c.dataSource.isInitialized) await c.dataSource.destroy();
      await proxy.close();
    }
  });
});
