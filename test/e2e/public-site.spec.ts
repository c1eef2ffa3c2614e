import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { Contact } from '../../src/contacts/contact.entity.js';
import { browserAvailable, useBrowserApp } from '../support/browser.js';
import { unreachable } from '../support/reach.js';
import { wcagViolations } from '../support/axe.js';

const GTM_ID = 'GTM-TESTE12';
const PAGES = [
  { path: '/', title: 'AgroMaq | Início', heading: 'Compre, venda e avalie máquinas agrícolas' },
  { path: '/contato', title: 'AgroMaq | Contato', heading: 'Fale com o nosso time' },
  { path: '/ajuda', title: 'AgroMaq | Ajuda', heading: 'Como podemos ajudar?' },
  { path: '/sobre-nos', title: 'AgroMaq | Sobre Nós', heading: '' },
  { path: '/excluir-conta', title: 'AgroMaq | Excluir Conta', heading: 'Excluir conta' },
  { path: '/politicasdeprivacidade.html', title: 'AgroMaq | Termos e Políticas', heading: 'Termos de Uso e Política de Privacidade' },
];

const app = useBrowserApp({ GTM_ID });

async function open(
  width = 1440,
  consent: 'true' | 'false' | null = 'false',
  javaScriptEnabled = true,
  serviceWorkers: 'allow' | 'block' = 'allow',
): Promise<Page> {
  const context = await app.browser.newContext({ viewport: { width, height: 900 }, locale: 'pt-BR', javaScriptEnabled, serviceWorkers });
  // Outside the test machine nothing answers; keep third-party requests from waiting on the network.
  await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
  if (consent) await context.addCookies([{ name: 'cookie_consent', value: consent, url: app.baseUrl }]);
  return context.newPage();
}

/**
 * A first visit whose scripts are held back, all but the public entry, until the returned function is called: the
 * server's page arrives whole and is drawn, but is not alive yet, as on a weak connection. The site's service worker
 * is kept out: it registers at the page's load and, once it has taken the page, fetches the page's code itself, where
 * the page's routes do not see it, and the code would arrive unheld.
 */
