import request from 'supertest';
import { In } from 'typeorm';
import { describe, expect, it } from 'vitest';
import { AuditEntry } from '../../src/audit/audit-entry.entity.js';
import { BULK_CHUNK } from '../../src/common/bulk/bulk-status.js';
import { Enterprise } from '../../src/enterprises/enterprise.entity.js';
import { AppUser } from '../../src/users/app-user.entity.js';
import { bearer, useAdminApp } from '../support/admin-session.js';
import { expectRefused } from '../support/refusals.js';
import { createAppUsers, createCompanyRow } from '../support/row-factories.js';
import { settleFulltext } from '../support/test-app.js';

const ctx = useAdminApp();
const post = (path: string, body: Record<string, unknown>) => request(ctx.sut.server).post(path).set(bearer(ctx.admin)).send(body);
const get = (path: string, query: Record<string, string | number> = {}) => request(ctx.sut.server).get(path).query(query).set(bearer(ctx.admin));

/** Runs a bulk action to the end as the screen does, one chunk per call; returns the chunks' answers. */
async function runBulk(path: string, body: Record<string, unknown>) {
  const answers: { alterados: number; vistos: number; apos: number | null }[] = [];
  let apos: number | null = 0;
  for (let calls = 0; apos !== null && calls < 100; calls++) {
    const res: request.Response = await post(path, { ...body, ...(apos ? { apos } : {}) }).expect(200);
    answers.push(res.body);
    apos = res.body.apos;
  }
  return answers;
}

const audits = (action: string, targetIds: number[]) => ctx.sut.dataSource.getRepository(AuditEntry).find({ where: { action, targetId: In(targetIds) } });

