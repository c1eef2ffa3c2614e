import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import { MULTIPART_NOT_HERE } from '../../src/common/http/multipart.js';
import { CROSS_SITE_REFUSED, JSON_ONLY } from '../../src/common/http/same-origin.js';
import { loggableUrl } from '../../src/common/logging/request-logging.js';
import { createAdminFixture, nextTestIp, totpCode, type AdminFixture } from '../support/admin-session.js';
import { changedTables, snapshotRows } from '../support/db-snapshot.js';
import { registeredRoutes } from '../support/route-table.js';
import { dropDatabase, startTestApp, testConfig, type TestApp } from '../support/test-app.js';

let sut: TestApp;

beforeAll(async () => {
  sut = await startTestApp();
});

afterAll(async () => {
  await sut?.close();
});

const EVIL = 'https://evil.example';
const CROSS_SITE = { statusCode: 403, code: 'CROSS_SITE_REQUEST', message: CROSS_SITE_REFUSED };
const NOT_JSON = { statusCode: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: JSON_ONLY };
const NOT_MULTIPART = { ...NOT_JSON, message: MULTIPART_NOT_HERE };

const login = (ip: string) => request(sut.server).post('/api/admin/login').set('X-Forwarded-For', ip);
const credentials = async (admin: AdminFixture) => ({ username: admin.username, password: admin.password, otp: await totpCode(admin.secret) });
const wrongPassword = async (admin: AdminFixture) => ({ ...(await credentials(admin)), password: 'senha-errada' });
/** The body as an HTML form posts it. */
const formEncoded = (body: Record<string, string>) => new URLSearchParams(body).toString();

/** Logs the admin in with JSON from its authorized IP, as the back office does: 200 with a token. */
async function expectRealLogin(admin: AdminFixture, headers: Record<string, string> = {}): Promise<void> {
  const res = await login(admin.ip)
    .set(headers)
    .send(await credentials(admin));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.token).toEqual(expect.any(String));
}

