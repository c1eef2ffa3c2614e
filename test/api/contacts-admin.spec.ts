import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { Contact } from '../../src/contacts/contact.entity.js';
import { bearer, useAdminApp } from '../support/admin-session.js';
import { expectRefused } from '../support/refusals.js';

const app = useAdminApp('gestor');

const repo = () => app.sut.dataSource.getRepository(Contact);
const get = (path: string) => request(app.sut.server).get(`/api/admin/contatos${path}`).set(bearer(app.admin));
const markAnswered = (id: number | string, body: object) =>
  request(app.sut.server).patch(`/api/admin/contatos/${id}/respondido`).set(bearer(app.admin)).send(body);
const remove = (id: number | string) => request(app.sut.server).delete(`/api/admin/contatos/${id}`).set(bearer(app.admin));

async function createContact(overrides: Partial<Contact> = {}): Promise<Contact> {
  return repo().save(
    repo().create({
      nome: 'Carlos Bortolini',
      email: 'carlos@fazenda.com.br',
      telefone: '44998123456',
      mensagem: 'Quero anunciar dois tratores.',
      origem: 'site',
      status: 'pendente',
      ...overrides,
    }),
  );
}

describe('contacts for the back office', () => {
  it('lists pending messages by default, newest first, with {data, total}', async () => {
    const older = await createContact({ nome: 'Primeiro', createdAt: new Date(Date.now() - 3600_000) });
    const newer = await createContact({ nome: 'Segundo' });
    await createContact({ status: 'respondido', responseChannel: 'email', respondedAt: new Date() });
    const res = await get('').expect(200);
    expect(res.body).toMatchObject({ total: await repo().countBy({ status: 'pendente' }), page: 1, pageSize: 20 });
    expect(res.body.data.every((row: { status: string }) => row.status === 'pendente')).toBe(true);
    const ids = res.body.data.map((row: { id: number }) => row.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(res.body.data.find((row: { id: number }) => row.id === newer.id)).toEqual({
      id: newer.id,
      nome: 'Segundo',
      email: 'carlos@fazenda.com.br',
      telefone: '44998123456',
      mensagem: 'Quero anunciar dois tratores.',
      status: 'pendente',
      response_channel: null,
      responded_at: null,
      responded_by: null,
      responded_by_nome: null,
      created_at: expect.any(String),
      version: 1,
    });
  });

  it('pages the answered ones', async () => {
    for (let index = 0; index < 3; index++)
      await createContact({ status: 'respondido', responseChannel: 'whatsapp', respondedAt: new Date(Date.now() - index * 1000) });
    const total = await repo().countBy({ status: 'respondido' });
    const res = await get('?status=respondido&page=2&pageSize=2').expect(200);
    expect(res.body.total).toBe(total);
    expect(res.body.data).toHaveLength(Math.min(2, total - 2));
  });

  it('marks a message answered by a channel, recording when and by whom, and the counter follows', async () => {
    const contact = await createContact();
    const pending = (await get('/contador').expect(200)).body.total as number;
    const res = await markAnswered(contact.id, { canal: 'email' }).expect(200);
    expect(res.body.data).toMatchObject({
      id: contact.id,
      status: 'respondido',
      response_channel: 'email',
      responded_by: expect.any(Number),
      responded_by_nome: expect.stringMatching(/^Gustavo/),
    });
    expect(Date.now() - new Date(res.body.data.responded_at).getTime()).toBeLessThan(60_000);
    expect((await get('/contador')).body.total).toBe(pending - 1);
    const stored = await repo().findOneByOrFail({ id: contact.id });
    expect(stored).toMatchObject({ status: 'respondido', responseChannel: 'email' });
  });

  it('refuses another channel, a second answer and unknown or malformed ids, changing nothing', async () => {
    const contact = await createContact();
    for (const canal of ['telefone', '', null])
      expectRefused(await markAnswered(contact.id, { canal }), 400, { message: 'Informe por onde respondeu: whatsapp ou email.' });
    expect((await repo().findOneByOrFail({ id: contact.id })).status).toBe('pendente');

    await markAnswered(contact.id, { canal: 'whatsapp' }).expect(200);
    const first = await repo().findOneByOrFail({ id: contact.id });
    expectRefused(await markAnswered(contact.id, { canal: 'email' }), 409, { message: 'Este contato já foi marcado como respondido.' });
    expect(await repo().findOneByOrFail({ id: contact.id })).toEqual(first);

    expectRefused(await markAnswered(999999, { canal: 'email' }), 404, { message: 'Contato não encontrado.' });
    expectRefused(await markAnswered('abc', { canal: 'email' }), 400, { message: 'Identificador inválido.' });
  });

  it('deletes answered messages only', async () => {
    const pending = await createContact();
    expectRefused(await remove(pending.id), 409, { message: 'Só é possível excluir contatos já respondidos.' });
    expect(await repo().existsBy({ id: pending.id })).toBe(true);
    await markAnswered(pending.id, { canal: 'email' }).expect(200);
    expect((await remove(pending.id).expect(200)).body).toEqual({ ok: true });
    expect(await repo().existsBy({ id: pending.id })).toBe(false);
    expectRefused(await remove(pending.id), 404, { message: 'Contato não encontrado.' });
  });

  it.each([
    ['page=abc', 'A página deve ser um número inteiro maior que zero.'],
    ['page=0', 'A página deve ser um número inteiro maior que zero.'],
    ['pageSize=5000', 'O tamanho da página deve estar entre 1 e 100.'],
    ['status=lido', 'Status inválido: use pendente ou respondido.'],
  ])('refuses %s', async (query, message) => {
    expectRefused(await get(`?${query}`), 400, { message });
  });

  it('needs an admin session', async () => {
    await request(app.sut.server).get('/api/admin/contatos').set('X-Forwarded-For', app.admin.ip).expect(401);
    const contact = await createContact();
    await request(app.sut.server)
      .patch(`/api/admin/contatos/${contact.id}/respondido`)
      .set('X-Forwarded-For', app.admin.ip)
      .send({ canal: 'email' })
      .expect(401);
    expect((await repo().findOneByOrFail({ id: contact.id })).status).toBe('pendente');
  });
});

describe('the /admin/contato page', () => {
  const pageObject = (html: string) => JSON.parse(/<script data-page="app" type="application\/json">([\s\S]*?)<\/script>/.exec(html)![1]);
  const page = (query: string) => request(app.sut.server).get(`/admin/contato${query}`).set({ Cookie: app.admin.cookie, 'X-Forwarded-For': app.admin.ip });

  it('opens on Pendentes with both counts, and reads the tab and page from the URL', async () => {
    const first = pageObject((await page('').expect(200)).text);
    expect(first.component).toBe('Admin/Contatos');
    expect(first.props.filters).toEqual({ status: 'pendente', page: 1, ordem: '', sentido: '' });
    expect(first.props.counts).toEqual({ pendente: await repo().countBy({ status: 'pendente' }), respondido: await repo().countBy({ status: 'respondido' }) });
    expect(pageObject((await page('?status=respondido&page=x&sentido=asc').expect(200)).text).props.filters).toEqual({
      status: 'respondido',
      page: 1,
      ordem: 'data',
      sentido: 'asc',
    });
  });
});
