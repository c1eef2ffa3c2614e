import fc from 'fast-check';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs, nextTestIp, type AdminSession } from '../support/admin-session.js';
import { changedTables, snapshotRows } from '../support/db-snapshot.js';
import { streamOrJson } from '../support/sse.js';
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

/** Path parameters that name nothing: unknown numbers, negatives, text, traversal, huge values. */
const pathParam = fc.oneof(
  fc.integer({ min: 1_000_000, max: 2_147_483_647 }).map(String),
  fc.integer({ max: 0 }).map(String),
  fc.string({ minLength: 1, maxLength: 30 }),
  fc.constantFrom('../../etc/passwd', '1e3', '0x10', '9'.repeat(40), '%00', ' 1'),
);
/** Numbers in exponent form, from just past the safe integers to past what a double holds. */
const hugeNumberText = fc.oneof(
  fc.integer({ min: 16, max: 400 }).map((exponent) => `1e${exponent}`),
  fc.constantFrom('1e21', '9.99e+30', '1E309', '-1e21', '1e-7'),
);
const queryValue = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.integer().map(String),
  hugeNumberText,
  fc.constantFrom("' OR 1=1 --", '%', '_', '2026-13-45', '-1', 'NaN', 'x'.repeat(5000)),
);
/** JSON text, sent as it is (JSON.stringify itself overflows the stack on thousands of levels). */
class RawJson {
  constructor(readonly text: string) {}
  toString() {
    return `${this.text.slice(0, 60)}… (${this.text.length} caracteres)`;
  }
}
/** JSON nested from just past the accepted depth to thousands of levels, as objects or arrays. */
const nestedJsonText = (depth: number, asArray: boolean) =>
  asArray ? `${'['.repeat(depth)}"fundo"${']'.repeat(depth)}` : `${'{"nome":'.repeat(depth)}"fundo"${'}'.repeat(depth)}`;
const deepJson = fc.tuple(fc.integer({ min: 33, max: 6000 }), fc.boolean()).map(([depth, asArray]) => new RawJson(nestedJsonText(depth, asArray)));
const deepField = fc.tuple(fc.string({ maxLength: 20 }), deepJson).map(([key, deep]) => new RawJson(`{${JSON.stringify(key)}:${deep.text}}`));
const query = fc.dictionary(fc.constantFrom('status', 'page', 'pageSize', 'busca', 'date_from', 'date_to', 'acao', 'x'), queryValue, { maxKeys: 4 });
const body = fc.oneof(
  fc.anything({ maxDepth: 2 }),
  deepJson,
  deepField,
  fc.dictionary(
    fc.string({ maxLength: 20 }),
    fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.integer(),
      fc.double(),
      fc.constantFrom(1e21, Number.MAX_VALUE, -1e308),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.string(), { maxLength: 3 }),
    ),
  ),
);

describe('generated bad input on every API route', () => {
  it('never gets a 5xx, always the JSON error shape, and a refused write changes no row', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), pathParam, query, body, async (route, param, params, payload) => {
        const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
        const before = method === 'get' ? null : await snapshotRows(sut);
        const headers = route.access === 'public' ? { 'X-Forwarded-For': nextTestIp() } : bearer(master);
        let req = request(sut.server)[method](concretePath(route.path, param)).query(params).set(headers).buffer(true).parse(streamOrJson);
        if (method !== 'get') {
          if (payload instanceof RawJson) req = req.set('Content-Type', 'application/json').send(payload.text);
          else
            req =
              typeof payload === 'object' && payload !== null
                ? req.send(payload as object)
                : req.set('Content-Type', 'application/json').send(JSON.stringify(payload) ?? 'null');
        }
        const res = await req;
        const where = `${route.method} ${concretePath(route.path, param)} ${JSON.stringify(params)} ${payload instanceof RawJson ? String(payload) : JSON.stringify(payload)?.slice(0, 200)}`;
        expect(res.status, where).toBeLessThan(500);
        if (res.status >= 400) {
          expect(res.headers['content-type'], where).toMatch(/application\/json/);
          expect(res.body, where).toMatchObject({ statusCode: res.status, message: expect.any(String) });
          expect(JSON.stringify(res.body), where).not.toMatch(/at \w+ \(|SELECT |INSERT |QueryFailed|node_modules/);
          if (before) expect(changedTables(before, await snapshotRows(sut)), where).toEqual([]);
        }
      }),
      { numRuns: 400, seed: 20261122 },
    );
  }, 180_000);
});

describe('the classes of input that once reached a 5xx', () => {
  it('JSON nested 5,000 levels deep gets a 400 on every route that takes a body, before any validator walks it', async () => {
    // Arrays, so the 5,000 levels fit in the public routes' 32 kB.
    const deep = nestedJsonText(5000, true);
    for (const route of routes.filter((candidate) => candidate.method !== 'GET')) {
      const before = await snapshotRows(sut);
      const headers = route.access === 'public' ? { 'X-Forwarded-For': nextTestIp() } : bearer(master);
      const method = route.method.toLowerCase() as 'post' | 'put' | 'patch' | 'delete';
      const res = await request(sut.server)[method](concretePath(route.path, '1')).set(headers).set('Content-Type', 'application/json').send(deep);
      expect(res.status, `${route.method} ${route.path}`).toBe(400);
      expect(res.body, `${route.method} ${route.path}`).toMatchObject({
        statusCode: 400,
        code: 'JSON_TOO_DEEP',
        message: 'O JSON enviado tem mais de 32 níveis aninhados.',
      });
      expect(changedTables(before, await snapshotRows(sut))).toEqual([]);
    }
  });

  it('32 levels are still accepted as JSON (the validators answer, not the depth check)', async () => {
    const res = await request(sut.server)
      .post('/api/contatos')
      .set('X-Forwarded-For', nextTestIp())
      .set('Content-Type', 'application/json')
      .send(nestedJsonText(31, false));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
  });

  it('a page number in exponent form gets a 400 with the field named, on every list', async () => {
    for (const path of ['/api/admin/enterprises', '/api/admin/users', '/api/admin/contatos', '/api/admin/auditoria']) {
      for (const page of ['1e21', '10000001', '1E309']) {
        const res = await request(sut.server).get(path).query({ page }).set(bearer(master));
        expect(res.status, `${path}?page=${page}`).toBe(400);
        expect(res.body.errors?.page, `${path}?page=${page}`).toMatch(/^A página deve ser/);
      }
      const last = await request(sut.server).get(path).query({ page: '10000000' }).set(bearer(master));
      expect(last.status, `${path}?page=10000000`).toBe(200);
      expect(last.body.data).toEqual([]);
    }
  });
});
