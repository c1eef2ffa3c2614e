import request from 'supertest';
import { In } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditEntry } from '../../src/audit/audit-entry.entity.js';
import { AdminSession as AdminSessionEntity } from '../../src/auth/admin-session.entity.js';
import { FORM_ORIGIN_HEADER } from '../../src/shared/history.views.js';
import { bearer, loginAs, type AdminSession } from '../support/admin-session.js';
import { Reseller, RESELLERS_EXTENSION } from '../support/resellers.resource.js';
import { settleFulltext, startTestApp, usingMysql, type TestApp } from '../support/test-app.js';

/*
 * A resource declared in a test module, as docs/adding-a-resource.md says (test/support/resellers.resource.ts):
 * its table from the list schema builders, its list from the common shape, and from its one declaration the
 * list, count, bulk and export routes, with their OpenAPI entries and audit labels, on both databases.
 */

let sut: TestApp;
let admin: AdminSession;
const get = (path: string, query: Record<string, string | number> = {}) => request(sut.server).get(path).query(query).set(bearer(admin));
const names = (res: request.Response) => (res.body.data as { nome: string }[]).map((row) => row.nome);

const ROWS: [string, string, number][] = [
  ['Revenda Álamo Máquinas', '11222333000181', 1],
  ['Cerrado Tratores', '22333444000190', 1],
  ['Bela Vista Implementos', '33444555000109', 0],
  ['Dourados Peças e Tratores', '44555666000118', 1],
  ['Estância Agrícola', '55666777000127', 0],
];

beforeAll(async () => {
  // Its migration runs with the app's, as a shipped resource's would.
  sut = await startTestApp({}, RESELLERS_EXTENSION);
  await sut.dataSource.getRepository(Reseller).insert(ROWS.map(([nome, cnpj, ativo]) => ({ nome, cnpj, ativo })));
  if (usingMysql) await settleFulltext(sut, ['resellers']);
  admin = await loginAs(sut, 'gestor');
});

afterAll(async () => {
  await sut?.close();
});

