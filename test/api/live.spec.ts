import { randomBytes } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { Admin } from '../../src/auth/admin.entity.js';
import { DailyJobs } from '../../src/common/daily-jobs.js';
import { LiveStreams } from '../../src/live/live-streams.js';
import { NotificationsService, NOTIFICATIONS_PAGE } from '../../src/live/notifications.service.js';
import { IpsService } from '../../src/ips/ips.service.js';
import { bearer, loginAs, nextTestIp, type AdminSession } from '../support/admin-session.js';
import { listeningPort, openStream, type ReceivedEvent, type TestStream } from '../support/sse.js';
import { createEnterprise } from '../support/enterprise-factory.js';
import { startTestApp, usingMysql, type TestApp } from '../support/test-app.js';

// The back office's live events (issue 30): one stream per tab, fed from one log (a ring in memory on SQLite,
// Redis Streams on MariaDB, as deployments with several instances run), replayed after a drop, filtered by what
// each admin may see, closed when its session ends.
const REDIS_URL = 'redis://127.0.0.1:6379';
const BULK_PATH = '/api/admin/enterprises/status-em-lote';
const redisEnv = (): Record<string, string> => ({ REDIS_URL, REDIS_KEY_PREFIX: `agromaq-live-${randomBytes(4).toString('hex')}:` });

let sut: TestApp;
let port: number;
let master: AdminSession;
let gestor: AdminSession;
const open: TestStream[] = [];

beforeAll(async () => {
  sut = await startTestApp(usingMysql ? redisEnv() : {});
  port = await listeningPort(sut.server);
  master = await loginAs(sut, 'master');
  gestor = await loginAs(sut, 'gestor');
});

afterAll(async () => {
  for (const stream of open) stream.close();
  await sut?.close();
});

async function stream(session: AdminSession, extra: Record<string, string> = {}, app = sut, at = port): Promise<TestStream> {
  const opened = await openStream(at, { ...bearer(session), ...extra });
  open.push(opened);
  expect(opened.status).toBe(200);
  // The stream is ready (caught up) once it says whether events are live.
  await opened.next((event) => event.event === 'fluxo.estado');
  void app;
  return opened;
}

let sent = 0;
async function sendContact(nome: string, app = sut): Promise<void> {
  sent += 1;
  const res = await request(app.server)
    .post('/api/contatos')
    .set('X-Forwarded-For', nextTestIp())
    .send({ nome, email: `lead${sent}@fazenda.com.br`, telefone: '11987654321', mensagem: 'Quero saber do trator.', origem: 'site' });
  expect(res.status).toBe(201);
}

const named = (name: string) => (event: ReceivedEvent) => event.event === name;
const contactNamed = (nome: string) => (event: ReceivedEvent) => event.event === 'contato.novo' && (event.data as { nome: string }).nome === nome;
const adminId = async (session: AdminSession) => (await sut.dataSource.getRepository(Admin).findOneByOrFail({ username: session.username })).adminId;

