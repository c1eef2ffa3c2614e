import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { Contact } from '../../src/contacts/contact.entity.js';
import { Enterprise } from '../../src/enterprises/enterprise.entity.js';
import { AppUser } from '../../src/users/app-user.entity.js';
import { Cargo } from '../../src/users/cargo.entity.js';
import { bearer, useAdminApp } from '../support/admin-session.js';
import { createEnterprise } from '../support/enterprise-factory.js';

// The lists, counters and dashboard read counts the database keeps with triggers (KeptCounts1764500000000)
// and read the last pages from the end: they must give what counting every row gives, after any write.
const app = useAdminApp('master');
const DAY = 86_400_000;
const get = (path: string) => request(app.sut.server).get(path).set(bearer(app.admin));
const users = () => app.sut.dataSource.getRepository(AppUser);

/** A São Paulo day (UTC-3), computed independently of the app's helpers. */
const spDay = (date: Date) => new Date(date.getTime() - 3 * 3600 * 1000).toISOString().slice(0, 10);

/** What the lists must report, counted row by row. */
async function counted() {
  const rows = await users().find({ select: { userId: true, status: true, dateAdded: true, enterpriseId: true } });
  const enterprises = await app.sut.dataSource.getRepository(Enterprise).find({ select: { enterpriseId: true, ativo: true } });
  const contacts = await app.sut.dataSource.getRepository(Contact).find({ select: { id: true, status: true } });
  return {
    users: {
      todos: rows.length,
      ativos: rows.filter((row) => Number(row.status) === 1).length,
      inativos: rows.filter((row) => Number(row.status) === 0).length,
    },
    noCompany: rows.filter((row) => row.enterpriseId === null).length,
    byDay: (from: string, to: string) => rows.filter((row) => spDay(new Date(row.dateAdded)) >= from && spDay(new Date(row.dateAdded)) <= to).length,
    perCompany: (id: number) => rows.filter((row) => row.enterpriseId === id).length,
    enterprisesAtivas: enterprises.filter((row) => Number(row.ativo) === 1).length,
    pendentes: contacts.filter((row) => row.status === 'pendente').length,
  };
}

async function expectSameAsCounting(companyIds: number[]) {
  const truth = await counted();
  expect((await get('/api/admin/users?pageSize=1').expect(200)).body.total).toBe(truth.users.todos);
  expect((await get('/api/admin/users?status=ativos&pageSize=1').expect(200)).body.total).toBe(truth.users.ativos);
  expect((await get('/api/admin/users?status=inativos&pageSize=1').expect(200)).body.total).toBe(truth.users.inativos);
  expect((await get('/api/admin/users/contador/ativos').expect(200)).body).toMatchObject({ total: truth.users.ativos });
  const from = spDay(new Date(Date.now() - 10 * DAY));
  const to = spDay(new Date(Date.now() - 2 * DAY));
  expect((await get(`/api/admin/users?date_from=${from}&date_to=${to}&pageSize=1`).expect(200)).body.total).toBe(truth.byDay(from, to));
  expect((await get('/api/admin/enterprises/contador/ativos').expect(200)).body).toMatchObject({ total: truth.enterprisesAtivas });
  expect((await get('/api/admin/contatos/contador').expect(200)).body).toMatchObject({ total: truth.pendentes });
  const dashboard = (await get('/api/admin/dashboard').expect(200)).body;
  expect(dashboard.cards).toEqual({ usuariosAtivos: truth.users.ativos, empresasAtivas: truth.enterprisesAtivas, contatosPendentes: truth.pendentes });
  const slices = new Map((dashboard.usuariosPorEmpresa as { name: string; total: number }[]).map((slice) => [slice.name, slice.total]));
  expect(slices.get('Sem empresa') ?? 0).toBe(truth.noCompany);
  for (const id of companyIds) {
    const company = (await get(`/api/admin/enterprises/${id}`).expect(200)).body.data;
    // A company without users has no slice.
    expect(slices.get(company.fantasia), company.fantasia).toBe(truth.perCompany(id) > 0 ? truth.perCompany(id) : undefined);
  }
}

