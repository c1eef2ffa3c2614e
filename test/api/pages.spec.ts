import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawGet } from '../support/raw-get.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let sut: TestApp;
let base: string;

beforeAll(async () => {
  sut = await startTestApp();
  await sut.app.listen(0, '127.0.0.1');
  base = (await sut.app.getUrl()).replace('[::1]', '127.0.0.1');
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

  it('sends the page and its scripts compressed as the browser accepts, brotli first, each form the same bytes every time', async () => {
    const BROWSER = 'gzip, deflate, br, zstd';
    const plain = await rawGet(`${base}/`, { 'Accept-Encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toContain('<html lang="pt-BR">');
    const decoders = { br: brotliDecompressSync, gzip: gunzipSync };
    for (const [accepted, expected] of [
      [BROWSER, 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['gzip;q=1, br;q=0.5', 'gzip'],
    ] as const) {
      const first = await rawGet(`${base}/`, { 'Accept-Encoding': accepted });
      const again = await rawGet(`${base}/`, { 'Accept-Encoding': accepted });
      expect(first.headers['content-encoding'], accepted).toBe(expected);
      expect(first.headers.vary).toMatch(/accept-encoding/i);
      expect(Number(first.headers['content-length'])).toBe(first.body.length);
      expect(first.body.length, 'smaller than a fifth of the page').toBeLessThan(plain.body.length / 5);
      expect(decoders[expected](first.body).equals(plain.body), accepted).toBe(true);
      expect(again.body.equals(first.body), 'made once, the same bytes again').toBe(true);
    }
    // The scripts it links to, compressed when built: the same file, in the encoding asked for.
    const script = /src="(\/build\/assets\/public-[\w-]+\.js)"/.exec(plain.body.toString('utf8'))![1];
    const source = await rawGet(`${base}${script}`, { 'Accept-Encoding': 'identity' });
    for (const [accepted, expected] of [
      [BROWSER, 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const sent = await rawGet(`${base}${script}`, { 'Accept-Encoding': accepted });
      expect(sent.status).toBe(200);
      expect(sent.headers['content-encoding'], accepted).toBe(expected);
      expect(sent.headers['cache-control']).toMatch(/max-age=31536000.*immutable/);
      expect(sent.headers['content-type']).toMatch(/javascript/);
      expect(decoders[expected](sent.body).equals(source.body), accepted).toBe(true);
    }
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