async function openHeld(width: number): Promise<{ page: Page; release: () => void }> {
  const page = await open(width, 'false', true, 'block');
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/build/assets/*.js', async (route) => {
    if (!/\/assets\/public-[\w-]+\.js$/.test(route.request().url())) await held;
    await route.continue();
  });
  return { page, release };
}

describe.skipIf(!browserAvailable)('public site in Chromium', () => {
  it('renders every public page on the server, with its title and main heading, before any script runs', async () => {
    const page = await open(1440, 'false', false);
    for (const { path, title, heading } of PAGES) {
      await page.goto(`${app.baseUrl}${path}`);
      expect(await page.title()).toBe(title);
      const h1 = await page.locator('h1').first().innerText();
      expect(h1).toContain(heading);
      expect(h1.length).toBeGreaterThan(5);
      expect(await page.locator('meta[name="description"]').getAttribute('content')).toBeTruthy();
      expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${app.sut.config.appUrl}${path}`);
    }
    await page.context().close();
  });

  it('navigates through every public route by its links, and redirects unknown and legacy paths', async () => {
    const page = await open();
    await page.goto(`${app.baseUrl}/`);
    const header = page.getByRole('banner');
    await header.getByRole('link', { name: 'Contato' }).click();
    await page.waitForURL(`${app.baseUrl}/contato`);
    await expect.poll(() => page.title()).toBe('AgroMaq | Contato');
    await header.getByRole('button', { name: 'AgroMaq' }).click();
    await header.getByRole('link', { name: 'Ajuda' }).click();
    await page.waitForURL(`${app.baseUrl}/ajuda`);
    await header.getByRole('button', { name: 'AgroMaq' }).click();
    await header.getByRole('link', { name: 'Sobre Nós' }).click();
    await page.waitForURL(`${app.baseUrl}/sobre-nos`);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Excluir conta' }).click();
    await page.waitForURL(`${app.baseUrl}/excluir-conta`);
    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: /Termos de Uso/ })
      .click();
    await page.waitForURL(`${app.baseUrl}/politicasdeprivacidade.html`);
    await expect.poll(() => page.locator('article section h2').count()).toBe(21);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Área do Gestor' }).click();
    await page.waitForURL(`${app.baseUrl}/admin/login`);

    for (const [from, to] of [
      ['/qualquer-coisa', '/'],
      ['/aplicativo', '/'],
      ['/juda', '/ajuda'],
      ['/termos-e-politicas', '/politicasdeprivacidade.html'],
    ]) {
      await page.goto(`${app.baseUrl}${from}`);
      expect(new URL(page.url()).pathname).toBe(to);
    }
    await page.context().close();
  });

  it('opens and closes the mobile menu (button, overlay), hiding the floating chat button while open', async () => {
    const page = await open(390);
    await page.goto(`${app.baseUrl}/`);
    const floating = page.getByTestId('chat-flutuante');
    await floating.waitFor();
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    const menu = page.getByRole('complementary', { name: 'Menu' });
    await expect.poll(() => menu.boundingBox().then((box) => Math.round((box?.x ?? 0) + (box?.width ?? 0)))).toBe(390);
    await expect.poll(() => floating.count()).toBe(0);
    await menu.getByRole('button', { name: 'AgroMaq' }).click();
    await menu.getByRole('link', { name: 'Sobre Nós' }).waitFor();
    expect(await menu.getByRole('link', { name: /Fale com a gente/ }).getAttribute('href')).toMatch(/^https:\/\/wa\.me\/5543/);
    await page.getByTestId('menu-overlay').click({ position: { x: 10, y: 400 } });
    await floating.waitFor();
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await page.getByRole('button', { name: 'Fechar menu' }).click();
    await floating.waitFor();
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await menu.getByRole('link', { name: 'Acessar Painel' }).click();
    await page.waitForURL(`${app.baseUrl}/admin/login`);
    await page.context().close();
  });

  it('keeps one help answer open at a time, and shows 120-character previews of the others', async () => {
    const page = await open();
    await page.goto(`${app.baseUrl}/ajuda`);
    const buttons = page.locator('[data-accordion-item] button');
    expect(await buttons.count()).toBe(6);
    const previews = await page.locator('[data-preview]').allInnerTexts();
    expect(previews).toHaveLength(6);
    for (const preview of previews) expect(preview.replace(/…$/, '').length).toBeLessThanOrEqual(120);
    const expanded = (index: number) => buttons.nth(index).getAttribute('aria-expanded');
    await buttons.nth(0).click();
    await expect.poll(() => expanded(0)).toBe('true');
    await buttons.nth(2).click();
    await expect.poll(() => expanded(2)).toBe('true');
    expect(await expanded(0)).toBe('false');
    await buttons.nth(2).click();
    await expect.poll(() => page.locator('[data-accordion-item] button[aria-expanded="true"]').count()).toBe(0);
    await page.context().close();
  });

  it('validates and masks the contact form, then stores the message and thanks after 700 ms', async () => {
    const page = await open(390);
    await page.goto(`${app.baseUrl}/contato`);
    await page.getByRole('button', { name: 'Enviar mensagem' }).click();
    for (const message of ['Informe seu nome', 'Email inválido', 'Telefone inválido', 'Descreva sua mensagem'])
      await page.getByText(message, { exact: true }).waitFor();

    await page.getByLabel('Nome').fill('Ana Beatriz Souza');
    await page.getByLabel('E-mail').fill('ana@fazendaboavista.com.br');
    await page.getByLabel('Telefone').pressSequentially('4399876543210');
    expect(await page.getByLabel('Telefone').inputValue()).toBe('(43) 99876-5432');
    await page.getByLabel('Mensagem').fill('Gostaria de uma demonstração do aplicativo.');
    const honeypot = page.locator('#empresa');
    expect(await honeypot.getAttribute('tabindex')).toBe('-1');
    const box = (await honeypot.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(0); // off screen, never shown
    expect(await page.locator('div[aria-hidden="true"]:has(#empresa)').count()).toBe(1);

    const started = Date.now();
    await page.getByRole('button', { name: 'Enviar mensagem' }).click();
    await page.getByRole('button', { name: 'Enviando...' }).waitFor();
    await page.getByText('Mensagem enviada! Em breve nosso time entrará em contato.').waitFor();
    expect(Date.now() - started).toBeGreaterThanOrEqual(700);
    const stored = await app.sut.dataSource.getRepository(Contact).findOneByOrFail({ email: 'ana@fazendaboavista.com.br' });
    expect(stored).toMatchObject({ nome: 'Ana Beatriz Souza', telefone: '43998765432', status: 'pendente', origem: 'site' });
    await page.context().close();
  });

  it('shows the failure text when the API fails', async () => {
    const page = await open();
    await page.route('**/api/contatos', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"statusCode":500}' }));
    await page.goto(`${app.baseUrl}/contato`);
    await page.getByLabel('Nome').fill('Carlos');
    await page.getByLabel('E-mail').fill('carlos@exemplo.com');
    await page.getByLabel('Telefone').fill('4332221100');
    await page.getByLabel('Mensagem').fill('Mensagem de teste');
    await page.getByRole('button', { name: 'Enviar mensagem' }).click();
    await page.getByText('Não foi possível enviar agora. Tente novamente.').waitFor();
    await page.context().close();
  });

  it('opens WhatsApp from the subscription modal with the plan and the customer’s data', async () => {
    const page = await open();
    await page.goto(`${app.baseUrl}/`);
    await page.locator('#planos button').first().click();
    const dialog = page.getByRole('dialog', { name: 'Finalizar assinatura' });
    await dialog.getByLabel('Nome completo').fill('Pedro Alves');
    await dialog.getByLabel('Telefone').fill('(43) 99999-1234');
    const href = await dialog.getByRole('link', { name: /Continuar no WhatsApp/ }).getAttribute('href');
    const text = new URL(href!).searchParams.get('text')!;
    expect(href).toMatch(/^https:\/\/wa\.me\/5543\d+\?text=/);
    expect(text).toMatch(/^Olá! Gostaria de assinar um plano do AgroMaq\./);
    expect(text).toMatch(/\*Detalhes do plano\*\nPlano: .+\nValor: R\$ \d+,\d{2}\nDuração: .+\nDescrição: .+/);
    expect(text).toContain('*Meus dados*\nNome: Pedro Alves\nTelefone: (43) 99999-1234');
    expect(text).not.toContain('E-mail:');
    expect(text).toMatch(/Poderiam me informar como proceder\?$/);
    await page.context().close();
  });

  it('loads the tag manager only after Aceitar, never after Rejeitar, and remembers the choice', async () => {
    const gtm = (page: Page) => page.locator('script#gtm-script').count();
    let page = await open(1440, null);
    await page.goto(`${app.baseUrl}/`);
    const banner = page.getByRole('region', { name: 'Aviso de cookies' });
    await banner.waitFor();
    expect(await gtm(page)).toBe(0);
    await banner.getByRole('button', { name: 'Aceitar' }).click();
    await expect.poll(() => gtm(page)).toBe(1);
    expect(await page.locator('script#gtm-script').getAttribute('src')).toContain(GTM_ID);
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await banner.count()).toBe(0);
    await page.context().close();

    page = await open(1440, null);
    await page.goto(`${app.baseUrl}/contato`);
    await page.getByRole('region', { name: 'Aviso de cookies' }).getByRole('button', { name: 'Rejeitar' }).click();
    await page.getByRole('region', { name: 'Aviso de cookies' }).waitFor({ state: 'detached' });
    await page.reload();
    expect(await page.getByRole('region', { name: 'Aviso de cookies' }).count()).toBe(0);
    expect(await gtm(page)).toBe(0);
    const cookie = (await page.context().cookies()).find((c) => c.name === 'cookie_consent')!;
    expect(cookie.value).toBe('false');
    expect(cookie.expires - Date.now() / 1000).toBeGreaterThan(364 * 86400);
    await page.context().close();
  });

  it('has no accessibility violation of any impact on any public page (axe-core)', async () => {
    for (const width of [390, 1440]) {
      const page = await open(width, null);
      for (const { path } of PAGES) {
        await page.goto(`${app.baseUrl}${path}`);
        const violations = await wcagViolations(page);
        expect(violations, `${path} at ${width}px`).toEqual([]);
      }
      await page.context().close();
    }
  });

  it('works with the keyboard alone: skip link, menu, dropdown and form', async () => {
    const page = await open(1440);
    await page.goto(`${app.baseUrl}/`);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Pular para o conteúdo');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${app.baseUrl}/contato`);
    await page.getByLabel('Nome').focus();
    await page.keyboard.type('Teclado');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).id)).toBe('email');
    await page.context().close();

    const phone = await open(390);
    await phone.goto(`${app.baseUrl}/`);
    await phone.getByRole('button', { name: 'Abrir menu' }).focus();
    await phone.keyboard.press('Enter');
    await phone.getByRole('button', { name: 'Fechar menu' }).focus();
    await phone.keyboard.press('Enter');
    await phone.getByTestId('chat-flutuante').waitFor();
    await phone.context().close();
  });

  it('keeps what is typed and tapped before the page comes to life, and acts on it once it has', async () => {
    const { page, release } = await openHeld(390);
    await page.goto(`${app.baseUrl}/contato`);
    await page.getByLabel('Nome').fill('Lúcia Helena Prado');
    await page.getByLabel('E-mail').fill('lucia@sitiosaojose.com.br');
    await page.getByLabel('Telefone').fill('43998761234');
    await page.getByLabel('Mensagem').fill('Quero anunciar duas colheitadeiras.');
    await page.getByRole('button', { name: 'Enviar mensagem' }).click();
    // The tap is held: the browser did not send the form on its own, and nothing was stored.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(new URL(page.url()).pathname).toBe('/contato');
    expect(await page.locator('#app[data-hydrated]').count()).toBe(0);
    expect(await app.sut.dataSource.getRepository(Contact).countBy({ email: 'lucia@sitiosaojose.com.br' })).toBe(0);

    release();
    await page.getByText('Mensagem enviada! Em breve nosso time entrará em contato.').waitFor();
    const stored = await app.sut.dataSource.getRepository(Contact).findOneByOrFail({ email: 'lucia@sitiosaojose.com.br' });
    expect(stored).toMatchObject({ nome: 'Lúcia Helena Prado', telefone: '43998761234', mensagem: 'Quero anunciar duas colheitadeiras.' });
    await page.context().close();
  });

  it('ticks a box at once before the page comes to life, and the page knows it once it has', async () => {
    const { page, release } = await openHeld(390);
    await page.goto(`${app.baseUrl}/excluir-conta`);
    await page.getByLabel('E-mail da conta').fill('quem.pediu@example.com');
    // The browser ticks it as it is tapped (check() fails when a click does not change the box).
    await page.getByLabel('Não sou um robô').check();
    await page.getByRole('button', { name: 'Excluir conta' }).click();
    expect(await page.locator('#app[data-hydrated]').count()).toBe(0);

    release();
    // The form is sent only with the box ticked: its answer says the page took the tick.
    await page.getByText(/Se existir uma conta com este e-mail, enviamos um link/).waitFor();
    await page.context().close();
  });

  it('keeps the JavaScript loaded by / within its budget: 50 KB gzip, all of it', async () => {
    const page = await open();
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script' && response.url().startsWith(app.baseUrl)) scripts.push(response.url());
    });
    await page.goto(`${app.baseUrl}/`);
    await page.locator('#app[data-hydrated]').waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
    let total = 0;
    for (const url of scripts) {
      const body = Buffer.from(await (await fetch(url)).arrayBuffer());
      total += gzipSync(body).length;
    }
    expect(scripts.length).toBeGreaterThan(0);
    expect(total).toBeLessThan(50 * 1024);
    await page.context().close();
  });

  it('moves nothing once drawn: no layout shift on any public page over its load on a weak connection, the cookie banner and its choice', async () => {
    for (const width of [360, 390, 1440]) {
      for (const path of [...PAGES.map((item) => item.path), '/redefinir-senha']) {
        const page = await open(width, null);
        // A weak connection, so the page arrives in pieces: the browser must not draw a half-read page.
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 100, downloadThroughput: 100_000, uploadThroughput: 50_000 });
        // Every layout shift of the page, with whether it followed a tap (as CLS counts them).
        await page.addInitScript(() => {
          const shifts: { value: number; afterInput: boolean; moved: string[] }[] = [];
          (window as unknown as { layoutShifts: typeof shifts }).layoutShifts = shifts;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources: { node?: Node | null }[] }[])
              shifts.push({
                value: entry.value,
                afterInput: entry.hadRecentInput,
                moved: entry.sources.map((source) => (source.node instanceof Element ? source.node.outerHTML.slice(0, 120) : String(source.node?.nodeName))),
              });
          }).observe({ type: 'layout-shift', buffered: true });
        });
        const shifts = () =>
          page.evaluate(() => (window as unknown as { layoutShifts: { value: number; afterInput: boolean; moved: string[] }[] }).layoutShifts);
        await page.goto(`${app.baseUrl}${path}`);
        await page.waitForLoadState('networkidle');
        // The banner is drawn by the server with the page: nothing moves while the page loads and comes to life.
        expect({ path, width, shifts: await shifts() }).toEqual({ path, width, shifts: [] });
        const banner = page.getByRole('region', { name: 'Aviso de cookies' });
        await banner.getByRole('button', { name: 'Aceitar' }).click();
        await banner.waitFor({ state: 'detached' });
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        // Once the banner goes, the floating buttons it carried come down to the screen's edge: only at the tap (which
        // the layout-shift score leaves out), never by itself.
        expect({ path, width, shifts: (await shifts()).filter((shift) => !shift.afterInput) }).toEqual({ path, width, shifts: [] });
        await page.context().close();
      }
    }
  }, 180_000);

  it('every public page at phone and desktop widths: nothing cut or off screen, no page errors (screenshots kept)', async () => {
    for (const width of [390, 1440]) {
      const page = await open(width);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      for (const { path, heading } of PAGES) {
        await page.goto(`${app.baseUrl}${path}`);
        await page.waitForLoadState('networkidle');
        if (heading) await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
        expect(await unreachable(page, 'header, main, footer'), `${path} at ${width} px`).toEqual([]);
        const name = path === '/' ? 'inicio' : path.replace(/[/.]/g, '');
        await page.screenshot({ path: `test-results/site-${name}-${width}.png`, fullPage: true });
      }
      expect(errors, `page errors at ${width} px`).toEqual([]);
      await page.context().close();
    }
  });
});
