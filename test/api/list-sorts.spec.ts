import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { ENTERPRISE_SORT_COLUMNS, EnterpriseList } from '../../src/enterprises/enterprises.resource.js';
import { Enterprise } from '../../src/enterprises/enterprise.entity.js';
import { AppUser } from '../../src/users/app-user.entity.js';
import { USER_SORT_COLUMNS } from '../../src/users/app-users.resource.js';
import type { OrderColumn } from '../../src/common/sql/list-query.js';
import { bearer, useAdminApp } from '../support/admin-session.js';
import { LONDRINA, MARINGA, SORRISO } from '../support/enterprise-factory.js';
import { expectRefused } from '../support/refusals.js';
import { createAppUsers, createCompanyRow, createContactRow } from '../support/row-factories.js';
import { usingMysql } from '../support/test-app.js';

const ctx = useAdminApp();
const get = (path: string, query: Record<string, string | number>) => request(ctx.sut.server).get(path).query(query).set(bearer(ctx.admin));

/** Every row of a list, read page by page (first pages from the start, later ones from the end). */
async function pagedIds(path: string, query: Record<string, string | number>, key: string, pageSize = 2): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const res = await get(path, { ...query, page, pageSize }).expect(200);
    ids.push(...(res.body.data as Record<string, number>[]).map((row) => row[key]));
    if (page * pageSize >= res.body.total) return ids;
  }
}

describe('sorting the companies list', () => {
  it('by Fantasia, CNPJ, Cidade and Status, both ways, ties broken by id; every page agrees with the whole list', async () => {
    const marker = `Ordem${Date.now() % 100000}`;
    const specs = [
      { fantasia: `${marker} Bravo`, cnpj: '11444777000161', cityId: MARINGA, ativo: 1 },
      { fantasia: `${marker} Alfa`, cnpj: '11222333000181', cityId: SORRISO, ativo: 0 },
      { fantasia: `${marker} Ébano`, cnpj: '45997418000153', cityId: LONDRINA, ativo: 1 },
      { fantasia: `${marker} Delta`, cnpj: '04252011000110', cityId: null, ativo: 1 },
      { fantasia: `${marker} Alfa`, cnpj: '33000167000101', cityId: LONDRINA, ativo: 0 },
    ];
    const rows: Enterprise[] = [];
    for (const spec of specs) rows.push(await createCompanyRow(ctx.sut, { ...spec, razao: `${spec.fantasia} LTDA` }));
    const id = (index: number) => rows[index].enterpriseId;
    const expected: Record<string, number[]> = {
      // "Ébano" folds to "ebano": after Delta. The two "Alfa" keep their id order.
      fantasia: [id(1), id(4), id(0), id(3), id(2)],
      cnpj: [id(3), id(1), id(0), id(4), id(2)],
      // No city first, then Londrina (PR), Maringá (PR), Sorriso (MT).
      cidade: [id(3), id(2), id(4), id(0), id(1)],
      // Active by name, then inactive by name.
      status: [id(0), id(3), id(2), id(1), id(4)],
    };
    for (const [ordem, ids] of Object.entries(expected)) {
      const asc = await pagedIds('/api/admin/enterprises', { busca: marker, ordem, sentido: 'asc' }, 'enterprise_id');
      expect(asc, ordem).toEqual(ids);
      const desc = await pagedIds('/api/admin/enterprises', { busca: marker, ordem, sentido: 'desc' }, 'enterprise_id');
      // Descending reverses the list; Status descending puts the inactive companies first, each still by name.
      expect(desc, ordem).toEqual(ordem === 'status' ? [id(1), id(4), id(0), id(3), id(2)] : [...ids].reverse());
    }
    // The export follows the same order (keyset batches of 2 in the service are tested in exports.spec.ts).
    for (const [ordem, sentido] of [
      ['cidade', 'desc'],
      ['status', 'asc'],
    ]) {
      const csv = await get('/api/admin/enterprises/exportar', { busca: marker, ordem, sentido }).expect(200);
      const exported = csv.text
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .slice(1)
        .filter(Boolean)
        .map((line) => Number(line.split(';')[0]));
      expect(exported, `${ordem} ${sentido}`).toEqual(await pagedIds('/api/admin/enterprises', { busca: marker, ordem, sentido }, 'enterprise_id'));
    }
    // Batches of 2 after the last row's (city, id): the two Londrina companies tie on the city.
    const batches: number[] = [];
    for await (const batch of ctx.sut.app.get(EnterpriseList).inOrder({ status: 'todos', busca: marker, ordem: 'cidade', sentido: 'asc' }, 2)) {
      batches.push(...batch.map((row) => row.enterprise_id));
    }
    expect(batches).toEqual(expected.cidade);
    // Without ordem: Fantasia ascending. Within a status tab, the Status sort is the tab's name order.
    expect(await pagedIds('/api/admin/enterprises', { busca: marker }, 'enterprise_id')).toEqual(expected.fantasia);
    expect(await pagedIds('/api/admin/enterprises', { busca: marker, status: 'inativos', ordem: 'status', sentido: 'desc' }, 'enterprise_id')).toEqual([
      id(1),
      id(4),
    ]);
  });

  it('without a search, pages read from the start and from the end make the whole sorted list', async () => {
    for (const ordem of ['fantasia', 'cnpj', 'cidade', 'status']) {
      for (const sentido of ['asc', 'desc']) {
        const whole = await get('/api/admin/enterprises', { ordem, sentido, pageSize: 1000 }).expect(200);
        const ids = (whole.body.data as { enterprise_id: number }[]).map((row) => row.enterprise_id);
        expect(ids.length).toBeGreaterThan(4);
        expect(await pagedIds('/api/admin/enterprises', { ordem, sentido }, 'enterprise_id', 3), `${ordem} ${sentido}`).toEqual(ids);
      }
    }
  });

  it('refuses an unknown sort or direction in Portuguese', async () => {
    expectRefused(await get('/api/admin/enterprises', { ordem: 'razao' }), 400, { message: 'Ordem inválida: use fantasia, cnpj, cidade ou status.' });
    expectRefused(await get('/api/admin/enterprises', { ordem: 'cnpj', sentido: 'up' }), 400, { message: 'Sentido inválido: use asc ou desc.' });
    expectRefused(await get('/api/admin/users', { ordem: 'senha' }), 400, { message: 'Ordem inválida: use nome, email, cadastro, empresa ou status.' });
    expectRefused(await get('/api/admin/contatos', { ordem: 'nome' }), 400, { message: 'Ordem inválida: use data.' });
  });
});

