import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { evaluations, startHarness, type Harness } from '../support/inertia-harness.js';

let harness: Harness;
let server: string;

const inertiaHeaders = (extra: Record<string, string> = {}) => ({ 'X-Inertia': 'true', 'X-Inertia-Version': harness.assets.version, ...extra });

/** The page object embedded in an HTML response. */
function embeddedPage(html: string) {
  const match = /<script data-page="app" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  if (!match) throw new Error('no page script in the HTML');
  return JSON.parse(match[1]);
}

beforeAll(async () => {
  harness = await startHarness();
  await harness.app.listen(0, '127.0.0.1');
  server = await harness.app.getUrl();
});

afterAll(async () => {
  await harness.app.close();
});

beforeEach(() => {
  harness.assets.version = 'v1';
  harness.ssr.fail = false;
  evaluations.list = 0;
  evaluations.optional = 0;
  evaluations.deferred = 0;
});

describe('first visit (HTML)', () => {
  it('answers HTML with the page object in a script tag and the root element, for a page without SSR', async () => {
    const res = await request(server).get('/admin-page?aba=2').expect(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['x-inertia']).toBeUndefined();
    expect(res.text).toContain('<html lang="pt-BR">');
    expect(res.text).toContain('<div id="app"></div>');
    expect(res.text).toContain('<title>Título de reserva</title>');
    const page = embeddedPage(res.text);
    expect(page).toMatchObject({ component: 'Admin/Sample', url: '/admin-page?aba=2', version: 'v1', flash: {} });
    expect(page.props).toMatchObject({ title: 'Painel', appName: 'AgroMaq', errors: {} });
  });

  it('sends Vary: X-Inertia on HTML responses too', async () => {
    const res = await request(server).get('/admin-page').expect(200);
    expect(res.headers.vary).toMatch(/X-Inertia/i);
  });

  it('escapes the page JSON so data cannot close the script tag', async () => {
    const res = await request(server).get('/admin-page');
    expect(res.status).toBe(200);
    const hostile = await request(server).get('/hostile').set('X-Inertia', 'true').set('X-Inertia-Version', 'v1');
    expect(hostile.body.props.text).toBe('</script><script>window.hacked = 1</script><!--');
    harness.ssr.fail = true; // force the client-rendered template, which embeds the JSON itself
    const html = (await request(server).get('/hostile')).text;
    expect(html).not.toContain('</script><script>window.hacked');
    expect(html).not.toContain('<!--"');
    expect(embeddedPage(html).props.text).toBe('</script><script>window.hacked = 1</script><!--');
  });

  it('adds encryptHistory and clearHistory only when asked', async () => {
    const plain = await request(server).get('/admin-page').set(inertiaHeaders());
    expect(plain.body).not.toHaveProperty('encryptHistory');
    expect(plain.body).not.toHaveProperty('clearHistory');
    const res = await request(server).get('/history').set(inertiaHeaders());
    expect(res.body).toMatchObject({ encryptHistory: true, clearHistory: true });
  });
});

describe('server-side rendering', () => {
  it('renders public pages on the server: SSR head and body, no second page script', async () => {
    const res = await request(server).get('/page').expect(200);
    expect(res.text).toContain('<h1>SSR Public/Sample</h1>');
    expect(res.text).toContain('<title data-inertia="">Título SSR</title>');
    expect(res.text).not.toContain('Título de reserva');
    expect(res.text.match(/data-page="app"/g)).toHaveLength(1);
  });

  it('does not render admin pages on the server', async () => {
    const before = harness.ssr.calls;
    await request(server).get('/admin-page').expect(200);
    expect(harness.ssr.calls).toBe(before);
  });

  it('renders a page object once: the same page again is served from the remembered rendering, another is rendered', async () => {
    await request(server).get('/page?vez=1').expect(200);
    const before = harness.ssr.calls;
    const again = await request(server).get('/page?vez=1').expect(200);
    expect(harness.ssr.calls).toBe(before);
    expect(again.text).toContain('<h1>SSR Public/Sample</h1>');
    await request(server).get('/page?vez=2').expect(200);
    expect(harness.ssr.calls).toBe(before + 1);
  });

  it('falls back to client rendering and logs when SSR throws', async () => {
    harness.ssr.fail = true;
    const errors = harness.ssrErrors.length;
    // A page not rendered before (a rendered one is remembered and would not reach the failing renderer).
    const res = await request(server).get('/page?falha=1').expect(200);
    expect(res.text).toContain('<div id="app"></div>');
    expect(embeddedPage(res.text).component).toBe('Public/Sample');
    expect(harness.ssrErrors.length).toBe(errors + 1);
  });

  it('does not remember a failed rendering: the next request for that page is rendered on the server', async () => {
    harness.ssr.fail = true;
    await request(server).get('/page?falha=2').expect(200);
    harness.ssr.fail = false;
    const before = harness.ssr.calls;
    const res = await request(server).get('/page?falha=2').expect(200);
    expect(harness.ssr.calls).toBe(before + 1);
    expect(res.text).toContain('<h1>SSR Public/Sample</h1>');
  });

  it('sends the remembered document as HTML in UTF-8 with its length in bytes, accents included, every time', async () => {
    for (let time = 0; time < 2; time++) {
      const res = await request(server).get('/page?acentos=1').expect(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.text).toContain('Título SSR');
      expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.text));
      expect(Buffer.byteLength(res.text)).toBeGreaterThan(res.text.length);
    }
  });
});