describe('kept counts', () => {
  const companyIds: number[] = [];
  let cargo: Cargo;

  beforeAll(async () => {
    for (const fantasia of ['Contagem Alfa', 'Contagem Beta', 'Contagem Gama'])
      companyIds.push((await createEnterprise(app.sut, app.admin, { fantasia })).enterprise_id);
    cargo = await app.sut.dataSource.getRepository(Cargo).findOneByOrFail({ name: 'Vendedor' });
    const now = Date.now();
    const rows = Array.from({ length: 45 }, (_, index) => {
      const firstname = `Conta${index}`;
      const lastname = index % 2 ? 'Par' : 'Impar';
      const enterpriseId = index % 5 === 0 ? null : companyIds[index % 3];
      return users().create({
        firstname,
        lastname,
        email: `conta${index}@exemplo.com.br`,
        status: index % 4 === 0 ? 0 : 1,
        enterpriseId,
        dateAdded: new Date(now - (index % 15) * DAY - 3600_000),
      });
    });
    await users().save(rows);
  });

  it('match counting every row after inserts', async () => {
    await expectSameAsCounting(companyIds);
  });

  it('follow status, company and date changes, deletions and new contacts', async () => {
    const all = await users().find({ order: { userId: 'ASC' } });
    await users().update({ userId: all[0].userId }, { status: 1 });
    await users().update({ userId: all[1].userId }, { status: 0, enterpriseId: null });
    await users().update({ userId: all[2].userId }, { enterpriseId: companyIds[0] });
    await users().update({ userId: all[3].userId }, { dateAdded: new Date(Date.now() - 40 * DAY) });
    await users().delete({ userId: all[4].userId });
    await request(app.sut.server).patch(`/api/admin/enterprises/${companyIds[1]}/status`).set(bearer(app.admin)).send({ ativo: 0 }).expect(200);
    await app.sut.dataSource
      .getRepository(Contact)
      .insert({ nome: 'Conta', email: 'conta@exemplo.com.br', telefone: '43999990000', mensagem: 'Mensagem de contagem.', origem: 'site', status: 'pendente' });
    await expectSameAsCounting(companyIds);
  });

  it('read the last pages from the end with the same rows the plain order gives', async () => {
    const reference = (await users().find({ select: { userId: true }, order: { dateAdded: 'DESC', userId: 'DESC' } })).map((row) => row.userId);
    const pageSize = 7;
    const pages: number[] = [];
    for (let page = 1; page <= Math.ceil(reference.length / pageSize); page++) {
      const res = await get(`/api/admin/users?pageSize=${pageSize}&page=${page}`).expect(200);
      pages.push(...res.body.data.map((row: { user_id: number }) => row.user_id));
    }
    expect(pages).toEqual(reference);
    const past = await get(`/api/admin/users?pageSize=${pageSize}&page=${Math.ceil(reference.length / pageSize) + 1}`).expect(200);
    expect(past.body.data).toEqual([]);
  });

  it('find users by their company’s new name after a rename, and a new matching user at once', async () => {
    const [user] = await users().find({ where: { enterpriseId: companyIds[2] }, take: 1 });
    await users().update({ userId: user.userId }, { cargoId: cargo.cargoId });
    expect((await get('/api/admin/users?busca=contagem%20gama').expect(200)).body.total).toBe((await counted()).perCompany(companyIds[2]));
    const current = (await get(`/api/admin/enterprises/${companyIds[2]}`).expect(200)).body.data;
    await request(app.sut.server)
      .put(`/api/admin/enterprises/${companyIds[2]}`)
      .set(bearer(app.admin))
      .send({ ...current, fantasia: 'Renomeada Delta', razao: 'Renomeada Delta LTDA' })
      .expect(200);
    expect((await get('/api/admin/users?busca=contagem%20gama').expect(200)).body.total).toBe(0);
    const renamed = (await get('/api/admin/users?busca=renomeada%20delta&pageSize=100').expect(200)).body;
    expect(renamed.total).toBe((await counted()).perCompany(companyIds[2]));
    expect((await get('/api/admin/users?busca=renomeada%20vendedor').expect(200)).body.data.map((row: { user_id: number }) => row.user_id)).toEqual([
      user.userId,
    ]);

    // A search total is remembered until the table changes: a new matching user counts at once.
    const first = (await get('/api/admin/users?busca=conta1').expect(200)).body.total;
    await users().save(
      users().create({
        firstname: 'Conta1novo',
        lastname: 'Extra',
        email: 'conta1novo@exemplo.com.br',
        status: 1,
      }),
    );
    expect((await get('/api/admin/users?busca=conta1').expect(200)).body.total).toBe(first + 1);
  });
});
