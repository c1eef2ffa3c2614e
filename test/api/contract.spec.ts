import { readFileSync } from 'node:fs';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the build, without types.
import { API_TYPES_FILE, apiTypesFrom } from '../../scripts/api-types.mjs';
import { bearer, nextTestIp, useAdminApp } from '../support/admin-session.js';
import { changedTables, snapshotRows } from '../support/db-snapshot.js';
import { hostileBody, resolveSchema, type Components, type JsonSchema } from '../support/schema-arbitrary.js';
import { streamOrJson } from '../support/sse.js';
import { usingMysql } from '../support/test-app.js';

// As a deployment serves it: its own address in `servers` (Redocly warns on localhost), the demo data in place.
const ctx = useAdminApp('master', () => ({ APP_URL: 'https://agromaq.com.br', SEED_DEMO: 'true' }));

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema: JsonSchema;
}
interface Operation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
}
interface Document {
  paths: Record<string, Partial<Record<Method, Operation>>>;
  components: { schemas: Components };
}

let document: Document;
let ajv: Ajv2020;
const validators = new Map<JsonSchema, ValidateFunction>();

beforeAll(async () => {
  document = (await request(ctx.sut.server).get('/api/docs.json').expect(200)).body as Document;
  // OpenAPI 3.1's schemas are JSON Schema 2020-12; the document's own keywords (example, readOnly) are allowed.
  ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addFormat('binary', true);
  ajv.addSchema({ $id: 'agromaq', components: document.components }, 'agromaq');
});

/** Checks a body against a schema of the document (its $refs point into the document's components). */
function conforms(schema: JsonSchema, body: unknown): string | null {
  let validate = validators.get(schema);
  if (!validate) {
    const local = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"agromaq#/components/')) as object;
    validate = ajv.compile(local);
    validators.set(schema, validate);
  }
  return validate(body) ? null : ajv.errorsText(validate.errors, { separator: '; ' });
}

const operations = () =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method: method as Method, operation: operation! })),
  );

/**
 * A real id for each `{id}` of a path, from the first list of its resource (`/api/admin/users/{id}/…` → the
 * last row of GET /api/admin/users, an older row than the test's own admin and address), and for each
 * `{entradaId}`, that record's newest history entry.
 */
async function realIds(): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const { path, method } of operations()) {
    const match = /^(\/api\/admin\/[\w-]+)\/\{id\}/.exec(path);
    if (!match || method !== 'get' || ids.has(match[1])) continue;
    const list = await request(ctx.sut.server).get(match[1]).set(bearer(ctx.admin));
    const rows = (list.body?.data ?? []) as Record<string, unknown>[];
    const row = rows.at(-1);
    if (!row) continue;
    const key = 'id' in row ? 'id' : Object.keys(row).find((name) => name.endsWith('_id') && typeof row[name] === 'number');
    if (key) ids.set(match[1], String(row[key]));
  }
  // A history entry of each record with a history (its newest), for the routes of one entry.
  const entries = new Map<string, string>();
  for (const [resource, id] of ids) {
    if (!operations().some(({ path }) => path.startsWith(`${resource}/{id}/historico/{entradaId}`))) continue;
    const history = await request(ctx.sut.server).get(`${resource}/${id}/historico`).set(bearer(ctx.admin));
    const entry = (history.body?.data as { id: number }[] | undefined)?.[0];
    if (entry) entries.set(`${resource}#entrada`, String(entry.id));
  }
  for (const [key, id] of entries) ids.set(key, id);
  // An import has no list: one is started from a file (its answer checked against the document as well).
  const started = await request(ctx.sut.server)
    .post('/api/admin/importacoes')
    .set(bearer(ctx.admin))
    .field('tipo', 'empresas')
    .attach('arquivo', Buffer.from('CNPJ;Razão social\r\n11222333000181;Fazenda Boa Vista Ltda\r\n'), 'empresas.csv');
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  expect(conforms(document.paths['/api/admin/importacoes'].post!.responses['201'].content!['application/json'].schema, started.body)).toBeNull();
  ids.set('/api/admin/importacoes', String(started.body.id));
  return ids;
}

/** A value for a required query parameter, from its schema. */
function queryValue(parameter: Parameter): string {
  const schema = resolveSchema(parameter.schema, document.components.schemas);
  if (schema.enum) return String(schema.enum[0]);
  if ([schema.type].flat().some((type) => type === 'integer' || type === 'number')) return String(Math.max(schema.minimum ?? 1, 1));
  return 'agro';
}

function pathWith(path: string, ids: Map<string, string>, fallback: string): string {
  const resource = /^(\/api\/admin\/[\w-]+)\//.exec(path)?.[1] ?? '';
  const real = (name: string) => (name === 'id' ? ids.get(resource) : name === 'entradaId' ? ids.get(`${resource}#entrada`) : undefined);
  return path.replace(/\{(\w+)\}/g, (_, name: string) => real(name) ?? fallback);
}

describe('the OpenAPI document, as tools nobody here wrote read it', () => {
  it("passes Redocly's recommended ruleset with no error and no warning", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: 'openapi.json', config });
    expect(problems.map((problem) => `${problem.severity} ${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`)).toEqual([]);
  });

  it('is what the back office is typed by: the committed API types are generated from this document', async () => {
    const committed = readFileSync(API_TYPES_FILE, 'utf8');
    expect((await apiTypesFrom(document)) === committed, `${API_TYPES_FILE} is stale: run npm run build and commit it`).toBe(true);
  });
});