describe('Inertia visits (JSON)', () => {
  it('answers the page object as JSON with X-Inertia: true and Vary: X-Inertia', async () => {
    const res = await request(server).get('/page?pagina=2&busca=trator').set(inertiaHeaders()).expect(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.headers['x-inertia']).toBe('true');
    expect(res.headers.vary).toMatch(/X-Inertia/i);
    expect(res.body).toMatchObject({ component: 'Public/Sample', url: '/page?pagina=2&busca=trator', version: 'v1' });
    expect(res.body.props).toMatchObject({ title: 'Olá', list: [1, 2, 3], stamp: 'sempre', errors: {} });
  });

  it('lists the shared prop keys in sharedProps and evaluates shared closures', async () => {
    const res = await request(server).get('/page').set(inertiaHeaders());
    expect(res.body.sharedProps).toEqual(['appName', 'auth']);
    expect(res.body.props.auth).toEqual({ admin: null });
  });

  it('leaves optional props out of a full visit without evaluating them', async () => {
    const res = await request(server).get('/page').set(inertiaHeaders());
    expect(res.body.props).not.toHaveProperty('extra');
    expect(evaluations.optional).toBe(0);
  });

  it('leaves deferred props out and announces them by group', async () => {
    const res = await request(server).get('/page').set(inertiaHeaders());
    expect(res.body.props).not.toHaveProperty('later');
    expect(res.body.deferredProps).toEqual({ stats: ['later'] });
    expect(evaluations.deferred).toBe(0);
  });
});

describe('asset version', () => {
  it('answers 409 with X-Inertia-Location, no X-Inertia header and no body when a GET carries an old version', async () => {
    const res = await request(server)
      .get('/page?pagina=3')
      .set(inertiaHeaders({ 'X-Inertia-Version': 'old' }))
      .expect(409);
    expect(res.headers['x-inertia-location']).toBe(`${server}/page?pagina=3`);
    expect(res.headers['x-inertia']).toBeUndefined();
    expect(res.text).toBe('');
  });

  it('follows the current version when the build changes', async () => {
    harness.assets.version = 'v2';
    await request(server).get('/page').set({ 'X-Inertia': 'true', 'X-Inertia-Version': 'v1' }).expect(409);
    const res = await request(server).get('/page').set({ 'X-Inertia': 'true', 'X-Inertia-Version': 'v2' }).expect(200);
    expect(res.body.version).toBe('v2');
  });

  it('does not check the version on a non-GET request', async () => {
    const agent = request.agent(server);
    const xsrf = await xsrfToken(agent);
    const res = await agent.put('/items/1').set(inertiaHeaders({ 'X-Inertia-Version': 'old', 'X-XSRF-TOKEN': xsrf }));
    expect(res.status).toBe(303);
  });

  it('keeps flashed data across the 409 reload', async () => {
    const agent = request.agent(server);
    const xsrf = await xsrfToken(agent);
    await agent
      .post('/items')
      .set(inertiaHeaders({ 'X-XSRF-TOKEN': xsrf }))
      .send({ name: 'Trator' })
      .expect(303);
    await agent
      .get('/page')
      .set(inertiaHeaders({ 'X-Inertia-Version': 'old' }))
      .expect(409);
    const res = await agent.get('/page').set(inertiaHeaders()).expect(200);
    expect(res.body.flash).toEqual({ success: 'Item Trator salvo' });
  });
});