describe('bulk Ativar/Desativar of companies', () => {
  it('deactivates every company of the filter and search but the unticked ones, one audit entry per row changed, the counts right at once', async () => {
    const marker = `Lote${Date.now() % 100000}`;
    const rows: Enterprise[] = [];
    for (const [name, ativo] of [
      ['Um', 1],
      ['Dois', 1],
      ['Tres', 1],
      ['Quatro', 0],
      ['Cinco', 0],
    ] as const) {
      rows.push(await createCompanyRow(ctx.sut, { fantasia: `${marker} ${name}`, razao: `${marker} ${name} LTDA`, ativo }));
    }
    const outside = await createCompanyRow(ctx.sut, { fantasia: 'Fora Do Lote', razao: 'Fora Do Lote LTDA' });
    const activeBefore = (await get('/api/admin/enterprises/contador/ativos').expect(200)).body.total as number;

    const answers = await runBulk('/api/admin/enterprises/status-em-lote', {
      acao: 'desativar',
      todos: true,
      status: 'todos',
      busca: marker,
      exceto: [rows[1].enterpriseId],
    });
    // One chunk: 4 rows of the selection seen (5 found, 1 unticked), 2 changed (the other 2 were inactive already).
    expect(answers).toEqual([{ alterados: 2, vistos: 4, apos: null }]);
    const stored = await ctx.sut.dataSource.getRepository(Enterprise).findBy({ enterpriseId: In([...rows, outside].map((row) => row.enterpriseId)) });
    const status = new Map(stored.map((row) => [row.enterpriseId, Number(row.ativo)]));
    expect(rows.map((row) => status.get(row.enterpriseId))).toEqual([0, 1, 0, 0, 0]);
    expect(status.get(outside.enterpriseId)).toBe(1);

    const entries = await audits(
      'enterprise.status',
      [...rows, outside].map((row) => row.enterpriseId),
    );
    expect(entries.map((entry) => entry.targetId).sort((x, y) => x! - y!)).toEqual([rows[0].enterpriseId, rows[2].enterpriseId].sort((x, y) => x - y));
    expect(entries[0]).toMatchObject({ adminUsername: ctx.admin.username, ip: ctx.admin.ip, targetType: 'enterprise' });
    expect(JSON.parse(entries[0].summary!)).toEqual({ alteracoes: { ativo: [1, 0] }, operacao: 'alteracao', em_lote: true });

    expect((await get('/api/admin/enterprises/contador/ativos').expect(200)).body.total).toBe(activeBefore - 2);
    // The search's remembered totals follow the writes.
    expect((await get('/api/admin/enterprises', { busca: marker, status: 'ativos' }).expect(200)).body.total).toBe(1);
    expect((await get('/api/admin/enterprises', { busca: marker, status: 'inativos' }).expect(200)).body.total).toBe(4);

    // Ticked rows, ativar: only the inactive ones change; an unknown id is neither seen nor changed.
    const ticked = await runBulk('/api/admin/enterprises/status-em-lote', { acao: 'ativar', ids: [rows[0].enterpriseId, rows[1].enterpriseId, 999999999] });
    expect(ticked).toEqual([{ alterados: 1, vistos: 2, apos: null }]);
  });

  it('refuses a selection that is not one, in Portuguese, and changes nothing', async () => {
    const company = await createCompanyRow(ctx.sut, { fantasia: 'Recusa Lote', razao: 'Recusa Lote LTDA' });
    const path = '/api/admin/enterprises/status-em-lote';
    const cases: [Record<string, unknown>, string][] = [
      [{ acao: 'desativar' }, 'Selecione as linhas (ids) ou todos os resultados (todos), um dos dois.'],
      [{ acao: 'desativar', ids: [company.enterpriseId], todos: true }, 'Selecione as linhas (ids) ou todos os resultados (todos), um dos dois.'],
      [{ acao: 'desativar', ids: [] }, 'Selecione ao menos uma linha.'],
      [{ acao: 'apagar', ids: [company.enterpriseId] }, 'Ação inválida: use ativar ou desativar.'],
      [{ acao: 'desativar', ids: ['1 OR 1=1'] }, 'Cada identificador deve ser um número inteiro positivo.'],
      [{ acao: 'desativar', ids: Array.from({ length: 1001 }, (_, index) => index + 1) }, 'Marque no máximo 1000 linhas, ou selecione todos os resultados.'],
      [{ acao: 'desativar', todos: 'sim' }, 'Para selecionar todos os resultados, envie todos: true.'],
      [{ acao: 'desativar', todos: true, status: 'todas' }, 'Status inválido: use todos, ativos ou inativos.'],
      [{ acao: 'desativar', todos: true, exceto: Array.from({ length: 10_001 }, (_, index) => index + 1) }, 'Desmarque no máximo 10.000 linhas.'],
      [{ acao: 'desativar', todos: true, apos: -1 }, 'Continuação inválida.'],
      [{ acao: 'desativar', todos: true, campo: 'x' }, 'Campo não permitido.'],
    ];
    for (const [body, message] of cases) {
      const res = await post(path, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expectRefused(res, 400);
      expect(JSON.stringify(res.body), JSON.stringify(body).slice(0, 80)).toContain(message);
    }
    expect((await ctx.sut.dataSource.getRepository(Enterprise).findOneByOrFail({ enterpriseId: company.enterpriseId })).ativo).toBe(1);
    expect(await audits('enterprise.status', [company.enterpriseId])).toEqual([]);
  });
});

describe('bulk Ativar/Desativar of users', () => {
  it(`goes through a large selection in chunks of ${BULK_CHUNK}, none lost though the changed rows leave the filter`, async () => {
    const marker = `Massa${Date.now() % 100000}`;
    const users = await createAppUsers(
      ctx.sut,
      Array.from({ length: BULK_CHUNK * 2 + 30 }, (_, index) => ({ firstname: `M${index}`, lastname: marker, status: index % 10 === 0 ? 0 : 1 })),
    );
    await settleFulltext(ctx.sut, ['app_users']);
    const active = users.filter((user) => user.status === 1).length;
    const countsBefore = (await get('/api/admin/users', { busca: marker }).expect(200)).body.total as number;
    expect(countsBefore).toBe(users.length);

    const answers = await runBulk('/api/admin/users/status-em-lote', { acao: 'desativar', todos: true, status: 'ativos', busca: marker });
    expect(answers.length).toBeGreaterThanOrEqual(2);
    expect(answers.slice(0, -1).every((answer) => answer.apos !== null)).toBe(true);
    expect(answers.reduce((sum, answer) => sum + answer.alterados, 0)).toBe(active);
    expect(answers.reduce((sum, answer) => sum + answer.vistos, 0)).toBe(active);
    expect(await ctx.sut.dataSource.getRepository(AppUser).countBy({ lastname: marker, status: 1 })).toBe(0);
    expect(
      (
        await audits(
          'user.status',
          users.map((user) => user.userId),
        )
      ).length,
    ).toBe(active);

    // The list's counts for the search are right at once (the remembered totals follow the writes).
    expect((await get('/api/admin/users', { busca: marker, status: 'ativos' }).expect(200)).body.total).toBe(0);
    expect((await get('/api/admin/users', { busca: marker, status: 'inativos' }).expect(200)).body.total).toBe(users.length);
  });

  it('with dates: only users registered on those days', async () => {
    const marker = `Datas${Date.now() % 100000}`;
    const [inside, outside] = await createAppUsers(ctx.sut, [
      { firstname: 'Dentro', lastname: marker, dateAdded: new Date('2026-04-10T15:00:00Z') },
      { firstname: 'Fora', lastname: marker, dateAdded: new Date('2026-04-12T15:00:00Z') },
    ]);
    const answers = await runBulk('/api/admin/users/status-em-lote', {
      acao: 'desativar',
      todos: true,
      busca: marker,
      date_from: '2026-04-10',
      date_to: '2026-04-10',
    });
    expect(answers).toEqual([{ alterados: 1, vistos: 1, apos: null }]);
    const stored = await ctx.sut.dataSource.getRepository(AppUser).findBy({ userId: In([inside.userId, outside.userId]) });
    expect(new Map(stored.map((user) => [user.userId, user.status]))).toEqual(
      new Map([
        [inside.userId, 0],
        [outside.userId, 1],
      ]),
    );
  });
});