describe('every GET answers as the document says', () => {
  it('with a documented status and content type, and a body its schema validates', async () => {
    const ids = await realIds();
    let checked = 0;
    for (const { path, method, operation } of operations().filter((candidate) => candidate.method === 'get')) {
      const query: Record<string, string> = {};
      for (const parameter of operation.parameters ?? []) if (parameter.in === 'query' && parameter.required) query[parameter.name] = queryValue(parameter);
      // Every value of an enumerated filter too (a list's tabs and sorts answer the same shape).
      const variants: Record<string, string>[] = [query];
      for (const parameter of operation.parameters ?? []) {
        const values = resolveSchema(parameter.schema, document.components.schemas).enum;
        if (parameter.in === 'query' && values) for (const value of values) variants.push({ ...query, [parameter.name]: String(value) });
      }
      for (const variant of variants) {
        const url = pathWith(path, ids, '1');
        const res = await request(ctx.sut.server).get(url).query(variant).set(bearer(ctx.admin)).buffer(true).parse(streamOrJson);
        const where = `${method.toUpperCase()} ${url} ${JSON.stringify(variant)} → ${res.status}`;
        const documented = operation.responses[String(res.status)];
        expect(documented, `${where}: status not in the document`).toBeDefined();
        expect(res.status, `${where} ${JSON.stringify(res.body)?.slice(0, 300)}`).toBeLessThan(400);
        const type = String(res.headers['content-type'] ?? '').split(';')[0];
        const content = documented.content ?? {};
        expect(Object.keys(content), `${where}: content type ${type}`).toContain(type);
        if (type === 'application/json') expect(conforms(content[type].schema, res.body), where).toBeNull();
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(60);
  }, 120_000);

  it('every error answer of a GET is the documented ErrorBody', async () => {
    for (const { path, operation } of operations().filter((candidate) => candidate.method === 'get' && candidate.path.includes('{'))) {
      const url = pathWith(path, new Map(), '999999999');
      const res = await request(ctx.sut.server).get(url).set(bearer(ctx.admin)).buffer(true).parse(streamOrJson);
      const documented = operation.responses[String(res.status)];
      expect(documented, `GET ${url} → ${res.status}: status not in the document`).toBeDefined();
      if (res.status >= 400) expect(conforms(documented.content!['application/json'].schema, res.body), `GET ${url}`).toBeNull();
    }
  });
});

describe('every write operation, under bodies generated from its request schema', () => {
  /** The writes with a JSON body, with the path ids they are tried on. */
  function writes(ids: Map<string, string>) {
    return operations()
      .filter(({ method, operation }) => method !== 'get' && operation.requestBody?.content['application/json'])
      .map(({ path, method }) => {
        const url = pathWith(path, ids, '999999999');
        // Printed as the call it is when a case fails (the operation itself is looked up, not printed).
        return { call: `${method.toUpperCase()} ${url}`, path, method, url };
      });
  }

  async function property(seed: number | undefined, numRuns: number) {
    const ids = await realIds();
    const targets = writes(ids);
    expect(targets.length).toBeGreaterThan(20);
    const arbitrary = fc.oneof(
      ...targets.map((target) =>
        hostileBody(document.paths[target.path][target.method]!.requestBody!.content['application/json'].schema, document.components.schemas).map((body) => ({
          target: target.call,
          body,
        })),
      ),
    );
    await fc.assert(
      fc.asyncProperty(arbitrary, async ({ target: call, body }) => {
        const target = targets.find((candidate) => candidate.call === call)!;
        const { method, url } = target;
        const operation = document.paths[target.path][method]!;
        const before = await snapshotRows(ctx.sut);
        const headers =
          url.startsWith('/api/admin/') && !url.endsWith('/login') && !url.endsWith('/convite') ? bearer(ctx.admin) : { 'X-Forwarded-For': nextTestIp() };
        const res = await request(ctx.sut.server)
          [method](url)
          .set(headers)
          .set('Content-Type', 'application/json')
          .send(JSON.stringify(body) ?? 'null');
        const where = `${method.toUpperCase()} ${url} ${JSON.stringify(body)?.slice(0, 300)} → ${res.status} ${JSON.stringify(res.body)?.slice(0, 300)}`;
        expect(res.status, where).toBeLessThan(500);
        const documented = operation.responses[String(res.status)];
        expect(documented, `${where}: status not in the document`).toBeDefined();
        const schema = documented.content?.['application/json']?.schema;
        if (schema) expect(conforms(schema, res.body), where).toBeNull();
        // A refusal changes nothing: every watched row reads back the same.
        if (res.status >= 400) {
          expect(changedTables(before, await snapshotRows(ctx.sut)), `${where}: the database changed`).toEqual([]);
        }
      }),
      { numRuns, seed, verbose: 1 },
    );
    // Still logged in and authorized: what was generated did not lock the test out of what it tests.
    await request(ctx.sut.server).get('/api/admin/sessao').set(bearer(ctx.admin)).expect(200);
  }

  it('with a fixed seed: no 5xx, only documented statuses and bodies, and a refusal changes no row', async () => {
    await property(20261126, usingMysql ? 250 : 400);
  }, 240_000);

  it('with a new seed each run (fast-check prints it when a case fails, to replay it)', async () => {
    await property(undefined, 150);
  }, 240_000);
});
