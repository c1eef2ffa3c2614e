import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, startBrowserApp, stopBrowserApp, type BrowserApp } from '../support/browser.js';
import type { TestApp } from '../support/test-app.js';

let target: BrowserApp | undefined;
let sut: TestApp;
let browser: Browser;
let baseUrl: string;

beforeAll(async () => {
  if (!browserAvailable) return;
  target = await startBrowserApp();
  ({ sut, browser, baseUrl } = target);
});

afterAll(() => stopBrowserApp(target));

/** A page that records console errors and uncaught exceptions, so hydration problems fail the test. */
async function openPage(width = 1440, options: { javaScriptEnabled?: boolean } = {}): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'pt-BR', ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, errors };
}

describe.skipIf(!browserAvailable)('public site and login in Chromium', () => {
  it('shows the home page text from the server before any script runs', async () => {
    const { page } = await openPage(1440, { javaScriptEnabled: false });
    await page.goto(`${baseUrl}/`);
    await expect(page.title()).resolves.toBe('AgroMaq | Início');
    expect(await page.locator('h1').innerText()).toContain('Compre, venda e avalie máquinas agrícolas');
    expect(await page.getByText('Descubra o ano de fabricação', { exact: true }).isVisible()).toBe(true);
    await page.context().close();
  });

  it('hydrates the server-rendered home page without errors', async () => {
    const { page, errors } = await openPage();
    await page.goto(`${baseUrl}/`);
    await page.waitForFunction(() => document.querySelector('#app')?.hasAttribute('data-server-rendered'));
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('navigates from the home page to the login page without a full reload', async () => {
    const { page, errors } = await openPage();
    await page.goto(`${baseUrl}/`);
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await page.getByRole('banner').getByRole('link', { name: 'Acessar Painel' }).click();
    await page.waitForURL(`${baseUrl}/admin/login`);
    await page.getByLabel('Usuário').waitFor();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await expect.poll(() => page.title()).toBe('AgroMaq | Login');
    await page.goBack();
    await page.waitForURL(`${baseUrl}/`);
    await page.getByRole('heading', { level: 1, name: /Compre, venda e avalie/ }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows the login form with its fields, password toggle and required-field check', async () => {
    const { page } = await openPage(390);
    await page.goto(`${baseUrl}/admin/login`);
    const password = page.getByLabel('Senha', { exact: true });
    await password.fill('segredo');
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Mostrar' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await page.getByLabel('2FA').fill('12ab34');
    expect(await page.getByLabel('2FA').inputValue()).toBe('1234');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByRole('alert').innerText()).resolves.toBe('Preencha usuário, senha e o código 2FA.');
    await page.context().close();
  });

  it('takes screenshots at phone and desktop widths', async () => {
    mkdirSync('test-results', { recursive: true });
    for (const width of [390, 1440]) {
      const { page } = await openPage(width);
      for (const [name, path] of [
        ['home', '/'],
        ['login', '/admin/login'],
      ]) {
        await page.goto(`${baseUrl}${path}`);
        await page.waitForLoadState('networkidle');
        await page.screenshot({ path: `test-results/${name}-${width}.png`, fullPage: true });
      }
      await page.context().close();
    }
  });
});
