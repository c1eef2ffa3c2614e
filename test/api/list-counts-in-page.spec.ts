import request from 'supertest';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Enterprise } from '../../src/enterprises/enterprise.entity.js';
import { bearer, useAdminApp } from '../support/admin-session.js';
import { createCompanyRow, createContactRow } from '../support/row-factories.js';
import type { TestApp } from '../support/test-app.js';

/*
 * A list whose counts the database keeps reads a page and its counts in one statement, laid out from the counts
 * the instance read last: the page must be exactly the one the current counts lay out, whatever was written in
 * between (by this instance or another), first pages and last pages (read from the end) alike.
 */
const ctx = useAdminApp();

type Statements = { sql: string[]; stop: () => void };

/** Records the plain statements the app sends (the driver's pool on MySQL/MariaDB, the data source's query on SQLite). */
function recordStatements(sut: TestApp): Statements {
  const sql: string[] = [];
  const pool = (sut.dataSource.driver as unknown as { pool?: { query: (...args: unknown[]) => unknown } }).pool;
  const target = sut.dataSource.options.type === 'mysql' && pool ? pool : (sut.dataSource as unknown as { query: (...args: unknown[]) => unknown });
  const original = target.query;
  target.query = function (this: unknown, ...args: unknown[]) {
    sql.push(String(args[0]));
    return original.apply(this, args);
  };
  return { sql, stop: () => void (target.query = original) };
}

let recording: Statements | null = null;
afterEach(() => {
  recording?.stop();
  recording = null;
});

interface Page {
  data: { enterprise_id: number; fantasia: string }[];
  total: number;
}

async function companies(query: string): Promise<Page> {
  const res = await request(ctx.sut.server).get(`/api/admin/enterprises?${query}`).set(bearer(ctx.admin));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Page;
}

/** The active companies in the list's order (name, then id), read apart from the app. */
async function activeInOrder(): Promise<{ enterprise_id: number; fantasia: string }[]> {
  const rows = await ctx.sut.dataSource
    .getRepository(Enterprise)
    .createQueryBuilder('e')
    .where('e.ativo = 1')
    .orderBy('e.sortName', 'ASC')
    .addOrderBy('e.enterpriseId', 'ASC')
    .getMany();
  return rows.map((row) => ({ enterprise_id: row.enterpriseId, fantasia: row.fantasia }));
}

async function expectPage(page: number, pageSize: number): Promise<void> {
  const all = await activeInOrder();
  const read = await companies(`status=ativos&page=${page}&pageSize=${pageSize}`);
  expect(read.total).toBe(all.length);
  expect(read.data.map((row) => [row.enterprise_id, row.fantasia])).toEqual(
    all.slice((page - 1) * pageSize, page * pageSize).map((row) => [row.enterprise_id, row.fantasia]),
  );
}

describe('a list page with kept counts', () => {
  beforeAll(async () => {
    for (let index = 1; index <= 25; index += 1) {
      await createCompanyRow(ctx.sut, { fantasia: `Contagem ${String(index).padStart(2, '0')}`, razao: `Contagem ${index} LTDA` });
    }
  });

  it('is one statement once the instance has read the counts: the rows and the counts together', async () => {
    await companies('status=ativos&page=1');
    recording = recordStatements(ctx.sut);
    const page = await companies('status=ativos&page=1');
    const counts = recording.sql.filter((sql) => sql.includes('row_counts'));
    expect(counts, recording.sql.join('\n')).toHaveLength(1);
    expect(counts[0]).toMatch(/FROM\s+[`"]?enterprises[`"]?/);
    expect(page.data).toHaveLength(20);

    await request(ctx.sut.server).get('/api/admin/contatos?status=pendente').set(bearer(ctx.admin)).expect(200);
    await createContactRow(ctx.sut, { nome: 'Contagem na página' });
    recording.sql.length = 0;
    const contacts = await request(ctx.sut.server).get('/api/admin/contatos?status=pendente').set(bearer(ctx.admin)).expect(200);
    expect(contacts.body.data.map((row: { nome: string }) => row.nome)).toContain('Contagem na página');
    expect(recording.sql.filter((sql) => sql.includes('row_counts'))).toHaveLength(1);
  });

  it('is the page the current counts lay out when rows were added or removed since the last read', async () => {
    await expectPage(1, 10);
    // Written apart from the list (as another instance would): the first page's window stays, the total moves.
    const added = await createCompanyRow(ctx.sut, { fantasia: 'Contagem 00 primeira', razao: 'Primeira LTDA' });
    await expectPage(1, 10);
    await ctx.sut.dataSource.getRepository(Enterprise).update(added.enterpriseId, { ativo: 0 });
    await expectPage(1, 10);
  });

  it('is the right last page when the total moved the window read from the end', async () => {
    const all = await activeInOrder();
    const lastPage = Math.ceil(all.length / 7);
    await expectPage(lastPage, 7);
    await createCompanyRow(ctx.sut, { fantasia: 'Contagem zz última', razao: 'Última LTDA' });
    await expectPage(lastPage, 7);
    await expectPage(lastPage + 1, 7);
    const removed = (await activeInOrder()).at(-1)!;
    await ctx.sut.dataSource.getRepository(Enterprise).update(removed.enterprise_id, { ativo: 0 });
    await expectPage(lastPage, 7);
  });

  it('is empty with the right total when the rows it was laid out from are gone', async () => {
    const all = await activeInOrder();
    const lastPage = Math.ceil(all.length / 5);
    await expectPage(lastPage, 5);
    const onLastPage = all.slice((lastPage - 1) * 5);
    for (const row of onLastPage) await ctx.sut.dataSource.getRepository(Enterprise).update(row.enterprise_id, { ativo: 0 });
    const read = await companies(`status=ativos&page=${lastPage}&pageSize=5`);
    expect(read.data).toEqual([]);
    expect(read.total).toBe(all.length - onLastPage.length);
  });
});
