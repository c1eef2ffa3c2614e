import { firstSheet } from '../support/xlsx.js';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { AuditEntry } from '../../src/audit/audit-entry.entity.js';
import { ContactList } from '../../src/contacts/contacts.resource.js';
import { EnterpriseList } from '../../src/enterprises/enterprises.resource.js';
import { AppUserList } from '../../src/users/app-users.resource.js';
import { bearer, useAdminApp } from '../support/admin-session.js';
import { createAppUsers, createCompanyRow, createContactRow } from '../support/row-factories.js';
import { expectRefused } from '../support/refusals.js';

const ctx = useAdminApp();

/** The body as bytes, whatever its type. */
const binary = (req: request.Test) =>
  req.buffer(true).parse((res, done) => {
    const parts: Buffer[] = [];
    res.on('data', (chunk: Buffer) => parts.push(chunk));
    res.on('end', () => done(null, Buffer.concat(parts)));
  });
const exported = (path: string, query: Record<string, string>) =>
  binary(request(ctx.sut.server).get(`/api/admin/${path}/exportar`).query(query).set(bearer(ctx.admin)));
const today = () => new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);
const csvLines = (body: Buffer) =>
  body
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean);
async function collect<T>(batches: AsyncIterable<T[]>): Promise<T[][]> {
  const all: T[][] = [];
  for await (const batch of batches) all.push(batch);
  return all;
}

