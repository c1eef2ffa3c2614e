import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';

let sut: TestApp;

beforeAll(async () => {
  sut = await startTestApp();
});

afterAll(async () => {
  await sut?.close();
});

function embeddedPage(html: string) {
  const match = /<script data-page="app" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  return match ? JSON.parse(match[1]) : null;
}

describe('home page (/)', () => {
  it('is rendered on the server with its title, text and hydration marker', async () => {
    const res = await request(sut.server).get('/').expect(200);
    expect(res.text).toContain('<html lang="pt-BR">');
    expect(res.text).toContain('<title>AgroMaq | Início</title>');
    expect(res.text).toContain('data-server-rendered="true"');
    expect(res.text).toContain('Compre, venda e avalie máquinas agrícolas');
    // Its styles are printed in the head: no stylesheet request holds the first paint.
    expect(res.text).toMatch(/<style>[^]*?\.bg-brand-950\{[^]*?<\/style>/);
    expect(res.text).not.toContain('rel="stylesheet"');
    // The public site's own entry, not the back office's Inertia app.
    expect(res.text).toMatch(/<script type="module" src="\/build\/assets\/public-[\w-]+\.js"><\/script>/);
    expect(res.text).not.toMatch(/\/build\/assets\/app-[\w-]+\.js/);
    expect(embeddedPage(res.text)).toMatchObject({ component: 'Public/Home', url: '/', props: { appName: 'AgroMaq', errors: {} } });
  });

  it('serves the built assets it links to, with long-lived caching', async () => {
    const html = (await request(sut.server).get('/')).text;
    const script = /src="(\/build\/assets\/public-[\w-]+\.js)"/.exec(html)![1];
    const res = await request(sut.server).get(script).expect(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toMatch(/max-age=31536000.*immutable/);
  });

  it('answers an Inertia visit (a link of the back office) with a full page load: the public site has no client router', async () => {
    const first = embeddedPage((await request(sut.server).get('/')).text);
    const res = await request(sut.server).get('/?x=1').set({ 'X-Inertia': 'true', 'X-Inertia-Version': first.version }).expect(409);
    expect(res.headers['x-inertia']).toBeUndefined();
    expect(res.headers['x-inertia-location']).toMatch(/^http:\/\/[^/]+\/\?x=1$/);
    expect(res.text).toBe('');
  });
});

describe('admin login page (/admin/login)', () => {
  it('renders the login page in the browser (no SSR) with its title', async () => {
    const res = await request(sut.server).get('/admin/login').expect(200);
    expect(res.text).toContain('<title>AgroMaq | Login</title>');
    expect(res.text).toContain('<div id="app"></div>');
    expect(embeddedPage(res.text)).toMatchObject({ component: 'Admin/Login', props: { next: null, reason: null } });
  });

  it('passes a local admin next path and a known reason to the page', async () => {
    const res = await request(sut.server).get('/admin/login').query({ next: '/admin/empresas?status=inativos', reason: 'ip_revogado' });
    expect(embeddedPage(res.text).props).toMatchObject({ next: '/admin/empresas?status=inativos', reason: 'ip_revogado' });
  });

  it('drops a next path that leaves the admin', async () => {
    const res = await request(sut.server).get('/admin/login').query({ next: 'https://evil.example/', reason: 'x' });
    expect(embeddedPage(res.text).props).toMatchObject({ next: null, reason: null });
  });
});

describe('routing', () => {
  it('redirects unknown paths to /', async () => {
    for (const path of ['/qualquer-coisa', '/admin/nao-existe/1', '/planos?x=1']) {
      const res = await request(sut.server).get(path).expect(302);
      expect(res.headers.location).toBe('/');
    }
  });

  it('redirects the legacy addresses permanently', async () => {
    const cases = [
      ['/aplicativo', '/'],
      ['/termos-e-politicas', '/politicasdeprivacidade.html'],
      ['/juda', '/ajuda'],
    ];
    for (const [from, to] of cases) {
      const res = await request(sut.server).get(from).expect(301);
      expect(res.headers.location).toBe(to);
    }
  });

  it('answers 404 for a missing asset instead of the home page', async () => {
    await request(sut.server).get('/build/assets/nao-existe.js').expect(404);
    await request(sut.server).get('/images/nao-existe.png').expect(404);
  });

  it('serves the favicon', async () => {
    const res = await request(sut.server).get('/favicon.svg').expect(200);
    expect(res.headers['content-type']).toMatch(/svg/);
  });
});

describe('search engines and link previews', () => {
  it('serves robots.txt that keeps crawlers out of the admin and points to the sitemap', async () => {
    const res = await request(sut.server).get('/robots.txt').expect(200);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    expect(res.text).toContain('Disallow: /admin');
    expect(res.text).toContain(`Sitemap: ${sut.config.appUrl}/sitemap.xml`);
  });

  it('lists every public page in sitemap.xml', async () => {
    const res = await request(sut.server).get('/sitemap.xml').expect(200);
    expect(res.headers['content-type']).toMatch(/application\/xml/);
    for (const path of ['/', '/contato', '/ajuda', '/sobre-nos', '/excluir-conta', '/politicasdeprivacidade.html']) {
      expect(res.text).toContain(`<loc>${sut.config.appUrl}${path}</loc>`);
    }
    expect(res.text).not.toContain('/admin');
  });

  it('renders each public page with its description, canonical URL and Open Graph tags', async () => {
    for (const path of ['/', '/contato', '/ajuda', '/sobre-nos', '/excluir-conta', '/politicasdeprivacidade.html']) {
      const html = (await request(sut.server).get(path).expect(200)).text;
      expect(html).toContain('<html lang="pt-BR">');
      expect(html).toMatch(/<meta name="description" content="[^"]{40,}"/);
      expect(html).toContain(`<link rel="canonical" href="${sut.config.appUrl}${path}"`);
      expect(html).toMatch(/<meta property="og:title" content="AgroMaq[^"]*"/);
      expect(html).toContain(`<meta property="og:image" content="${sut.config.appUrl}/og-image.png"`);
    }
    await request(sut.server).get('/og-image.png').expect(200);
  });
});