describe('sorting the users list', () => {
  it('by Nome, Email, Data de Cadastro, Empresa and Status; the company order follows a company renamed or changed', async () => {
    const marker = `Classe${Date.now() % 100000}`;
    const zeta = await createCompanyRow(ctx.sut, { fantasia: 'Zeta Máquinas', razao: 'Zeta Máquinas LTDA' });
    const alfa = await createCompanyRow(ctx.sut, { fantasia: 'Ágil Tratores', razao: 'Ágil Tratores LTDA' });
    const day = (n: number) => new Date(Date.UTC(2026, 2, n, 12));
    const users = await createAppUsers(ctx.sut, [
      { firstname: 'Carla', lastname: marker, email: `carla.${marker}@exemplo.com.br`, enterpriseId: zeta.enterpriseId, dateAdded: day(3) },
      { firstname: 'Ana', lastname: marker, email: `zuleica.${marker}@exemplo.com.br`, enterpriseId: alfa.enterpriseId, status: 0, dateAdded: day(1) },
      { firstname: 'Bruno', lastname: marker, email: `bruno.${marker}@exemplo.com.br`, enterpriseId: null, dateAdded: day(2) },
      { firstname: 'Álvaro', lastname: marker, email: `alvaro.${marker}@exemplo.com.br`, enterpriseId: zeta.enterpriseId, status: 0, dateAdded: day(4) },
    ]);
    const id = (index: number) => users[index].userId;
    const list = (ordem: string, sentido: string) => pagedIds('/api/admin/users', { busca: marker, ordem, sentido }, 'user_id');
    expect(await list('nome', 'asc')).toEqual([id(3), id(1), id(2), id(0)]);
    expect(await list('nome', 'desc')).toEqual([id(0), id(2), id(1), id(3)]);
    expect(await list('email', 'asc')).toEqual([id(3), id(2), id(0), id(1)]);
    expect(await list('cadastro', 'asc')).toEqual([id(1), id(2), id(0), id(3)]);
    expect(await list('cadastro', 'desc')).toEqual([id(3), id(0), id(2), id(1)]);
    // No company first, then "agil" (accent folded), then "zeta" (ties by id).
    expect(await list('empresa', 'asc')).toEqual([id(2), id(1), id(0), id(3)]);
    // Active newest first, then inactive newest first; descending: inactive first.
    expect(await list('status', 'asc')).toEqual([id(0), id(2), id(3), id(1)]);
    expect(await list('status', 'desc')).toEqual([id(3), id(1), id(0), id(2)]);
    // Without ordem: newest registration first.
    expect(await pagedIds('/api/admin/users', { busca: marker }, 'user_id')).toEqual([id(3), id(0), id(2), id(1)]);

    // Renamed (here by a write that is not the back office's), "Zeta" becomes "Aaron": its users now come first.
    await ctx.sut.dataSource.getRepository(Enterprise).update({ enterpriseId: zeta.enterpriseId }, { fantasia: 'Aaron Implementos' });
    expect(await list('empresa', 'asc')).toEqual([id(2), id(0), id(3), id(1)]);
    // A user moved to another company is sorted by the new one.
    await ctx.sut.dataSource.getRepository(AppUser).update({ userId: id(2) }, { enterpriseId: alfa.enterpriseId });
    expect(await list('empresa', 'asc')).toEqual([id(0), id(3), id(1), id(2)]);
  });

  it('without a search, pages read from the start and from the end make the whole sorted list', async () => {
    for (const ordem of ['nome', 'email', 'cadastro', 'empresa', 'status']) {
      for (const sentido of ['asc', 'desc']) {
        // One page holds them all: a page of people's data is at most 100 rows.
        const whole = await get('/api/admin/users', { ordem, sentido, pageSize: 100 }).expect(200);
        expect(whole.body.total).toBeLessThanOrEqual(100);
        const ids = (whole.body.data as { user_id: number }[]).map((row) => row.user_id);
        expect(await pagedIds('/api/admin/users', { ordem, sentido }, 'user_id', 3), `${ordem} ${sentido}`).toEqual(ids);
      }
    }
  });
});