describe('GET /api/admin/eventos', () => {
  it('answers an event stream, unbuffered by proxies, with a retry hint; without a session it is refused with 401', async () => {
    const opened = await stream(master);
    expect(opened.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(opened.headers['x-accel-buffering']).toBe('no');
    expect(opened.headers['cache-control']).toBe('no-store');
    expect(opened.headers['content-encoding']).toBeUndefined();
    // The stream writes its own answer, with the headers every API answer carries.
    expect(opened.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(opened.headers['x-content-type-options']).toBe('nosniff');
    expect(opened.headers['x-frame-options']).toBe('DENY');
    expect(opened.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(opened.retry).toBeGreaterThan(0);
    const state = await opened.next(named('fluxo.estado'));
    expect(state.data).toEqual({ aoVivo: true });
    opened.close();

    const anonymous = await request(sut.server).get('/api/admin/eventos');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe('NO_AUTH');
  });

  it('sends contato.novo to master and gestor alike, each with an id, in the order the messages arrived, then the new counts', async () => {
    const [a, b] = [await stream(master), await stream(gestor)];
    const before = (await request(sut.server).get('/api/admin/contadores').set(bearer(gestor))).body.contatosPendentes as number;
    const names = ['Ana Lúcia 🚜', 'Bruno', 'Cecília'];
    for (const nome of names) await sendContact(nome);
    for (const opened of [a, b]) {
      const received = await Promise.all(names.map((nome) => opened.next(contactNamed(nome))));
      const ids = received.map((event) => event.id!);
      expect(ids.every(Boolean)).toBe(true);
      expect([...ids].sort(compareEventIds)).toEqual(ids);
      expect(opened.events.filter(named('contato.novo')).map((event) => (event.data as { nome: string }).nome)).toEqual(names);
      expect(received[0].data).toMatchObject({ nome: names[0], origem: 'site', id: expect.any(Number) });
      const counts = await opened.next(
        (event) => event.event === 'contadores' && (event.data as { contatosPendentes: number }).contatosPendentes === before + 3,
      );
      expect(counts.data).toMatchObject({ usuariosAtivos: expect.any(Number), empresasAtivas: expect.any(Number) });
    }
  });

  it('replays what a dropped stream missed, from its Last-Event-ID, exactly once and in order, then goes on live', async () => {
    const first = await stream(master);
    await sendContact('Antes da queda');
    const seen = await first.next(contactNamed('Antes da queda'));
    first.close();
    const missed = ['Perdida 1', 'Perdida 2', 'Perdida 3'];
    for (const nome of missed) await sendContact(nome);

    const again = await stream(master, { 'Last-Event-ID': seen.id! });
    await sendContact('Depois da volta');
    await again.next(contactNamed('Depois da volta'));
    const contacts = again.events.filter(named('contato.novo')).map((event) => (event.data as { nome: string }).nome);
    expect(contacts).toEqual([...missed, 'Depois da volta']);
    const ids = again.events.filter((event) => event.event !== 'fluxo.estado').map((event) => event.id!);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort(compareEventIds)).toEqual(ids);

    // The same replay with the id as a query parameter (a new EventSource cannot set the header).
    const byQuery = await openStream(port, bearer(master), `/api/admin/eventos?ultimo=${encodeURIComponent(seen.id!)}`);
    open.push(byQuery);
    await byQuery.next(contactNamed('Depois da volta'));
    expect(byQuery.events.filter(named('contato.novo')).map((event) => (event.data as { nome: string }).nome)).toEqual([...missed, 'Depois da volta']);
  });

  it("sends a team member's change to masters only; a gestor's stream never carries it", async () => {
    const [a, b] = [await stream(master), await stream(gestor)];
    const res = await request(sut.server).patch('/api/admin/me').set(bearer(master)).send({ nome: 'Maria Renomeada' });
    expect(res.status).toBe(200);
    const change = await a.next((event) => event.event === 'registro.alterado' && (event.data as { recurso: string }).recurso === 'admin');
    const me = await adminId(master);
    expect(change.data).toMatchObject({ recurso: 'admin', registros: [{ id: me, versao: expect.any(Number) }], por: { id: me } });
    // A later event reaches the gestor: the admin change before it was not sent there.
    await sendContact('Marcador do gestor');
    await b.next(contactNamed('Marcador do gestor'));
    expect(b.events.some((event) => event.event === 'registro.alterado' && (event.data as { recurso: string }).recurso === 'admin')).toBe(false);
  });

  it("sends registro.alterado for a company's save with its new version and who saved it", async () => {
    const watcher = await stream(gestor);
    const created = await createEnterprise(sut, master, { fantasia: 'Agro Ao Vivo' });
    const id = created.enterprise_id as number;
    const event = await watcher.next(
      (candidate) =>
        candidate.event === 'registro.alterado' && (candidate.data as { registros: { id: number }[] }).registros.some((record) => record.id === id),
    );
    expect(event.data).toMatchObject({ recurso: 'empresa', origem: 'api', registros: [{ id, versao: 1, operacao: 'criacao' }] });
  });

  it('closes every stream of a session within 1 s of its logout, with sessao.encerrada', async () => {
    const session = await loginAs(sut, 'gestor');
    const tabs = [await stream(session), await stream(session)];
    const started = performance.now();
    const logout = await request(sut.server).post('/api/admin/logout').set(bearer(session));
    expect(logout.status).toBeLessThan(300);
    for (const tab of tabs) {
      const ended = await tab.next(named('sessao.encerrada'), 1_000);
      expect(ended.data).toMatchObject({ codigo: 'NO_AUTH' });
      await tab.ended;
    }
    expect(performance.now() - started).toBeLessThan(1_500);
  });

  it("closes a colleague's streams when a master deactivates them, and every stream of an IP when it is removed", async () => {
    const colleague = await loginAs(sut, 'gestor');
    const tab = await stream(colleague);
    const id = await adminId(colleague);
    const res = await request(sut.server).patch(`/api/admin/admins/${id}`).set(bearer(master)).send({ ativo: false });
    expect(res.status).toBe(200);
    expect((await tab.next(named('sessao.encerrada'), 1_000)).data).toMatchObject({ codigo: 'NO_AUTH' });

    const fromIp = await loginAs(sut, 'gestor');
    const ipTab = await stream(fromIp);
    const ip = await sut.app.get(IpsService).findByIp(fromIp.ip);
    const removed = await request(sut.server).delete(`/api/admin/ips-autorizados/${ip!.id}`).set(bearer(master));
    expect(removed.status).toBeLessThan(300);
    expect((await ipTab.next(named('sessao.encerrada'), 1_000)).data).toMatchObject({ codigo: 'IP_REVOKED' });
  });

  it('keeps at most 5 streams per session: the oldest is told why (limite) and closed', async () => {
    const session = await loginAs(sut, 'gestor');
    const tabs: TestStream[] = [];
    for (let index = 0; index < 5; index++) tabs.push(await stream(session));
    const sixth = await stream(session);
    expect((await tabs[0].next(named('fluxo.encerrado'), 1_000)).data).toEqual({ motivo: 'limite' });
    await tabs[0].ended;
    await sendContact('Seis abas');
    for (const tab of [...tabs.slice(1), sixth]) await tab.next(contactNamed('Seis abas'));
  });

  it('gets back every listener and byte of 1,000 streams opened and dropped', async () => {
    const streams = sut.app.get(LiveStreams);
    const session = await loginAs(sut, 'gestor');
    const redisClients = async () => (usingMysql ? countRedisClients(sut.config.redis.keyPrefix) : 0);
    const before = { open: streams.size, listeners: process.listenerCount('warning'), clients: await redisClients() };
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const heap = async () => {
      for (let round = 0; round < 3; round++) {
        gc();
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return process.memoryUsage().heapUsed;
    };
    const heapBefore = await heap();
    for (let batch = 0; batch < 10; batch++) {
      const opened = await Promise.all(Array.from({ length: 100 }, () => openStream(port, bearer(session))));
      await Promise.all(opened.map((one) => one.next(named('fluxo.estado'))));
      // At most 5 per session: each batch's oldest were closed by the limit, the others drop now.
      for (const one of opened) one.close();
      await Promise.all(opened.map((one) => one.ended));
    }
    for (let wait = 0; wait < 50 && streams.size > before.open; wait++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(streams.size).toBe(before.open);
    expect(process.listenerCount('warning')).toBe(before.listeners);
    expect(await redisClients()).toBeLessThanOrEqual(before.clients);
    const grown = (await heap()) - heapBefore;
    console.log(`1,000 streams opened and dropped: heap ${(grown / 1_048_576).toFixed(1)} MB more, ${streams.size} open`);
    expect(grown).toBeLessThan(16 * 1_048_576);
  });
});

describe('bulk runs as tasks', () => {
  it("reports a bulk run's progress and end to its admin only, with one registro.alterado per chunk and a summary in the bell", async () => {
    const [mine, theirs] = [await stream(master), await stream(gestor)];
    const ids: number[] = [];
    for (let index = 0; index < 3; index++) ids.push((await createEnterprise(sut, master, { fantasia: `Lote Ao Vivo ${index}` })).enterprise_id);
    const tarefa = 'lote-ao-vivo-1';
    const res = await request(sut.server).post(BULK_PATH).set(bearer(master)).send({ acao: 'desativar', ids, tarefa, tarefa_vistos: 0, tarefa_alterados: 0 });
    expect(res.status).toBe(200);
    const ended = await mine.next((event) => event.event === 'tarefa.concluida' && (event.data as { tarefa: string }).tarefa === tarefa);
    expect(ended.data).toEqual({ tarefa, tipo: 'lote', recurso: 'empresa', vistos: 3, alterados: 3, resumo: 'Lote concluído: 3 empresas desativadas.' });
    const changed = await mine.next(
      (event) => event.event === 'registro.alterado' && (event.data as { origem: string; registros: unknown[] }).origem === 'lote',
    );
    expect((changed.data as { registros: { id: number }[] }).registros.map((record) => record.id).sort((x, y) => x - y)).toEqual(
      [...ids].sort((x, y) => x - y),
    );
    // The gestor sees the companies change, not the master's task.
    await sendContact('Marcador do lote');
    await theirs.next(contactNamed('Marcador do lote'));
    expect(theirs.events.some((event) => event.event.startsWith('tarefa.'))).toBe(false);
    const bell = await request(sut.server).get('/api/admin/notificacoes').set(bearer(master));
    expect(bell.body.data.map((entry: { titulo: string }) => entry.titulo)).toContain('Lote concluído: 3 empresas desativadas.');

    const refused = await request(sut.server).post(BULK_PATH).set(bearer(master)).send({ acao: 'ativar', ids, tarefa: '<script>' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.tarefa).toBe('Tarefa inválida: use até 64 letras, números ou hífens.');
  });
});

describe('the bell', () => {
  it("lists an admin's notifications newest first with the unread count, pages them by 50, and marks them read", async () => {
    const session = await loginAs(sut, 'gestor');
    await sendContact('Lead do sino');
    const first = await request(sut.server).get('/api/admin/notificacoes').set(bearer(session));
    expect(first.status).toBe(200);
    expect(first.body.data[0]).toMatchObject({ tipo: 'contato.novo', titulo: 'Nova mensagem de Lead do sino', lida: false });
    expect(first.body.data[0].link).toMatch(/^\/admin\/contato\?abrir=\d+$/);
    expect(first.body.nao_lidas).toBeGreaterThanOrEqual(1);

    const notifications = sut.app.get(NotificationsService);
    const id = await adminId(session);
    for (let index = 0; index < NOTIFICATIONS_PAGE + 10; index++) await notifications.toAdmin(id, 'teste', `Aviso ${index}`, null);
    const page1 = await request(sut.server).get('/api/admin/notificacoes').set(bearer(session));
    expect(page1.body.data).toHaveLength(NOTIFICATIONS_PAGE);
    expect(page1.body.data[0].titulo).toBe(`Aviso ${NOTIFICATIONS_PAGE + 9}`);
    expect(page1.body.proxima).toEqual(expect.any(Number));
    const page2 = await request(sut.server).get(`/api/admin/notificacoes?antes=${page1.body.proxima}`).set(bearer(session));
    expect(page2.body.data.length).toBeGreaterThanOrEqual(11);
    expect(page2.body.data.map((entry: { id: number }) => entry.id).every((value: number) => value < page1.body.proxima)).toBe(true);

    const one = page1.body.data[0].id as number;
    expect((await request(sut.server).post(`/api/admin/notificacoes/${one}/lida`).set(bearer(session))).status).toBe(200);
    // Another admin cannot mark it: it is not theirs.
    expect((await request(sut.server).post(`/api/admin/notificacoes/${one}/lida`).set(bearer(master))).status).toBe(404);
    const all = await request(sut.server).post('/api/admin/notificacoes/lidas').set(bearer(session));
    expect(all.body.marcadas).toBe(page1.body.nao_lidas - 1);
    expect((await request(sut.server).get('/api/admin/notificacoes').set(bearer(session))).body.nao_lidas).toBe(0);

    // The daily housekeeping removes notifications older than 90 days, and only those.
    const old = new Date(Date.now() - 100 * 86_400_000).toISOString().replace('T', ' ').replace('Z', '');
    await sut.dataSource.query("INSERT INTO admin_notifications (admin_id, kind, title, link, created_at) VALUES (?, 'teste', 'Aviso antigo', NULL, ?)", [
      id,
      old,
    ]);
    await sut.app.get(DailyJobs).runAll();
    const kept = (await sut.dataSource.query('SELECT title FROM admin_notifications WHERE admin_id = ?', [id])) as { title: string }[];
    expect(kept.map((row) => row.title)).not.toContain('Aviso antigo');
    // The 60 above and the message's.
    expect(kept.length).toBe(NOTIFICATIONS_PAGE + 11);

    const bad = await request(sut.server).get('/api/admin/notificacoes?antes=abc').set(bearer(session));
    expect(bad.status).toBe(400);
    expect(bad.body.errors.antes).toBe('Continuação inválida.');
  });
});

describe('two instances sharing Redis', () => {
  it('an event raised on A reaches a client of B: p95 from raise to receipt over 200 events', async () => {
    // One deployment: the same secrets and Redis, the second instance on the first one's database.
    const env = { ...redisEnv(), JWT_SECRET: randomBytes(48).toString('base64url'), APP_KEY: randomBytes(32).toString('base64url') };
    const a = await startTestApp(env);
    const b = await startTestApp({ ...env, ...sameDatabase(a) });
    try {
      const portB = await listeningPort(b.server);
      const session = await loginAs(a, 'master');
      const tab = await openStream(portB, bearer(session));
      open.push(tab);
      expect(tab.status).toBe(200);
      await tab.next(named('fluxo.estado'));
      const delays: number[] = [];
      for (let index = 0; index < 200; index++) {
        const from = tab.events.length;
        const raised = performance.now();
        const nome = `Instância A ${index}`;
        await sendContact(nome, a);
        const event = await tab.next(contactNamed(nome), 5_000, from);
        delays.push(event.at - raised);
      }
      delays.sort((x, y) => x - y);
      const p95 = delays[Math.floor(delays.length * 0.95) - 1];
      console.log(`raise on A → receipt on B over 200 events: p50 ${delays[99].toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`);
      expect(p95).toBeLessThanOrEqual(1_000);
      const names = tab.events.filter(named('contato.novo')).map((event) => (event.data as { nome: string }).nome);
      expect(names).toEqual(Array.from({ length: 200 }, (_, index) => `Instância A ${index}`));
    } finally {
      await b.app.close();
      if (b.dataSource.isInitialized) await b.dataSource.destroy();
      await a.close();
    }
  }, 120_000);
});

/** The variables that point a second instance at the first one's database. */
function sameDatabase(app: TestApp): Record<string, string> {
  const db = app.config.db;
  return db.type === 'sqlite' ? { DB_PATH: db.path } : { DB_NAME: db.database };
}

/** The Redis connections of one deployment (the app names its connections after its key prefix). */
async function countRedisClients(prefix: string): Promise<number> {
  const client = new Redis(REDIS_URL);
  try {
    const list = (await client.client('LIST')) as string;
    return list.split('\n').filter((line) => line.includes(` name=${prefix}`)).length;
  } finally {
    client.disconnect();
  }
}

function compareEventIds(a: string, b: string): number {
  const [am, as] = a.split('-').map(Number);
  const [bm, bs] = b.split('-').map(Number);
  return am !== bm ? am - bm : as - bs;
}
