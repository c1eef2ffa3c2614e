import { JwtService } from '@nestjs/jwt';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs, nextTestIp, type AdminSession } from '../support/admin-session.js';
import { concretePath, registeredRoutes, type RegisteredRoute } from '../support/route-table.js';
import { streamOrJson } from '../support/sse.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let sut: TestApp;
let master: AdminSession;
let gestor: AdminSession;
let routes: RegisteredRoute[];

beforeAll(async () => {
  sut = await startTestApp();
  master = await loginAs(sut, 'master');
  gestor = await loginAs(sut, 'gestor');
  routes = registeredRoutes(sut);
});

afterAll(async () => {
  await sut?.close();
});

/** A call to a route with an unknown id, so even an allowed call changes nothing. */
function call(route: RegisteredRoute, headers: Record<string, string>) {
  const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
  return request(sut.server)
    [method](concretePath(route.path, '999999'))
    .set({ Accept: 'application/json', ...headers })
    .buffer(true)
    .parse(streamOrJson)
    .send(method === 'get' ? undefined : {});
}

const isPage = (route: RegisteredRoute) => !route.path.startsWith('/api/');
const guarded = () => routes.filter((route) => route.access !== 'public');

/** Asserts what a refused session gets: a 401 with the code on the API, a redirect to the login page on a page. */
function expectSessionRefused(route: RegisteredRoute, res: request.Response, code: string) {
  if (isPage(route)) {
    expect(res.status, `${route.method} ${route.path}`).toBe(302);
    expect(res.headers.location, `${route.method} ${route.path}`).toMatch(/^\/admin\/login\?/);
  } else {
    expect(res.status, `${route.method} ${route.path}`).toBe(401);
    expect(res.body.code, `${route.method} ${route.path}`).toBe(code);
  }
}

describe('access matrix over every registered route', () => {
  it('knows every route is either public or guarded (nothing else exists)', () => {
    expect(routes.length).toBeGreaterThan(40);
    for (const route of routes) expect(['public', 'admin', 'master'], `${route.method} ${route.path}`).toContain(route.access);
  });

  it('no token: 401 NO_AUTH on the API, the login page for pages', async () => {
    for (const route of guarded()) expectSessionRefused(route, await call(route, { 'X-Forwarded-For': master.ip }), 'NO_AUTH');
  });

  it('an expired token or one signed with another key is refused', async () => {
    const claims = new JwtService().decode(master.token) as { sub: string; role: string; jti: string };
    const expired = await new JwtService({ secret: sut.config.jwtSecret }).signAsync({
      sub: claims.sub,
      role: claims.role,
      jti: claims.jti,
      exp: Math.floor(Date.now() / 1000) - 10,
    });
    const foreign = await new JwtService({ secret: 'outra-chave-que-nao-e-a-do-servidor-0123456789' }).signAsync({
      sub: claims.sub,
      role: claims.role,
      jti: claims.jti,
    });
    for (const route of guarded()) {
      expectSessionRefused(route, await call(route, { 'X-Forwarded-For': master.ip, Authorization: `Bearer ${expired}` }), 'TOKEN_EXPIRED');
      expectSessionRefused(route, await call(route, { 'X-Forwarded-For': master.ip, Authorization: `Bearer ${foreign}` }), 'NO_AUTH');
    }
  });

  it('a valid token from an address that is not authorized is refused', async () => {
    const elsewhere = nextTestIp();
    for (const route of guarded())
      expectSessionRefused(route, await call(route, { Authorization: `Bearer ${master.token}`, 'X-Forwarded-For': elsewhere }), 'IP_REVOKED');
  });

  it('a gestor gets 403 on master-only API routes and is sent to the dashboard from master-only pages', async () => {
    const masterOnly = routes.filter((route) => route.access === 'master');
    expect(masterOnly.length).toBeGreaterThan(3);
    for (const route of masterOnly) {
      const res = await call(route, bearer(gestor));
      const where = `${route.method} ${route.path}`;
      expect({ status: res.status, location: res.headers.location }, where).toEqual(
        isPage(route) ? { status: 302, location: '/admin/dashboard' } : { status: 403, location: undefined },
      );
    }
  });

  it('every guarded route lets its own role through (the refusals above are not the only answer)', async () => {
    for (const route of guarded()) {
      const res = await call(route, bearer(route.access === 'master' ? master : gestor));
      expect([401, 403], `${route.method} ${route.path}`).not.toContain(res.status);
    }
  });

  it('public routes answer without a session', async () => {
    for (const route of routes.filter((entry) => entry.access === 'public')) {
      const res = await call(route, { 'X-Forwarded-For': nextTestIp() });
      expect([401, 403], `${route.method} ${route.path}`).not.toContain(res.status);
    }
  });
});