describe('a resource declared once (resellers, in a test module)', () => {
  it('lists by its status tabs, search, sorts and pages, with the counts the database keeps', async () => {
    const all = await get('/api/admin/revendas').expect(200);
    expect(all.body).toMatchObject({ total: 5, page: 1 });
    // Default order: the name, folded (Á sorts with A).
    expect(names(all)).toEqual(['Bela Vista Implementos', 'Cerrado Tratores', 'Dourados Peças e Tratores', 'Estância Agrícola', 'Revenda Álamo Máquinas']);
    expect(names(await get('/api/admin/revendas', { status: 'inativos' }).expect(200))).toEqual(['Bela Vista Implementos', 'Estância Agrícola']);
    // Every term starts a word, accents folded; any ending of the CNPJ of 4 digits or more.
    expect(names(await get('/api/admin/revendas', { busca: 'trat' }).expect(200))).toEqual(['Cerrado Tratores', 'Dourados Peças e Tratores']);
    expect(names(await get('/api/admin/revendas', { busca: 'estancia' }).expect(200))).toEqual(['Estância Agrícola']);
    expect(names(await get('/api/admin/revendas', { busca: '000190' }).expect(200))).toEqual(['Cerrado Tratores']);
    const byCnpj = await get('/api/admin/revendas', { ordem: 'cnpj', sentido: 'desc', pageSize: 2, page: 2 }).expect(200);
    expect(byCnpj.body).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(names(byCnpj)).toEqual(['Bela Vista Implementos', 'Cerrado Tratores']);
    // By Status: the active ones first, each tab by name.
    expect(names(await get('/api/admin/revendas', { ordem: 'status' }).expect(200))).toEqual([
      'Cerrado Tratores',
      'Dourados Peças e Tratores',
      'Revenda Álamo Máquinas',
      'Bela Vista Implementos',
      'Estância Agrícola',
    ]);
    expect((await get('/api/admin/revendas/contador/ativos').expect(200)).body).toEqual({ total: 3 });
  });

  it('refuses a bad query with the declared query rules, in Portuguese', async () => {
    const res = await get('/api/admin/revendas', { status: 'todas' }).expect(400);
    expect(res.body.errors.status).toBe('Status inválido: use todos, ativos ou inativos.');
    await get('/api/admin/revendas', { ordem: 'preco' }).expect(400);
  });

  it('changes the status in bulk over the search, one audit entry per row, and the counter follows at once', async () => {
    const res = await request(sut.server)
      .post('/api/admin/revendas/status-em-lote')
      .set(bearer(admin))
      .send({ acao: 'desativar', todos: true, status: 'ativos', busca: 'tratores' })
      .expect(200);
    expect(res.body).toEqual({ alterados: 2, vistos: 2, apos: null });
    expect((await get('/api/admin/revendas/contador/ativos').expect(200)).body).toEqual({ total: 1 });
    expect(names(await get('/api/admin/revendas', { status: 'ativos' }).expect(200))).toEqual(['Revenda Álamo Máquinas']);
    const changed = await sut.dataSource.getRepository(Reseller).findBy({ nome: In(['Cerrado Tratores', 'Dourados Peças e Tratores']) });
    const audit = await sut.dataSource
      .getRepository(AuditEntry)
      .findBy({ action: 'reseller.status' as never, targetId: In(changed.map((row) => row.resellerId)) });
    expect(audit.map((entry) => entry.targetType)).toEqual(['reseller', 'reseller']);
  });

  it('exports exactly what the list shows, as a dated CSV, recorded in the audit trail', async () => {
    const res = await get('/api/admin/revendas/exportar', { status: 'inativos', formato: 'csv' }).expect(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="revendas-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('ID;Nome;CNPJ;Status');
    expect(lines.slice(1).map((line) => line.split(';')[1])).toEqual([
      'Bela Vista Implementos',
      'Cerrado Tratores',
      'Dourados Peças e Tratores',
      'Estância Agrícola',
    ]);
    const entries = await sut.dataSource.getRepository(AuditEntry).findBy({ action: 'reseller.export' as never });
    expect(entries).toHaveLength(1);
  });

  it("changes one row's status by its row route without a recent 2FA confirmation, with its audit entry; 404 and 400 change nothing", async () => {
    // A session confirmed long ago: the bulk change asks for a new confirmation, one row's change does not.
    const late = await loginAs(sut, 'gestor');
    const jti = JSON.parse(Buffer.from(late.token.split('.')[1], 'base64url').toString()).jti as string;
    await sut.dataSource.getRepository(AdminSessionEntity).update({ jti }, { confirmedAt: new Date(Date.now() - 3 * 3_600_000) });
    const refused = await request(sut.server)
      .post('/api/admin/revendas/status-em-lote')
      .set(bearer(late))
      .send({ acao: 'ativar', ids: [1] })
      .expect(403);
    // Named in the declared noun's words.
    expect(refused.body).toMatchObject({
      code: 'STEP_UP_REQUIRED',
      acao: 'ativar ou desativar revendas em lote',
      message: 'Para ativar ou desativar revendas em lote, confirme sua identidade com o código 2FA.',
    });

    const row = await sut.dataSource.getRepository(Reseller).findOneByOrFail({ nome: 'Estância Agrícola' });
    expect(row.ativo).toBe(0);
    const before = (await get('/api/admin/revendas/contador/ativos').expect(200)).body.total as number;
    const patch = (id: number | string, body: object, session = late) =>
      request(sut.server).patch(`/api/admin/revendas/${id}/status`).set(bearer(session)).set(FORM_ORIGIN_HEADER, 'formulario').send(body);
    expect((await patch(row.resellerId, { ativo: 1 }).expect(200)).body).toEqual({ ok: true, ativo: 1, alterada: true });
    expect((await sut.dataSource.getRepository(Reseller).findOneByOrFail({ resellerId: row.resellerId })).ativo).toBe(1);
    expect((await get('/api/admin/revendas/contador/ativos').expect(200)).body).toEqual({ total: before + 1 });
    // Asked again: already active, nothing changes and no second entry is written.
    expect((await patch(row.resellerId, { ativo: 1 }).expect(200)).body).toEqual({ ok: true, ativo: 1, alterada: false });
    const entries = await sut.dataSource.getRepository(AuditEntry).findBy({ action: 'reseller.status' as never, targetId: row.resellerId });
    expect(entries.map((entry) => JSON.parse(entry.summary ?? '{}'))).toEqual([{ alteracoes: { ativo: [0, 1] }, operacao: 'alteracao' }]);

    // A row that does not exist, a malformed id, a bad value: a Portuguese error, and no row or entry changes.
    const unknown = await patch(999_999, { ativo: 0 }).expect(404);
    expect(unknown.body).toMatchObject({ code: 'NOT_FOUND', message: 'Revenda não encontrada.' });
    await patch('1e1', { ativo: 0 }).expect(400);
    const bad = await patch(row.resellerId, { ativo: 2 }).expect(400);
    expect(bad.body.errors.ativo).toBe('Informe o status: 1 (ativo) ou 0 (inativo).');
    await patch(row.resellerId, { ativo: 0, nome: 'Outro nome' }).expect(400);
    expect((await sut.dataSource.getRepository(Reseller).findOneByOrFail({ resellerId: row.resellerId })).ativo).toBe(1);
    expect(await sut.dataSource.getRepository(AuditEntry).countBy({ action: 'reseller.status' as never, targetId: row.resellerId })).toBe(1);
    await request(sut.server).patch(`/api/admin/revendas/${row.resellerId}/status`).send({ ativo: 0 }).expect(401);
  });

  it('documents its routes in the OpenAPI document, with the declared texts and query', async () => {
    const document = (await request(sut.server).get('/api/docs.json').set(bearer(admin)).expect(200)).body as {
      paths: Record<string, Record<string, { summary?: string; parameters?: { name: string }[] }>>;
    };
    expect(document.paths['/api/admin/revendas'].get.summary).toBe('Lista as revendas');
    expect(document.paths['/api/admin/revendas'].get.parameters?.map((parameter) => parameter.name)).toEqual(
      expect.arrayContaining(['status', 'busca', 'ordem', 'sentido', 'page', 'pageSize']),
    );
    expect(document.paths['/api/admin/revendas/exportar'].get.summary).toBe('Exporta as revendas');
    expect(document.paths['/api/admin/revendas/status-em-lote'].post.summary).toBe('Ativa ou desativa revendas em lote');
    expect(document.paths['/api/admin/revendas/{id}/status'].patch.summary).toBe('Ativa ou desativa uma revenda');
    expect(document.paths['/api/admin/revendas/contador/ativos'].get.summary).toBe('Conta as revendas ativas');
  });

  it('is admin-only like every admin route', async () => {
    await request(sut.server).get('/api/admin/revendas').expect(401);
    await request(sut.server).post('/api/admin/revendas/status-em-lote').send({ acao: 'ativar', todos: true }).expect(401);
  });
});