describe('POST /api/admin/login takes JSON from the app’s own pages only', () => {
  it('refuses a form-encoded login (415) without counting an attempt or writing anything', async () => {
    const admin = await createAdminFixture(sut, 'master');
    const before = await snapshotRows(sut);
    // More than the IP's 10 a minute and the account's 8 in 15 minutes: none of them is counted.
    for (let i = 0; i < 12; i++) {
      const res = await login(admin.ip)
        .type('form')
        .send(formEncoded(await wrongPassword(admin)));
      expect(res.body).toEqual(NOT_JSON);
      expect(res.status).toBe(415);
    }
    expect(changedTables(before, await snapshotRows(sut))).toEqual([]);
    await expectRealLogin(admin);
  });

  it('refuses text/plain and multipart bodies, and a body without a Content-Type (415)', async () => {
    const admin = await createAdminFixture(sut, 'master');
    const json = JSON.stringify(await credentials(admin));
    const refused = [
      await login(admin.ip).set('Content-Type', 'text/plain;charset=UTF-8').send(json),
      await login(admin.ip).set('Content-Type', 'application/x-www-form-urlencoded').send(''),
    ];
    for (const res of refused) expect([res.status, res.body]).toEqual([415, NOT_JSON]);
    // No Content-Type header at all (a Blob body from fetch() is sent so).
    const untyped = await sut.app
      .getHttpAdapter()
      .getInstance()
      .inject({ method: 'POST', url: '/api/admin/login', headers: { 'x-forwarded-for': admin.ip }, payload: json });
    expect(untyped.headers['content-type']).toMatch(/json/);
    expect([untyped.statusCode, untyped.json()]).toEqual([415, NOT_JSON]);
    const multipart = await login(admin.ip).field('username', admin.username).field('password', admin.password);
    expect([multipart.status, multipart.body]).toEqual([415, NOT_MULTIPART]);
    await expectRealLogin(admin);
  });

  it('after 10 cross-site logins with a wrong password from the office’s IP, the real admin still logs in (no 429)', async () => {
    const admin = await createAdminFixture(sut, 'master');
    const before = await snapshotRows(sut);
    for (let i = 0; i < 10; i++) {
      // As another site's page sends it: a form post (no preflight), or JSON where a preflight would be skipped.
      const attempt =
        i % 2 === 0
          ? login(admin.ip)
              .set('Origin', EVIL)
              .type('form')
              .send(formEncoded(await wrongPassword(admin)))
          : login(admin.ip)
              .set('Origin', EVIL)
              .send(await wrongPassword(admin));
      const res = await attempt;
      expect([res.status, res.body]).toEqual([403, CROSS_SITE]);
    }
    expect(changedTables(before, await snapshotRows(sut))).toEqual([]);
    await expectRealLogin(admin);
  });

  it('refuses Sec-Fetch-Site cross-site or same-site, an Origin of another port or scheme, and Origin null (403)', async () => {
    const admin = await createAdminFixture(sut, 'master');
    const own = new URL(sut.config.appUrl);
    const cases: Record<string, string>[] = [
      { 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'same-site' },
      { 'Sec-Fetch-Site': 'cross-site', Origin: sut.config.appUrl },
      { Origin: 'null' },
      { Origin: `${own.protocol}//${own.hostname}:1` },
      { Origin: `${own.protocol === 'http:' ? 'https:' : 'http:'}//${own.host}` },
      { Origin: `${sut.config.appUrl}.evil.example` },
    ];
    for (const headers of cases) {
      const res = await login(admin.ip)
        .set(headers)
        .send(await wrongPassword(admin));
      expect([headers, res.status, res.body]).toEqual([headers, 403, CROSS_SITE]);
    }
    await expectRealLogin(admin);
  });

  it('accepts the app’s own origin (APP_URL or the address it was reached at), Sec-Fetch-Site same-origin or none, and no Origin (the mobile app, curl)', async () => {
    const accepted: Record<string, string>[] = [
      {},
      { Origin: sut.config.appUrl },
      { Origin: sut.config.appUrl.toUpperCase() },
      // The address the browser reached the app at, as its Host header says.
      { Host: 'painel.agromaq.test:8080', Origin: 'http://painel.agromaq.test:8080', 'Sec-Fetch-Site': 'same-origin' },
      { 'Sec-Fetch-Site': 'same-origin' },
      { 'Sec-Fetch-Site': 'none' },
    ];
    for (const headers of accepted) {
      // An admin each: a 2FA code is good for one login.
      await expectRealLogin(await createAdminFixture(sut, 'master'), headers);
    }
  });
});

