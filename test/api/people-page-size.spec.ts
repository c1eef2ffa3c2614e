import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, useAdminApp } from '../support/admin-session.js';
import { createEnterprise } from '../support/enterprise-factory.js';
import { createAppUsers } from '../support/row-factories.js';
import { expectRefused } from '../support/refusals.js';

// A list page of people's data holds at most 100 rows: reading more of them at once is an export (/exportar),
// which asks for a recent confirmation of identity and is audited. Companies hold no person's data.
const ctx = useAdminApp('master');
const RULE = 'O tamanho da página deve estar entre 1 e 100.';

let companyId: number;
beforeAll(async () => {
  companyId = (await createEnterprise(ctx.sut, ctx.admin, { fantasia: 'Revenda Com Muitos Usuários' })).enterprise_id;
  await createAppUsers(
    ctx.sut,
    Array.from({ length: 5 }, (_, index) => ({ firstname: `Vinculado${index}`, lastname: 'Paginado', enterpriseId: companyId })),
  );
});

const get = (path: string, query: Record<string, unknown> = {}) => request(ctx.sut.server).get(path).query(query).set(bearer(ctx.admin));

const peopleLists = () => [
  ['app users', '/api/admin/users'],
  ['contacts', '/api/admin/contatos'],
  ['team', '/api/admin/admins'],
  ["a company's users", `/api/admin/enterprises/${companyId}/users`],
];

describe("lists of people's data", () => {
  it.each([0, 1, 2, 3])('refuses pageSize above 100 on list %#, in Portuguese, and serves 100', async (index) => {
    const [name, path] = peopleLists()[index];
    for (const pageSize of [1000, 101]) expectRefused(await get(path, { pageSize }), 400, { field: 'pageSize', message: RULE });
    const page = await get(path, { pageSize: 100 });
    expect(page.status, `${name}: ${page.text}`).toBe(200);
    expect(page.body).toMatchObject({ page: 1, pageSize: 100, total: expect.any(Number) });
  });

  it("pages a company's users by name, up to 100 by default", async () => {
    const whole = (await get(`/api/admin/enterprises/${companyId}/users`).expect(200)).body;
    expect(whole).toMatchObject({ total: 5, page: 1, pageSize: 100 });
    expect(whole.data.map((user: { firstname: string }) => user.firstname)).toEqual(['Vinculado0', 'Vinculado1', 'Vinculado2', 'Vinculado3', 'Vinculado4']);
    const second = (await get(`/api/admin/enterprises/${companyId}/users`, { page: 2, pageSize: 2 }).expect(200)).body;
    expect(second).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(second.data.map((user: { firstname: string }) => user.firstname)).toEqual(['Vinculado2', 'Vinculado3']);
  });

  it('keeps the companies list at its own, larger maximum (the user form reads every active company at once)', async () => {
    expect((await get('/api/admin/enterprises', { status: 'ativos', pageSize: 1000 }).expect(200)).body.pageSize).toBe(1000);
    expectRefused(await get('/api/admin/enterprises', { pageSize: 1001 }), 400, {
      field: 'pageSize',
      message: 'O tamanho da página deve estar entre 1 e 1000.',
    });
  });

  it('documents each maximum in the OpenAPI document', async () => {
    const document = (await request(ctx.sut.server).get('/api/docs.json').expect(200)).body as {
      paths: Record<string, { get: { parameters: { name: string; in: string; schema: { maximum?: number } }[] } }>;
    };
    const maximum = (path: string) =>
      document.paths[path].get.parameters.find((parameter) => parameter.in === 'query' && parameter.name === 'pageSize')?.schema.maximum;
    for (const path of ['/api/admin/users', '/api/admin/contatos', '/api/admin/admins', '/api/admin/enterprises/{id}/users'])
      expect(maximum(path), path).toBe(100);
    expect(maximum('/api/admin/enterprises')).toBe(1000);
  });
});