describe('sorting the contacts tabs', () => {
  it('by date, newest first by default, oldest first ascending', async () => {
    const first = await createContactRow(ctx.sut, { nome: 'Mais Antigo', createdAt: new Date('2026-01-01T10:00:00Z') });
    const second = await createContactRow(ctx.sut, { nome: 'Mais Novo', createdAt: new Date('2026-01-02T10:00:00Z') });
    const desc = await pagedIds('/api/admin/contatos', { status: 'pendente' }, 'id');
    const asc = await pagedIds('/api/admin/contatos', { status: 'pendente', ordem: 'data', sentido: 'asc' }, 'id');
    expect(asc).toEqual([...desc].reverse());
    expect(desc.indexOf(second.id)).toBeLessThan(desc.indexOf(first.id));
  });
});

describe('every offered sort is served by an index', () => {
  const cases: { table: string; status: string; key: string; columns: OrderColumn[] }[] = [
    ...Object.values(ENTERPRISE_SORT_COLUMNS).map((columns) => ({ table: 'enterprises', status: 'ativo', key: 'enterprise_id', columns })),
    ...Object.values(USER_SORT_COLUMNS).map((columns) => ({ table: 'app_users', status: 'status', key: 'user_id', columns })),
  ];
  const plain = (column: OrderColumn) => column.column.slice(column.column.indexOf('.') + 1);

  // SQLite: the plan orders each sort, in each tab and both ways, by an index, never by a temporary B-tree.
  // MySQL/MariaDB (whose plans depend on the table's statistics): an index leads with each sort, alone and after the status.
  it('on each database, by its own evidence', async () => {
    if (!usingMysql) {
      for (const { table, status, key, columns } of cases) {
        for (const where of ['', `WHERE ${status} = 1`]) {
          for (const direction of ['ASC', 'DESC']) {
            const order = [...columns.map(plain), key].map((column) => `${column} ${direction}`).join(', ');
            const plan = (await ctx.sut.dataSource.query(`EXPLAIN QUERY PLAN SELECT ${key} FROM ${table} ${where} ORDER BY ${order} LIMIT 20`)) as {
              detail: string;
            }[];
            const details = plan.map((step) => step.detail).join(' | ');
            expect(details, `${table} ${where} ${order}`).not.toMatch(/TEMP B-TREE/);
            expect(details, `${table} ${where} ${order}`).toMatch(/USING (COVERING )?INDEX|USING INTEGER PRIMARY KEY/);
          }
        }
      }
      return;
    }
    const rows = (await ctx.sut.dataSource.query(
      'SELECT table_name AS t, index_name AS i, column_name AS c FROM information_schema.statistics WHERE table_schema = DATABASE() ORDER BY table_name, index_name, seq_in_index',
    )) as { t: string; i: string; c: string }[];
    const indexes = new Map<string, string[]>();
    for (const row of rows) indexes.set(`${row.t}.${row.i}`, [...(indexes.get(`${row.t}.${row.i}`) ?? []), row.c]);
    for (const { table, status, columns } of cases) {
      for (const prefix of [[], [status]]) {
        const wanted = [...prefix, ...columns.map(plain)].join(',');
        const found = [...indexes].some(([name, indexed]) => name.startsWith(`${table}.`) && indexed.join(',').startsWith(wanted));
        expect(found, `${table} (${wanted})`).toBe(true);
      }
    }
  });
});
