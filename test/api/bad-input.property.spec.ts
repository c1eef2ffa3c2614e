import fc from 'fast-check';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditEntry } from '../../src/audit/audit-entry.entity.js';
import { bearer, loginAs, nextTestIp, type AdminSession } from '../support/admin-session.js';
import { concretePath, registeredRoutes, type RegisteredRoute } from '../support/route-table.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let sut: TestApp;
let master: AdminSession;
let routes: RegisteredRoute[];

beforeAll(async () => {
  sut = await startTestApp();
  master = await loginAs(sut, 'master');
  routes = registeredRoutes(sut).filter((route) => route.path.startsWith('/api/') && route.path !== '/api/admin/logout');
});

afterAll(async () => {
  await sut?.close();
});

/** Rows of every table a write could touch (the audit trail counts only successful writes). */
async function rowCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of ['enterprises', 'enterprise_billing', 'logos', 'app_users', 'contacts', 'authorized_ips', 'admins', 'password_resets', 'account_deletion_requests']) {
    const [row] = (await sut.dataSource.query(`SELECT COUNT(*) AS total FROM ${table}`)) as { total: number | string }[];
    counts[table] = Number(row.total);
  }
  return counts;
}

/** Path parameters that name nothing: unknown numbers, negatives, text, traversal, huge values. */
const pathParam = fc.oneof(fc.integer({ min: 1_000_000, max: 2_147_483_647 }).map(String), fc.integer({ max: 0 }).map(String), fc.string({ minLength: 1, maxLength: 30 }), fc.constantFrom('../../etc/passwd', '1e3', '0x10', '9'.repeat(40), '%00', ' 1'));
const queryValue = fc.oneof(fc.string({ maxLength: 200 }), fc.integer().map(String), fc.constantFrom("' OR 1=1 --", '%', '_', '2026-13-45', '-1', 'NaN', 'x'.repeat(5000)));
const query = fc.dictionary(fc.constantFrom('status', 'page', 'pageSize', 'busca', 'date_from', 'date_to', 'acao', 'x'), queryValue, { maxKeys: 4 });
const body = fc.oneof(fc.anything({ maxDepth: 2 }), fc.dictionary(fc.string({ maxLength: 20 }), fc.oneof(fc.string({ maxLength: 300 }), fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.string(), { maxLength: 3 }))));

describe('generated bad input on every API route', () => {
  it('never gets a 5xx, always the JSON error shape, and a refused write changes no row', async () => {
    const audit = sut.dataSource.getRepository(AuditEntry);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), pathParam, query, body, async (route, param, params, payload) => {
        const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
        const before = method === 'get' ? null : await rowCounts();
        const auditBefore = method === 'get' ? 0 : await audit.count();
        const headers = route.access === 'public' ? { 'X-Forwarded-For': nextTestIp() } : bearer(master);
        let req = request(sut.server)[method](concretePath(route.path, param)).query(params).set(headers);
        if (method !== 'get') req = typeof payload === 'object' && payload !== null ? req.send(payload as object) : req.set('Content-Type', 'application/json').send(JSON.stringify(payload) ?? 'null');
        const res = await req;
        const where = `${route.method} ${concretePath(route.path, param)} ${JSON.stringify(params)} ${JSON.stringify(payload)?.slice(0, 200)}`;
        expect(res.status, where).toBeLessThan(500);
        if (res.status >= 400) {
          expect(res.headers['content-type'], where).toMatch(/application\/json/);
          expect(res.body, where).toMatchObject({ statusCode: res.status, message: expect.any(String) });
          expect(JSON.stringify(res.body), where).not.toMatch(/at \w+ \(|SELECT |INSERT |QueryFailed|node_modules/);
          if (before) {
            expect(await rowCounts(), where).toEqual(before);
            expect(await audit.count(), where).toBe(auditBefore);
          }
        }
      }),
      { numRuns: 400, seed: 20261122 },
    );
  }, 180_000);
});
