import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { Contact } from '../../src/contacts/contact.entity.js';
import type { FindResult } from '../../src/shared/find.views.js';
import { bearer, useAdminApp } from '../support/admin-session.js';
import { createEnterprise, MARINGA } from '../support/enterprise-factory.js';
import { createAppUser, createAppUsers, createContactRow } from '../support/row-factories.js';
import { expectRefused } from '../support/refusals.js';

const ctx = useAdminApp();

const find = (q: string) => request(ctx.sut.server).get('/api/admin/busca').query({ q }).set(bearer(ctx.admin));
const found = async (q: string) => (await find(q).expect(200)).body as FindResult;
const ids = (result: FindResult, kind: keyof FindResult) => result[kind].items.map((item) => item.id);
const pageObject = (html: string) => JSON.parse(/<script data-page="app" type="application\/json">([\s\S]*?)<\/script>/.exec(html)![1]);

describe('finding anything from anywhere (command palette)', () => {
  let marker: string;
  let company: Awaited<ReturnType<typeof createEnterprise>>;
  let userId: number;
  let contactId: number;

  beforeAll(async () => {
    marker = `Paleta${Date.now() % 100000}`;
    company = await createEnterprise(ctx.sut, ctx.admin, {
      fantasia: `${marker} Colheitadeiras`,
      razao: `${marker} Comércio de Máquinas LTDA`,
      city_id: MARINGA,
    });
    userId = (await createAppUser(ctx.sut, { firstname: 'Joaquim', lastname: `${marker} Brandão`, cpf: '39053344705', enterpriseId: company.enterprise_id }))
      .userId;
    // Written by the site's form, not by the back office: the database computes what the search reads.
    contactId = (await createContactRow(ctx.sut, { nome: `Márcia ${marker}`, email: 'marcia.souza@fazenda.com.br', telefone: '44991234567' })).id;
  });

  it('finds companies, app users and contact messages by name, each with where to open it', async () => {
    const result = await found(marker);
    expect(result.empresas.items).toEqual([
      {
        id: company.enterprise_id,
        titulo: `${marker} Colheitadeiras`,
        detalhe: expect.stringMatching(/^CNPJ \d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2} · Maringá - PR · Ativa$/),
        url: `/admin/empresas?status=todos&abrir=${company.enterprise_id}`,
      },
    ]);
    // The user's company name matches too (the users list's rule).
    expect(result.usuarios.items).toEqual([
      {
        id: userId,
        titulo: `Joaquim ${marker} Brandão`,
        detalhe: expect.stringContaining(`${marker} Colheitadeiras · Ativo`),
        url: `/admin/usuarios?abrir=${userId}`,
      },
    ]);
    expect(result.contatos.items).toEqual([
      {
        id: contactId,
        titulo: `Márcia ${marker}`,
        detalhe: expect.stringMatching(/^marcia\.souza@fazenda\.com\.br · \(44\) 99123-4567 · Pendente · enviado em \d{2}\/\d{2}\/\d{4}$/),
        url: `/admin/contato?status=pendente&abrir=${contactId}`,
      },
    ]);
    expect(result.empresas).toMatchObject({ total: 1, todos_url: `/admin/empresas?status=todos&busca=${marker}` });
  });

  it('uses the lists’ rules: accents folded, any part of a CPF or CNPJ, a phone’s end, e-mail words, the city', async () => {
    expect(ids(await found(`joaquim ${marker.toLowerCase()} brandao`), 'usuarios')).toEqual([userId]);
    expect(ids(await found('053344705'), 'usuarios')).toContain(userId);
    expect(ids(await found('390.533.447-05'), 'usuarios')).toContain(userId);
    expect(ids(await found(company.cnpj.slice(2, 10)), 'empresas')).toEqual([company.enterprise_id]);
    expect(ids(await found(`${marker} maringa`), 'empresas')).toEqual([company.enterprise_id]);
    expect(ids(await found('91234567'), 'contatos')).toContain(contactId);
    expect(ids(await found(`marcia.souza@fazenda ${marker}`), 'contatos')).toEqual([contactId]);
    expect(ids(await found(`marcia ${marker}`.toUpperCase()), 'contatos')).toEqual([contactId]);
    // A word must start with the term: the middle of a name finds nothing.
    expect(ids(await found(marker.slice(2)), 'contatos')).toEqual([]);
  });

  it('answers what the lists answer for the same words, at most five of each, with the total and a link to them all', async () => {
    const crowd = `Multidao${Date.now() % 100000}`;
    await createAppUsers(
      ctx.sut,
      Array.from({ length: 7 }, (_, index) => ({ firstname: `Pessoa${index}`, lastname: crowd, dateAdded: new Date(Date.UTC(2026, 0, 1 + index)) })),
    );
    const result = await found(crowd);
    const list = await request(ctx.sut.server).get('/api/admin/users').query({ busca: crowd, pageSize: 5 }).set(bearer(ctx.admin)).expect(200);
    expect(ids(result, 'usuarios')).toEqual((list.body.data as { user_id: number }[]).map((row) => row.user_id));
    expect(result.usuarios).toMatchObject({ total: 7, todos_url: `/admin/usuarios?busca=${crowd}` });
    expect(result.usuarios.items).toHaveLength(5);
  });

  it('finds a message by its new name after the row is changed by hand', async () => {
    const renamed = `Renomeado${Date.now() % 100000}`;
    await ctx.sut.dataSource.getRepository(Contact).update({ id: contactId }, { nome: `Márcia ${renamed}` });
    expect(ids(await found(renamed), 'contatos')).toEqual([contactId]);
    await ctx.sut.dataSource.getRepository(Contact).update({ id: contactId }, { nome: `Márcia ${marker}` });
  });

  it('refuses an empty or too long search in Portuguese; punctuation alone finds nothing', async () => {
    expectRefused(await find(''), 400, { message: 'Digite o que procura.' });
    expectRefused(await find('   '), 400, { message: 'Digite o que procura.' });
    expectRefused(await request(ctx.sut.server).get('/api/admin/busca').set(bearer(ctx.admin)), 400, { message: 'Digite o que procura.' });
    expectRefused(await find('x'.repeat(101)), 400, { message: 'A busca deve ter no máximo 100 caracteres.' });
    // SQL in the box is words like any other: it finds what the same words without the punctuation find.
    const injected = await found("' OR '1'='1' --");
    const plain = await found('OR 1 1');
    for (const kind of ['empresas', 'usuarios', 'contatos'] as const) expect(injected[kind].items, kind).toEqual(plain[kind].items);
    const punctuation = await found('%%__');
    expect([...ids(punctuation, 'empresas'), ...ids(punctuation, 'usuarios'), ...ids(punctuation, 'contatos')]).toEqual([]);
  });

  it('is for staff only', async () => {
    expectRefused(await request(ctx.sut.server).get('/api/admin/busca').query({ q: marker }), 401);
  });

  it('a list page opened with ?abrir=<id> carries that record; an unknown or malformed id opens the list alone', async () => {
    const page = (path: string) => request(ctx.sut.server).get(path).set({ Cookie: ctx.admin.cookie, 'X-Forwarded-For': ctx.admin.ip });
    const opened = async (path: string) => pageObject((await page(path).expect(200)).text).props.opened;
    expect(await opened(`/admin/empresas?status=todos&abrir=${company.enterprise_id}`)).toMatchObject({ enterprise_id: company.enterprise_id });
    expect(await opened(`/admin/usuarios?abrir=${userId}`)).toMatchObject({ user_id: userId, empresa_nome: `${marker} Colheitadeiras` });
    expect(await opened(`/admin/contato?status=pendente&abrir=${contactId}`)).toMatchObject({ id: contactId, nome: `Márcia ${marker}` });
    for (const abrir of ['999999999', '0', '-1', '1%20OR%201=1', '9'.repeat(40), 'abc']) {
      expect(await opened(`/admin/usuarios?abrir=${abrir}`), abrir).toBeNull();
    }
  });
});
