import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { DOCS_PATHS } from '../../src/openapi/openapi.document.js';
import { registeredRoutes } from '../support/route-table.js';
import { useAdminApp } from '../support/admin-session.js';

const ctx = useAdminApp();

type Operation = {
  operationId: string;
  parameters?: { name: string; in: string; required?: boolean; schema: { enum?: string[] } }[];
  requestBody?: { content: Record<string, { schema: { $ref?: string } }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Record<string, unknown> }> }>;
  security: Record<string, string[]>[];
};
type Document = {
  openapi: string;
  info: { title: string; license?: { name: string; url?: string } };
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { properties?: Record<string, { enum?: string[] }>; required?: string[] }>; securitySchemes: Record<string, unknown> };
};

const documentOf = async () => (await request(ctx.sut.server).get('/api/docs.json').expect(200)).body as Document;
type ObjectSchema = Document['components']['schemas'][string];
const resolve = (document: Document, schema: { $ref?: string }): ObjectSchema =>
  schema.$ref ? document.components.schemas[schema.$ref.split('/').pop()!] : (schema as ObjectSchema);

describe('the OpenAPI document at /api/docs.json', () => {
  it('documents every registered /api route with its access, answer and errors; a route left out fails here', async () => {
    const document = await documentOf();
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.title).toBe('AgroMaq API');
    // Where it answers and on what terms (Redocly's no-empty-servers and info-license).
    expect(document.servers).toEqual([expect.objectContaining({ url: ctx.sut.config.appUrl })]);
    expect(document.info.license).toEqual({ name: expect.stringMatching(/^Proprietária/), url: `${ctx.sut.config.appUrl}/termos-e-politicas` });
    expect(document.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    const routes = registeredRoutes(ctx.sut).filter((route) => route.path.startsWith('/api/') && !DOCS_PATHS.includes(route.path));
    expect(routes.length).toBeGreaterThan(40);
    for (const route of routes) {
      const operation = document.paths[route.path.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.path} is not in the document`).toBeDefined();
      // Its handler names it; a handler shared by several resources adds the resource (operationIds are unique).
      expect([route.handler, `${route.handler}.${route.path.split('/')[3]}`]).toContain(operation.operationId);
      expect(operation.security, route.path).toEqual(route.access === 'public' ? [] : [{ bearer: [] }]);
      const success = Object.keys(operation.responses).filter((code) => code.startsWith('2'));
      expect(success, route.path).toHaveLength(1);
      expect(operation.responses['400'].content!['application/json'].schema).toEqual({ $ref: '#/components/schemas/ErrorBody' });
      expect(operation.responses['500']).toBeDefined();
      if (route.access !== 'public') expect(operation.responses['401'] && operation.responses['403'], route.path).toBeDefined();
      // A sensitive action's 403 names it, in the words its answer carries in `acao`.
      if (route.stepUpAction) expect(operation.responses['403'].description, route.path).toContain(`\`acao\` ("${route.stepUpAction}")`);
      else expect(operation.responses['403']?.description ?? '', route.path).not.toContain('STEP_UP_REQUIRED');
      if (route.limits.length > 0) expect(operation.responses['429'], route.path).toBeDefined();
      // A body can be too large or of another type.
      if (['POST', 'PUT', 'PATCH'].includes(route.method)) expect(operation.responses['413'] && operation.responses['415'], route.path).toBeDefined();
      // Every route can meet a dependency's outage: 503 with Retry-After, documented.
      expect(operation.responses['503'], route.path).toBeDefined();
      for (const name of route.path.match(/:(\w+)/g) ?? []) {
        const parameter = operation.parameters?.find((item) => item.in === 'path' && item.name === name.slice(1));
        expect(parameter, `${route.path} ${name}`).toBeDefined();
        // Ids are plain decimal digits, and say so.
        if (name === ':id') expect(parameter?.schema, route.path).toMatchObject({ type: 'string', pattern: '^[1-9][0-9]{0,15}$' });
      }
    }
    const ids = Object.values(document.paths).flatMap((operations) => Object.values(operations).map((operation) => operation.operationId));
    expect(new Set(ids).size).toBe(ids.length);
    // Nothing but the API: no pages.
    expect(Object.keys(document.paths).every((path) => path.startsWith('/api/'))).toBe(true);
  });

  it('gives the parameters, request and response schemas the code validates and returns', async () => {
    const document = await documentOf();
    const list = document.paths['/api/admin/enterprises'].get;
    const parameter = (name: string) => list.parameters!.find((candidate) => candidate.name === name && candidate.in === 'query');
    expect(parameter('status')?.schema.enum?.toSorted()).toEqual(['ativos', 'inativos', 'todos']);
    expect(parameter('ordem')?.schema.enum?.toSorted()).toEqual(['cidade', 'cnpj', 'fantasia', 'status']);
    expect(parameter('busca')).toBeDefined();
    const page = resolve(document, list.responses['200'].content!['application/json'].schema as { $ref?: string });
    expect(page.required).toEqual(expect.arrayContaining(['data', 'total', 'page', 'pageSize']));
    const view = document.components.schemas.EnterpriseView;
    expect(view.properties).toMatchObject({ cnpj: { type: 'string' }, ativo: { type: 'number' } });

    const create = document.paths['/api/admin/enterprises'].post;
    const body = resolve(document, create.requestBody!.content['application/json'].schema);
    expect(Object.keys(body.properties ?? {})).toEqual(expect.arrayContaining(['razao', 'fantasia', 'cnpj', 'logo']));
    expect(body.required).toEqual(expect.arrayContaining(['razao', 'fantasia', 'cnpj']));

    const bulk = document.paths['/api/admin/users/status-em-lote'].post;
    const bulkBody = resolve(document, bulk.requestBody!.content['application/json'].schema);
    expect(bulkBody.properties?.acao.enum).toEqual(['ativar', 'desativar']);
    expect(Object.keys(bulkBody.properties ?? {})).toEqual(expect.arrayContaining(['ids', 'todos', 'exceto', 'apos', 'status', 'busca', 'date_from']));

    const login = document.paths['/api/admin/login'].post;
    expect(Object.keys(resolve(document, login.requestBody!.content['application/json'].schema).properties ?? {})).toEqual(['username', 'password', 'otp']);
    expect(login.security).toEqual([]);
    expect(Object.keys(document.paths['/api/admin/users/exportar'].get.responses['200'].content!)).toEqual([
      'text/csv',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ]);
  });

  it('says what each route does in Portuguese, for its clients: a summary on every operation, no developer notes', async () => {
    const document = await documentOf();
    const texts: string[] = [];
    const collect = (value: unknown, key = ''): void => {
      if (typeof value === 'string' && (key === 'summary' || key === 'description')) texts.push(value);
      else if (Array.isArray(value)) value.forEach((item) => collect(item));
      else if (value && typeof value === 'object') for (const [name, inner] of Object.entries(value)) collect(inner, name);
    };
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const { summary } = operation as Operation & { summary?: string };
        expect(summary?.trim(), `${method.toUpperCase()} ${path} has no summary`).toBeTruthy();
      }
    }
    collect(document);
    expect(texts.length).toBeGreaterThan(100);
    // English words and pointers into the project (the code's comments) are not for clients.
    expect(texts.filter((text) => /\b(the|of|and|is|when|with)\b|\.md\b|\bsrc\//i.test(text))).toEqual([]);
    // The contact form's trap for bots is not advertised.
    expect(Object.keys(document.components.schemas.SendContactInput.properties ?? {})).not.toContain('empresa');
  });
});

describe('the reading page at /api/docs', () => {
  it('is served from the npm package, with nothing from another host, and no other file', async () => {
    const page = await request(ctx.sut.server).get('/api/docs').expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const sources = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]);
    expect(sources.length).toBeGreaterThan(2);
    for (const source of sources) {
      expect(source.startsWith('/api/')).toBe(true);
      await request(ctx.sut.server).get(source).expect(200);
    }
    const bundle = await request(ctx.sut.server).get('/api/docs/swagger-ui-bundle.js').expect(200);
    expect(bundle.headers['content-type']).toMatch(/javascript/);
    for (const path of ['/api/docs/package.json', '/api/docs/..%2F..%2Fpackage.json', '/api/docs/index.html', '/api/docs/constructor']) {
      await request(ctx.sut.server).get(path).expect(404);
    }
  });
});
