import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { bearer, loginAs } from '../support/admin-session.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Issue 32: API_DOCS says who reads /api/docs and /api/docs.json, which describe every admin route: everyone
// (public), only a logged-in admin (admin, production's default) or nobody (off).
const started: TestApp[] = [];
afterAll(async () => {
  for (const app of started) await app.close();
});
const appWith = async (env: Record<string, string>) => {
  const app = await startTestApp(env);
  started.push(app);
  return app;
};

describe('API_DOCS', () => {
  it('admin: an outsider gets 401, a logged-in admin reads the document and the page, kept by no shared cache', async () => {
    const app = await appWith({ API_DOCS: 'admin' });
    for (const path of ['/api/docs.json', '/api/docs']) {
      const refused = await request(app.server).get(path);
      expect([refused.status, refused.body.code], path).toEqual([401, 'NO_AUTH']);
    }
    const admin = await loginAs(app, 'gestor');
    const document = await request(app.server).get('/api/docs.json').set(bearer(admin)).expect(200);
    expect(document.body.paths['/api/admin/enterprises']).toBeDefined();
    expect(document.headers['cache-control']).toBe('private, no-store');
    const page = await request(app.server).get('/api/docs').set(bearer(admin)).expect(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
  });

  it('off: nobody reads it, not even an admin (404); public: everyone does, and shared caches may keep it', async () => {
    const off = await appWith({ API_DOCS: 'off' });
    const admin = await loginAs(off, 'master');
    for (const path of ['/api/docs.json', '/api/docs', '/api/docs/swagger-ui.css']) {
      expect((await request(off.server).get(path)).status, path).toBe(404);
      expect((await request(off.server).get(path).set(bearer(admin))).status, path).toBe(404);
    }
    const open = await appWith({ API_DOCS: 'public' });
    const document = await request(open.server).get('/api/docs.json').expect(200);
    expect(document.headers['cache-control']).toBe('public, max-age=300');
  });

  it('refuses a value it does not know, naming the ones it does', async () => {
    await expect(startTestApp({ API_DOCS: 'sim' })).rejects.toThrow(/API_DOCS/);
  });
});