describe('exporting exactly what a list shows', () => {
  it('companies: the status and search of the list, in its order, CNPJ masked, as CSV for Excel and as XLSX', async () => {
    const marker = `Exporta${Date.now() % 100000}`;
    const b = await createCompanyRow(ctx.sut, { fantasia: `${marker} Beta`, razao: 'Beta LTDA', cnpj: '11222333000181', fone: '4433251000' });
    const a = await createCompanyRow(ctx.sut, { fantasia: `${marker} Alfa`, razao: 'Alfa LTDA' });
    await createCompanyRow(ctx.sut, { fantasia: `${marker} Inativa`, razao: 'Inativa LTDA', ativo: 0 });

    const res = await exported('enterprises', { status: 'ativos', busca: marker }).expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="empresas-${today()}.csv"`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect((res.body as Buffer).subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = csvLines(res.body as Buffer);
    expect(lines[0]).toBe(
      'ID;Nome Fantasia;Razão Social;CNPJ;Inscrição Estadual;Endereço;Número;Complemento;Bairro;CEP;Cidade;UF;Telefone;Email;Site;Status;Score;Data de Cadastro;Última Modificação',
    );
    expect(lines.slice(1).map((line) => Number(line.split(';')[0]))).toEqual([a.enterpriseId, b.enterpriseId]);
    expect(lines[2]).toContain(';11.222.333/0001-81;');
    expect(lines[2]).toContain(';(44) 3325-1000;');
    expect(lines[2]).toMatch(/;Ativa;0;\d{2}\/\d{2}\/\d{4} \d{2}:\d{2};/);

    const xlsx = await exported('enterprises', { status: 'todos', busca: marker, formato: 'xlsx' }).expect(200);
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(xlsx.headers['content-disposition']).toBe(`attachment; filename="empresas-${today()}.xlsx"`);
    const sheet = await firstSheet(xlsx.body as Buffer);
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getCell('A2').value).toBe(a.enterpriseId);
    expect(sheet.getColumn(4).values).toContain('11.222.333/0001-81');
    expect(sheet.getCell('R2').value).toBeInstanceOf(Date);
    expect(sheet.getCell('R2').numFmt).toBe('dd/mm/yyyy hh:mm');
  });

  it('users: status, registration days and search, newest first; a formula typed as a name stays text', async () => {
    const marker = `Planilha${Date.now() % 100000}`;
    const users = await createAppUsers(ctx.sut, [
      { firstname: 'Ana', lastname: marker, cpf: '52998224725', dateAdded: new Date('2026-04-01T12:00:00Z') },
      { firstname: '=2+3', lastname: marker, dateAdded: new Date('2026-04-02T12:00:00Z') },
      { firstname: 'Caio', lastname: marker, status: 0, dateAdded: new Date('2026-04-03T12:00:00Z') },
      { firstname: 'Duda', lastname: marker, dateAdded: new Date('2026-05-10T12:00:00Z') },
    ]);
    const query = { status: 'ativos', busca: marker, date_from: '2026-04-01', date_to: '2026-04-30' };
    const lines = csvLines((await exported('users', query).expect(200)).body as Buffer);
    const list = await request(ctx.sut.server)
      .get('/api/admin/users')
      .query({ ...query, pageSize: 100 })
      .set(bearer(ctx.admin))
      .expect(200);
    expect(lines.slice(1).map((line) => Number(line.split(';')[0]))).toEqual((list.body.data as { user_id: number }[]).map((row) => row.user_id));
    expect(lines.slice(1).map((line) => Number(line.split(';')[0]))).toEqual([users[1].userId, users[0].userId]);
    expect(lines[1].split(';')[1]).toBe("'=2+3");
    expect(lines[2]).toContain(';529.982.247-25;');
    expect(lines[2]).toContain(';Ativo;;01/04/2026 09:00;');

    // Recorded in the trail with the filters it exported.
    const [entry] = await ctx.sut.dataSource.getRepository(AuditEntry).find({ where: { action: 'user.export' }, order: { id: 'DESC' }, take: 1 });
    expect(entry).toMatchObject({ adminUsername: ctx.admin.username });
    expect(JSON.parse(entry.summary!)).toMatchObject(query);
  });

  it('contacts: the tab, in its order', async () => {
    const first = await createContactRow(ctx.sut, { nome: 'Exporta Um', mensagem: 'Linha; com "aspas"\ne quebra' });
    const second = await createContactRow(ctx.sut, { nome: 'Exporta Dois' });
    const res = await exported('contatos', { status: 'pendente' }).expect(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="contatos-${today()}.csv"`);
    const text = (res.body as Buffer).toString('utf8');
    expect(text.indexOf(`\r\n${second.id};Exporta Dois;`)).toBeLessThan(text.indexOf(`\r\n${first.id};Exporta Um;`));
    expect(text).toContain(';"Linha; com ""aspas""\ne quebra";Pendente;');
  });

  it('reads in batches after the last row of the previous batch: ties in the order are neither lost nor repeated', async () => {
    const marker = `Lote${Date.now() % 100000}`;
    const sameDay = new Date('2026-06-01T10:00:00Z');
    await createAppUsers(
      ctx.sut,
      Array.from({ length: 7 }, (_, index) => ({
        firstname: `P${index}`,
        lastname: marker,
        dateAdded: index < 5 ? sameDay : new Date(Date.UTC(2026, 5, 2 + index)),
      })),
    );
    const list = await request(ctx.sut.server).get('/api/admin/users').query({ busca: marker, pageSize: 100 }).set(bearer(ctx.admin)).expect(200);
    const batches = await collect(ctx.sut.app.get(AppUserList).inOrder({ busca: marker }, 2));
    expect(batches.map((batch) => batch.length)).toEqual([2, 2, 2, 1]);
    expect(batches.flat().map((row) => row.user_id)).toEqual((list.body.data as { user_id: number }[]).map((row) => row.user_id));

    for (let index = 0; index < 5; index++) await createCompanyRow(ctx.sut, { fantasia: `${marker} Igual`, razao: `${marker} ${index}` });
    const companies = await collect(ctx.sut.app.get(EnterpriseList).inOrder({ status: 'todos', busca: marker }, 2));
    const ids = companies.flat().map((row) => row.enterprise_id);
    expect(ids).toHaveLength(5);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));

    const contacts = await collect(ctx.sut.app.get(ContactList).inOrder({ status: 'pendente' }, 3));
    const contactIds = contacts.flat().map((row) => row.id);
    expect(new Set(contactIds).size).toBe(contactIds.length);
    const page = await request(ctx.sut.server).get('/api/admin/contatos').query({ status: 'pendente', pageSize: 100 }).set(bearer(ctx.admin)).expect(200);
    expect(contactIds).toEqual((page.body.data as { id: number }[]).map((row) => row.id));
  });

  it('refuses a bad format or filter in Portuguese, and outsiders', async () => {
    expectRefused(await request(ctx.sut.server).get('/api/admin/users/exportar').query({ formato: 'pdf' }).set(bearer(ctx.admin)), 400, {
      message: 'Formato inválido: use csv ou xlsx.',
    });
    expectRefused(await request(ctx.sut.server).get('/api/admin/enterprises/exportar').query({ status: 'todas' }).set(bearer(ctx.admin)), 400);
    expectRefused(await request(ctx.sut.server).get('/api/admin/users/exportar').query({ date_from: '2026-02-30' }).set(bearer(ctx.admin)), 400);
    expectRefused(await request(ctx.sut.server).get('/api/admin/contatos/exportar'), 401);
  });
});
