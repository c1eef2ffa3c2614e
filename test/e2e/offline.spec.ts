import { describe, expect, it } from 'vitest';
import { Contact } from '../../src/contacts/contact.entity.js';
import { browserAvailable, useBrowserApp } from '../support/browser.js';
import { wcagViolations } from '../support/axe.js';

// Issue 33, item 5: a farmer's second visit with the network gone paints from what the first visit kept (the
// service worker, public/sw.js), the contact form says the phone is offline and keeps what was typed (a reload
// too), and sends it once the network is back. The back office and the API are never kept.
const app = useBrowserApp({ GTM_ID: 'GTM-TESTE12' });

describe.skipIf(!browserAvailable)('the public site with the network turned off', () => {
  it('paints kept pages, keeps the contact typed while offline, sends it once back, and keeps nothing of the admin', async () => {
    const context = await app.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'pt-BR' });
    await context.addCookies([{ name: 'cookie_consent', value: 'false', url: app.baseUrl }]);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    // The first visit installs the worker; the pages seen once it controls them are kept.
    await page.goto(`${app.baseUrl}/`);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await page.goto(`${app.baseUrl}/contato`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.goto(`${app.baseUrl}/admin/login`);
    await page.getByLabel('Usuário').waitFor();

    await context.setOffline(true);
    // Offline: the kept contact page paints, whole, and works (its scripts and styles come from the kept files).
    await page.goto(`${app.baseUrl}/contato`);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toContain('Fale com o nosso time');
    await page.getByLabel('Nome').fill('Produtor sem sinal');
    await page.getByLabel('E-mail').fill('produtor.sem.sinal@exemplo.com.br');
    await page.getByLabel('Telefone').fill('43999990000');
    await page.getByLabel('Mensagem').fill('Quero uma cotação de colheitadeira, escrevi no meio da lavoura.');
    await page.getByRole('button', { name: /Enviar/ }).click();
    const offline = page.getByRole('alert').filter({ hasText: 'Você está sem conexão' });
    await offline.waitFor();
    expect(await page.getByLabel('Mensagem').inputValue()).toBe('Quero uma cotação de colheitadeira, escrevi no meio da lavoura.');
    expect(await wcagViolations(page)).toEqual([]);
    await page.getByRole('alert').scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/contato-offline-390.png' });

    // A reload with no network: the page again, and what was typed is still there.
    await page.reload();
    await expect.poll(() => page.getByLabel('Nome').inputValue()).toBe('Produtor sem sinal');
    expect(await page.getByLabel('Mensagem').inputValue()).toBe('Quero uma cotação de colheitadeira, escrevi no meio da lavoura.');

    // The admin was never kept: offline, its page does not open.
    const admin = await page.goto(`${app.baseUrl}/admin/login`).catch(() => null);
    expect(admin === null || !admin.ok()).toBe(true);
    await context.setOffline(false);

    // Back online: sent once, and the kept draft is gone.
    await page.goto(`${app.baseUrl}/contato`);
    await expect.poll(() => page.getByLabel('Nome').inputValue()).toBe('Produtor sem sinal');
    await page.getByRole('button', { name: /Enviar/ }).click();
    await page.getByText('Mensagem enviada! Em breve nosso time entrará em contato.').waitFor();
    expect(await app.sut.dataSource.getRepository(Contact).countBy({ email: 'produtor.sem.sinal@exemplo.com.br' })).toBe(1);
    expect(await page.evaluate(() => window.localStorage.getItem('agromaq:contato'))).toBeNull();

    // What the worker kept: site pages and files, never the back office or the API.
    const kept = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      return urls;
    });
    expect(kept).toContain('/contato');
    expect(kept.some((path) => path.startsWith('/build/'))).toBe(true);
    expect(kept.filter((path) => /^\/(admin|api)(\/|$)/.test(path))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a kept page never loads the tag manager on an answer the visitor has since changed', async () => {
    const context = await app.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'pt-BR' });
    await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
    await context.addCookies([{ name: 'cookie_consent', value: 'true', url: app.baseUrl }]);
    const page = await context.newPage();
    await page.goto(`${app.baseUrl}/`);
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    // Kept with "yes" in it (the worker controls the page now), the tag manager loaded.
    await page.goto(`${app.baseUrl}/ajuda`);
    await expect.poll(() => page.locator('#gtm-script').count()).toBe(1);

    // The visitor says no; offline, the page comes from the worker with its old "yes" in it.
    await context.addCookies([{ name: 'cookie_consent', value: 'false', url: app.baseUrl }]);
    await context.setOffline(true);
    await page.goto(`${app.baseUrl}/ajuda`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.outerHTML.includes('"cookieConsent":true'))).toBe(true);
    await page.waitForTimeout(500);
    expect(await page.locator('#gtm-script').count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Aviso de cookies' }).count()).toBe(0);
    await context.close();
  });
});
