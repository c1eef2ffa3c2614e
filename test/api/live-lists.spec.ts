import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Admin } from '../../src/auth/admin.entity.js';
import { Contact } from '../../src/contacts/contact.entity.js';
import type { ContactCounts, ContactPage } from '../../src/shared/contact.views.js';
import type { LiveCounts, RecordChangedEvent } from '../../src/shared/live.views.js';
import { bearer, loginAs, nextTestIp, type AdminSession } from '../support/admin-session.js';
import { listeningPort, openStream, type ReceivedEvent, type TestStream } from '../support/sse.js';
import { startTestApp, usingMysql, type TestApp } from '../support/test-app.js';

// What an open Contatos page lives on: every committed change of a contact (a visitor's message, an answer by anyone)
// reaches every admin's stream as `registro.alterado` for `contato`, and the page's partial reload after it reads
// the counts the menu's badge gets in `contadores`.
let sut: TestApp;
let port: number;
let gestor: AdminSession;
let colleague: AdminSession;
const streams: TestStream[] = [];

beforeAll(async () => {
  sut = await startTestApp(usingMysql ? { REDIS_URL: 'redis://127.0.0.1:6379', REDIS_KEY_PREFIX: `agromaq-lists-${randomBytes(4).toString('hex')}:` } : {});
  port = await listeningPort(sut.server);
  gestor = await loginAs(sut, 'gestor');
  colleague = await loginAs(sut, 'gestor');
});

afterAll(async () => {
  for (const stream of streams) stream.close();
  await sut?.close();
});

async function watch(session: AdminSession): Promise<TestStream> {
  const stream = await openStream(port, bearer(session));
  streams.push(stream);
  expect(stream.status).toBe(200);
  await stream.next((event) => event.event === 'fluxo.estado');
  return stream;
}

/** The Contatos page's partial reload, as the list's live refresh sends it. */
async function pageReload(session: AdminSession): Promise<{ contacts: ContactPage; counts: ContactCounts }> {
  const full = await request(sut.server).get('/admin/contato').set({ Cookie: session.cookie, 'X-Forwarded-For': session.ip }).expect(200);
  const version = JSON.parse(/<script data-page="app" type="application\/json">([\s\S]*?)<\/script>/.exec(full.text)![1]).version as string;
  const res = await request(sut.server)
    .get('/admin/contato')
    .set({
      Cookie: session.cookie,
      'X-Forwarded-For': session.ip,
      'X-Inertia': 'true',
      'X-Inertia-Version': version,
      'X-Inertia-Partial-Component': 'Admin/Contatos',
      'X-Inertia-Partial-Data': 'filters,contacts,counts',
    })
    .expect(200);
  return res.body.props;
}

const changeOf = (id: number) => (event: ReceivedEvent) =>
  event.event === 'registro.alterado' &&
  (event.data as RecordChangedEvent).recurso === 'contato' &&
  (event.data as RecordChangedEvent).registros.some((r) => r.id === id);
const countsOf = (pending: number) => (event: ReceivedEvent) => event.event === 'contadores' && (event.data as LiveCounts).contatosPendentes === pending;

describe('an open Contatos page, live', () => {
  it("is told of a visitor's message and of a colleague's answer, and its reload then agrees with the badge", async () => {
    const stream = await watch(gestor);
    const before = (await pageReload(gestor)).counts;

    const nome = `Lead da Lista ${Date.now() % 100000}`;
    await request(sut.server)
      .post('/api/contatos')
      .set('X-Forwarded-For', nextTestIp())
      .send({ nome, email: 'lista@fazendaboavista.com.br', telefone: '43998765432', mensagem: 'Quero ver o aplicativo.', origem: 'site' })
      .expect(201);
    const id = (await sut.dataSource.getRepository(Contact).findOneByOrFail({ nome })).id;
    const arrived = await stream.next(changeOf(id));
    expect(arrived.data).toMatchObject({ recurso: 'contato', registros: [{ id, operacao: 'criacao' }], por: null });
    const badge = await stream.next(countsOf(before.pendente + 1));
    const afterMessage = await pageReload(gestor);
    expect(afterMessage.counts).toEqual({ pendente: (badge.data as LiveCounts).contatosPendentes, respondido: before.respondido });
    expect(afterMessage.contacts.data[0]).toMatchObject({ id, nome, status: 'pendente' });

    const from = stream.events.length;
    await request(sut.server).patch(`/api/admin/contatos/${id}/respondido`).set(bearer(colleague)).send({ canal: 'whatsapp' }).expect(200);
    const colleagueId = (await sut.dataSource.getRepository(Admin).findOneByOrFail({ username: colleague.username })).adminId;
    const answered = await stream.next(changeOf(id), undefined, from);
    expect(answered.data).toMatchObject({ recurso: 'contato', registros: [{ id, operacao: 'alteracao' }], por: { id: colleagueId } });
    await stream.next(countsOf(before.pendente), undefined, from);
    const afterAnswer = await pageReload(gestor);
    expect(afterAnswer.counts).toEqual({ pendente: before.pendente, respondido: before.respondido + 1 });
    expect(afterAnswer.contacts.data.some((contact) => contact.id === id)).toBe(false);
  });
});