describe('every public form takes JSON from the app’s own pages only', () => {
  const publicWrites = () => registeredRoutes(sut).filter((route) => route.access === 'public' && route.method !== 'GET');

  it('is declared on every route anyone may write to', () => {
    const writes = publicWrites();
    expect(writes.map((route) => `${route.method} ${route.path}`)).toEqual(
      expect.arrayContaining([
        'POST /api/admin/login',
        'POST /api/admin/convite',
        'POST /api/contatos',
        'POST /api/public/usuario/esqueci-senha',
        'POST /api/public/usuario/redefinir-senha',
        'POST /api/public/usuario/excluir-conta',
        'POST /api/public/usuario/excluir-conta/confirmar',
      ]),
    );
    expect(writes.filter((route) => !route.sameOriginJson).map((route) => `${route.method} ${route.path}`)).toEqual([]);
  });

  it('refuses a cross-site request (403) and a form, text or multipart body (415) on each, writing nothing and counting nothing', async () => {
    const body = { email: 'joao@fazenda.com.br', nome: 'João', mensagem: 'Quero saber mais.', token: 'x'.repeat(43), senha: 'NovaSenha2026!' };
    for (const route of publicWrites()) {
      const ip = nextTestIp();
      const post = () => request(sut.server).post(route.path).set('X-Forwarded-For', ip);
      const before = await snapshotRows(sut);
      const where = `${route.method} ${route.path}`;
      // More than any public route's limit (5 contact messages in 10 minutes): were they counted, the last would be a 429.
      for (let i = 0; i < 3; i++) {
        for (const res of [
          await post().set('Origin', EVIL).type('form').send(formEncoded(body)),
          await post().set('Origin', EVIL).send(body),
          await post().set('Sec-Fetch-Site', 'cross-site').send(body),
        ])
          expect([where, res.status, res.body]).toEqual([where, 403, CROSS_SITE]);
        for (const res of [await post().type('form').send(formEncoded(body)), await post().set('Content-Type', 'text/plain').send(JSON.stringify(body))])
          expect([where, res.status, res.body]).toEqual([where, 415, NOT_JSON]);
        const multipart = await post().field('email', body.email);
        expect([where, multipart.status, multipart.body]).toEqual([where, 415, NOT_MULTIPART]);
      }
      expect(changedTables(before, await snapshotRows(sut)), where).toEqual([]);
      // The same route still answers its own pages (a validation error at worst, never a refusal or a limit).
      const own = await post().set('Origin', sut.config.appUrl).set('Sec-Fetch-Site', 'same-origin').send({});
      expect([where, own.status]).not.toEqual([where, 403]);
      expect([415, 429], `${where}: ${own.status}`).not.toContain(own.status);
    }
  });

  it('accepts the contact form sent as JSON from the site’s own page', async () => {
    const res = await request(sut.server)
      .post('/api/contatos')
      .set('X-Forwarded-For', nextTestIp())
      .set('Origin', sut.config.appUrl)
      .set('Sec-Fetch-Site', 'same-origin')
      .send({ nome: 'João da Silva', email: 'joao@fazenda.com.br', telefone: '(43) 99999-0000', mensagem: 'Quero saber mais.', empresa: '', origem: 'site' });
    expect([res.status, res.body]).toEqual([201, { ok: true }]);
  });
});

describe('link tokens in the request log', () => {
  it('writes the value of every token query parameter as [redacted], keeping the rest of the URL', () => {
    expect(loggableUrl('/admin/convite?token=abc')).toBe('/admin/convite?token=[redacted]');
    expect(loggableUrl('/redefinir-senha?x=1&token=abc&token=def&y=2')).toBe('/redefinir-senha?x=1&token=[redacted]&token=[redacted]&y=2');
    expect(loggableUrl('/contato?retoken=abc&x=token')).toBe('/contato?retoken=abc&x=token');
    expect(loggableUrl('/contato')).toBe('/contato');
  });

  it('never writes a link’s token to the log of a running app, though it writes the path', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const config = testConfig({ LOG_LEVEL: 'info' });
    const created = await createApp(config, { logger: pino({ level: 'info', base: undefined }, sink) });
    try {
      const server = created.app.getHttpServer();
      const token = randomBytes(32).toString('base64url');
      const paths = ['/admin/convite', '/redefinir-senha', '/excluir-conta/confirmar'];
      for (const path of paths) await request(server).get(`${path}?token=${token}`).set('X-Forwarded-For', nextTestIp());
      // A token that is not first, a second one, and an API call that fails.
      await request(server).get(`/redefinir-senha?origem=email&token=${token}&token=${token}2`);
      await request(server).get(`/api/admin/me?token=${token}`).expect(401);
      const log = lines.join('');
      expect(log).not.toContain(token);
      for (const path of paths) expect(log).toContain(`"url":"${path}?token=[redacted]"`);
      expect(log).toContain('"url":"/redefinir-senha?origem=email&token=[redacted]&token=[redacted]"');
      expect(log).toContain('"url":"/api/admin/me?token=[redacted]"');
    } finally {
      await created.app.close();
      if (created.dataSource.isInitialized) await created.dataSource.destroy();
      await dropDatabase(config);
    }
  });
});
