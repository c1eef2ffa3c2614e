import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminFixture, totpCode } from '../support/admin-session.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let sut: TestApp;
let production: TestApp;

beforeAll(async () => {
  sut = await startTestApp({ GTM_ID: 'GTM-TESTE1' });
  production = await startTestApp({
    NODE_ENV: 'production',
    APP_URL: 'https://agromaq.test',
    JWT_SECRET: 'j'.repeat(40),
    APP_KEY: 'k'.repeat(40),
    LOG_LEVEL: 'silent',
  });
});

afterAll(async () => {
  await sut?.close();
  await production?.close();
});

/** The Content-Security-Policy as a map of directive to its sources. */
function csp(res: request.Response): Record<string, string[]> {
  const header = String(res.headers['content-security-policy'] ?? '');
  return Object.fromEntries(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}

describe('security headers', () => {
  it('a public page may load only its own scripts, the map embed, and the tag manager unless cookies were refused', async () => {
    const res = await request(sut.server).get('/contato').expect(200);
    const policy = csp(res);
    expect(policy['default-src']).toEqual(["'self'"]);
    expect(policy['script-src']).toEqual(["'self'", 'https://www.googletagmanager.com']);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['frame-src']).toContain('https://www.google.com');
    expect(policy['frame-ancestors']).toEqual(["'self'"]);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');

    const refused = csp(await request(sut.server).get('/contato').set('Cookie', 'cookie_consent=false').expect(200));
    expect(refused['script-src']).toEqual(["'self'"]);
    expect(refused['connect-src']).toEqual(["'self'"]);
  });

  it('admin pages and answers, the login answer included, are never kept in a cache; public pages may be', async () => {
    const admin = await createAdminFixture(sut, 'master');
    const login = await request(sut.server)
      .post('/api/admin/login')
      .set('X-Forwarded-For', admin.ip)
      .send({ username: admin.username, password: admin.password, otp: await totpCode(admin.secret) })
      .expect(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const session = { 'X-Forwarded-For': admin.ip, Authorization: `Bearer ${login.body.token as string}` };
    const cookie = (login.headers['set-cookie'] as unknown as string[]).map((value) => value.split(';')[0]).join('; ');
    for (const path of ['/api/admin/users', '/api/admin/enterprises', '/api/admin/me']) {
      expect((await request(sut.server).get(path).set(session).expect(200)).headers['cache-control'], path).toBe('no-store');
    }
    for (const path of ['/admin/usuarios', '/admin/dashboard']) {
      const page = await request(sut.server).get(path).set({ 'X-Forwarded-For': admin.ip, Cookie: cookie }).expect(200);
      expect(page.headers['cache-control'], path).toBe('no-store');
      expect(page.text, `${path} keeps its history entry encrypted`).toContain('"encryptHistory":true');
    }
    expect((await request(sut.server).get('/admin/login').expect(200)).headers['cache-control']).toBe('no-store');
    expect((await request(sut.server).get('/api/admin/users').expect(401)).headers['cache-control']).toBe('no-store');
    const home = await request(sut.server).get('/').expect(200);
    expect(home.headers['cache-control'] ?? '').not.toContain('no-store');
    expect(home.text).not.toContain('"encryptHistory"');
  });

  it("an API answer or a crawler's file gets a policy that allows nothing and only the headers that protect it; the documentation page keeps the documents' headers", async () => {
    for (const res of [
      await request(sut.server).get('/api/health').expect(200),
      await request(sut.server).get('/api/admin/users').expect(401),
      await request(sut.server).get('/robots.txt').expect(200),
      await request(sut.server).get('/sitemap.xml').expect(200),
    ]) {
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      // A document's own headers are left out of a JSON answer.
      for (const header of ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-dns-prefetch-control', 'x-download-options', 'x-xss-protection'])
        expect(res.headers[header], header).toBeUndefined();
    }
    const docs = await request(sut.server).get('/api/docs');
    expect(csp(docs)['default-src']).toEqual(["'self'"]);
    expect(csp(docs)['script-src']).toContain("'self'");
    expect((await request(production.server).get('/api/health')).headers['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
  });

  it('every kind of answer carries them: errors before and after the route, refused writes, static files', async () => {
    const answers: [string, request.Response][] = [
      ['API 404', await request(sut.server).get('/api/nada-aqui').expect(404)],
      ['malformed JSON', await request(sut.server).post('/api/contatos').set('Content-Type', 'application/json').send('{"nome":').expect(400)],
      [
        'body too large',
        await request(sut.server)
          .post('/api/contatos')
          .send({ mensagem: 'a'.repeat(64 * 1024) })
          .expect(413),
      ],
      ['page form without its token', await request(sut.server).post('/admin/empresas').set('X-Inertia', 'true').send({}).expect(419)],
      ['unknown page, sent home', await request(sut.server).get('/pagina-que-nao-existe').expect(302)],
      ['static file', await request(sut.server).get('/favicon.svg').expect(200)],
    ];
    for (const [name, res] of answers) {
      expect(res.headers['content-security-policy'], name).toBeDefined();
      expect(res.headers['x-content-type-options'], name).toBe('nosniff');
      expect(res.headers['referrer-policy'], name).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-request-id'], name).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(csp(answers[0][1])['default-src'], 'an API answer allows nothing').toEqual(["'none'"]);
  });

  it('the admin and the API cannot be framed', async () => {
    expect(csp(await request(sut.server).get('/admin/login').expect(200))['frame-ancestors']).toEqual(["'none'"]);
    expect(csp(await request(sut.server).get('/api/health'))['frame-ancestors']).toEqual(["'none'"]);
  });

  it('no HSTS in development; HSTS, upgrade-insecure-requests and Secure __Host- cookies in production', async () => {
    expect((await request(sut.server).get('/')).headers['strict-transport-security']).toBeUndefined();
    const res = await request(production.server).get('/').expect(200);
    expect(res.headers['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
    expect(csp(res)['upgrade-insecure-requests']).toEqual([]);

    const fixture = await createAdminFixture(production, 'master');
    const login = await request(production.server)
      .post('/api/admin/login')
      .set('X-Forwarded-For', fixture.ip)
      .send({ username: fixture.username, password: fixture.password, otp: await totpCode(fixture.secret) })
      .expect(200);
    const sessionCookie = ((login.headers['set-cookie'] as unknown as string[]) ?? []).find((cookie) => cookie.startsWith('__Host-agromaq_admin='));
    expect(sessionCookie).toBeDefined();
    expect(sessionCookie).toMatch(/;\s*HttpOnly/i);
    expect(sessionCookie).toMatch(/;\s*Secure/i);
    expect(sessionCookie).toMatch(/;\s*SameSite=Lax/i);
    expect(sessionCookie).toMatch(/;\s*Path=\//i);
    const page = await request(production.server).get('/admin/login');
    const cookies = (page.headers['set-cookie'] as unknown as string[] | undefined) ?? [];
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie).toMatch(/;\s*Secure/i);
  });
});