describe('redirects', () => {
  it('turns 302 into 303 after PUT', async () => {
    const agent = request.agent(server);
    const xsrf = await xsrfToken(agent);
    const res = await agent.put('/items/1').set(inertiaHeaders({ 'X-XSRF-TOKEN': xsrf }));
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/page');
  });

  it('turns 302 into 303 after PATCH even when a guard redirects outside the interceptors', async () => {
    const agent = request.agent(server);
    const xsrf = await xsrfToken(agent);
    const res = await agent.patch('/items/1').set(inertiaHeaders({ 'X-XSRF-TOKEN': xsrf }));
    expect(res.status).toBe(303);
  });

  it('keeps 302 after POST', async () => {
    const agent = request.agent(server);
    const xsrf = await xsrfToken(agent);
    const res = await agent.post('/items/1/move').set(inertiaHeaders({ 'X-XSRF-TOKEN': xsrf }));
    expect(res.status).toBe(302);
  });

  it('answers a redirect to a #fragment with 409 and X-Inertia-Redirect', async () => {
    const res = await request(server).get('/to-fragment').set(inertiaHeaders()).expect(409);
    expect(res.headers['x-inertia-redirect']).toMatch(/\/page#detalhes$/);
    expect(res.headers.location).toBeUndefined();
  });

  it('answers a redirect to another site with 409 and X-Inertia-Location', async () => {
    const res = await request(server).get('/to-external').set(inertiaHeaders()).expect(409);
    expect(res.headers['x-inertia-location']).toBe('https://example.org/checkout');
  });

  it('leaves redirects of non-Inertia requests alone', async () => {
    const res = await request(server).get('/to-external').expect(302);
    expect(res.headers.location).toBe('https://example.org/checkout');
  });
});

describe('partial reloads', () => {
  const partial = (data: Record<string, string>) => inertiaHeaders({ 'X-Inertia-Partial-Component': 'Public/Sample', ...data });

  it('sends only the props named in X-Inertia-Partial-Data, plus errors and always props', async () => {
    const res = await request(server)
      .get('/page')
      .set(partial({ 'X-Inertia-Partial-Data': 'title' }));
    expect(Object.keys(res.body.props).sort()).toEqual(['errors', 'stamp', 'title']);
    expect(evaluations.list).toBe(0);
  });

  it('evaluates optional and deferred props when a partial reload asks for them', async () => {
    const res = await request(server)
      .get('/page')
      .set(partial({ 'X-Inertia-Partial-Data': 'extra,later' }));
    expect(res.body.props).toMatchObject({ extra: 'opcional', later: 'adiado' });
    expect(evaluations).toMatchObject({ optional: 1, deferred: 1, list: 0 });
    expect(res.body).not.toHaveProperty('deferredProps');
  });

  it('leaves out the props named in X-Inertia-Partial-Except', async () => {
    const res = await request(server)
      .get('/page')
      .set(partial({ 'X-Inertia-Partial-Except': 'list,title' }));
    expect(res.body.props).not.toHaveProperty('list');
    expect(res.body.props).not.toHaveProperty('title');
    expect(res.body.props).toHaveProperty('appName');
    expect(evaluations.list).toBe(0);
  });

  it('lets Except win over Data', async () => {
    const res = await request(server)
      .get('/page')
      .set(partial({ 'X-Inertia-Partial-Data': 'title,list', 'X-Inertia-Partial-Except': 'list' }));
    expect(res.body.props).toHaveProperty('title');
    expect(res.body.props).not.toHaveProperty('list');
  });

  it('ignores the partial headers when they name another component', async () => {
    const res = await request(server)
      .get('/page')
      .set(inertiaHeaders({ 'X-Inertia-Partial-Component': 'Public/Other', 'X-Inertia-Partial-Data': 'title' }));
    expect(res.body.props).toHaveProperty('list');
    expect(res.body.props).not.toHaveProperty('extra');
  });
});

describe('validation errors and flash', () => {
  it('flashes validation errors and redirects back; the next page has them in props.errors, once', async () => {
    const agent = request.agent(server);
    const xsrf = await xsrfToken(agent);
    const res = await agent
      .post('/items')
      .set(inertiaHeaders({ 'X-XSRF-TOKEN': xsrf, Referer: `${server}/admin-page?aba=1` }))
      .send({ name: '' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/admin-page?aba=1');
    const next = await agent.get('/admin-page?aba=1').set(inertiaHeaders());
    expect(next.body.props.errors).toEqual({ name: 'Informe o nome' });
    const after = await agent.get('/admin-page?aba=1').set(inertiaHeaders());
    expect(after.body.props.errors).toEqual({});
  });

  it('nests the errors under the bag named by X-Inertia-Error-Bag', async () => {
    const agent = request.agent(server);
    const xsrf = await xsrfToken(agent);
    await agent
      .post('/items')
      .set(inertiaHeaders({ 'X-XSRF-TOKEN': xsrf, 'X-Inertia-Error-Bag': 'novoItem' }))
      .send({})
      .expect(303);
    const next = await agent.get('/page').set(inertiaHeaders());
    expect(next.body.props.errors).toEqual({ novoItem: { name: 'Informe o nome' } });
  });

  it('sends flash data as the top-level flash field of the next page only', async () => {
    const agent = request.agent(server);
    const xsrf = await xsrfToken(agent);
    await agent
      .post('/items')
      .set(inertiaHeaders({ 'X-XSRF-TOKEN': xsrf }))
      .send({ name: 'Plantadeira' })
      .expect(303);
    const next = await agent.get('/page').set(inertiaHeaders());
    expect(next.body.flash).toEqual({ success: 'Item Plantadeira salvo' });
    expect(next.body.props).not.toHaveProperty('flash');
    const after = await agent.get('/page').set(inertiaHeaders());
    expect(after.body.flash).toEqual({});
  });

  it('ignores a flash cookie that was not signed by the server', async () => {
    const forged = Buffer.from(JSON.stringify({ flash: { success: 'forjado' } })).toString('base64url');
    const res = await request(server).get('/page').set(inertiaHeaders()).set('Cookie', `agromaq_flash=${forged}.assinatura`);
    expect(res.body.flash).toEqual({});
  });
});

describe('CSRF (XSRF-TOKEN)', () => {
  it('issues a readable XSRF-TOKEN cookie with the page', async () => {
    const res = await request(server).get('/page');
    const cookie = (res.headers['set-cookie'] as unknown as string[]).find((value) => value.startsWith('XSRF-TOKEN='));
    expect(cookie).toBeDefined();
    expect(cookie).not.toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it('answers 419 to a write without the token, and changes nothing', async () => {
    const agent = request.agent(server);
    await xsrfToken(agent);
    const res = await agent.post('/items').set(inertiaHeaders()).send({ name: 'Colheitadeira' });
    expect(res.status).toBe(419);
    expect(res.body.message).toBe('Sua sessão expirou. Recarregue a página e tente novamente.');
    const next = await agent.get('/page').set(inertiaHeaders());
    expect(next.body.flash).toEqual({});
  });

  it('answers 419 when the header does not match the cookie', async () => {
    const agent = request.agent(server);
    await xsrfToken(agent);
    const res = await agent
      .post('/items')
      .set(inertiaHeaders({ 'X-XSRF-TOKEN': 'outro.valor' }))
      .send({ name: 'x' });
    expect(res.status).toBe(419);
  });

  it('refuses a token the server did not sign, even when cookie and header agree', async () => {
    const res = await request(server)
      .post('/items')
      .set(inertiaHeaders({ 'X-XSRF-TOKEN': 'abc.def' }))
      .set('Cookie', 'XSRF-TOKEN=abc.def')
      .send({ name: 'x' });
    expect(res.status).toBe(419);
  });
});

describe('errors', () => {
  it('answers an unhandled error with the error page and status 500, without the message or SQL', async () => {
    const res = await request(server).get('/boom').set(inertiaHeaders()).expect(500);
    expect(res.headers['x-inertia']).toBe('true');
    expect(res.body.component).toBe('Error');
    expect(res.body.props).toMatchObject({ status: 500, message: 'Erro interno. Tente novamente mais tarde.' });
    expect(JSON.stringify(res.body)).not.toMatch(/secret_table|SELECT|at .*\.ts/);
  });

  it('answers a browser’s first visit that fails with the error page as HTML, status 500', async () => {
    const res = await request(server).get('/boom').set('Accept', 'text/html').expect(500);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.text).toContain('<html lang="pt-BR">');
    expect(embeddedPage(res.text)).toMatchObject({ component: 'Error', props: { status: 500, message: 'Erro interno. Tente novamente mais tarde.' } });
    expect(res.text).not.toMatch(/secret_table|SELECT|at .*\.ts/);
  });

  it('redirects an unknown page to the home page', async () => {
    const res = await request(server).get('/pagina-que-nao-existe').expect(302);
    expect(res.headers.location).toBe('/');
  });

  it('answers 404 (not the home page) for a missing file', async () => {
    await request(server).get('/build/assets/nao-existe.js').expect(404);
  });
});

async function xsrfToken(agent: ReturnType<typeof request.agent>): Promise<string> {
  const res = await agent.get('/page');
  const cookie = (res.headers['set-cookie'] as unknown as string[]).find((value) => value.startsWith('XSRF-TOKEN='))!;
  return decodeURIComponent(cookie.split(';')[0].slice('XSRF-TOKEN='.length));
}
