import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserAvailable, useBrowserApp } from '../support/browser.js';
import { unreachable } from '../support/reach.js';

const app = useBrowserApp();

/** A page that records console errors and uncaught exceptions, so hydration problems fail the test. */
async function openPage(width = 1440, options: { javaScriptEnabled?: boolean } = {}): Promise<{ page: Page; errors: string[] }> {
  const context = await app.browser.newContext({ viewport: { width, height: 900 }, locale: 'pt-BR', ...options });
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
    await page.goto(`${app.baseUrl}/`);
    await expect(page.title()).resolves.toBe('AgroMaq | Início');
    expect(await page.locator('h1').innerText()).toContain('Compre, venda e avalie máquinas agrícolas');
    expect(await page.getByText('Descubra o ano de fabricação', { exact: true }).isVisible()).toBe(true);
    await page.context().close();
  });

  it('hydrates the server-rendered home page without errors', async () => {
    const { page, errors } = await openPage();
    await page.goto(`${app.baseUrl}/`);
    await page.waitForFunction(() => document.querySelector('#app')?.hasAttribute('data-server-rendered'));
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('goes from the public site to the login page and back with full page loads (the public site has no client router)', async () => {
    const { page, errors } = await openPage();
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(new URL(request.url()).pathname);
    });
    await page.goto(`${app.baseUrl}/`);
    await page.waitForLoadState('networkidle');
    await page.getByRole('banner').getByRole('link', { name: 'Acessar Painel' }).click();
    await page.waitForURL(`${app.baseUrl}/admin/login`);
    await page.getByLabel('Usuário').waitFor();
    await expect.poll(() => page.title()).toBe('AgroMaq | Login');
    // The login page's Inertia link back to the site: the server answers the visit with a full page load.
    await page.getByRole('link', { name: '← Voltar para o site' }).click();
    await page.waitForURL(`${app.baseUrl}/`);
    await page.getByRole('heading', { level: 1, name: /Compre, venda e avalie/ }).waitFor();
    await expect.poll(() => page.title()).toBe('AgroMaq | Início');
    expect(documents).toEqual(['/', '/admin/login', '/']);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows the login form with its fields, password toggle and required-field check', async () => {
    const { page } = await openPage(390);
    await page.goto(`${app.baseUrl}/admin/login`);
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

  it('the home and login pages at phone and desktop widths: nothing cut or off screen, no console errors (screenshots kept)', async () => {
    mkdirSync('test-results', { recursive: true });
    for (const width of [390, 1440]) {
      const { page, errors } = await openPage(width);
      for (const [name, path, heading] of [
        ['home', '/', 'Compre, venda e avalie máquinas agrícolas'],
        ['login', '/admin/login', 'Painel administrativo'],
      ]) {
        await page.goto(`${app.baseUrl}${path}`);
        await page.waitForLoadState('networkidle');
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        expect(await page.getByRole('heading', { level: 1 }).first().innerText(), `${path} heading`).toContain(heading);
        expect(await unreachable(page, 'header, main, footer'), `${path} at ${width} px`).toEqual([]);
        await page.screenshot({ path: `test-results/${name}-${width}.png`, fullPage: true });
      }
      expect(errors, `console errors at ${width} px`).toEqual([]);
      await page.context().close();
    }
  });
});
