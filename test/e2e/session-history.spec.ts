import { describe, expect, it } from 'vitest';
import { browserAvailable, openAdminPage, useBrowserApp } from '../support/browser.js';
import { createAppUser } from '../support/row-factories.js';

const app = useBrowserApp();

describe.skipIf(!browserAvailable)('admin data after logout', () => {
  it('Back after logging out shows the login page, not the users list from history or cache', async () => {
    const email = `historico.${Date.now()}@exemplo.com.br`;
    await createAppUser(app.sut, { firstname: 'Heloísa', lastname: 'Histórico', email });
    const { page, close } = await openAdminPage(app, '/admin/dashboard', 'Dashboard');
    await page.getByRole('navigation', { name: 'Painel' }).first().getByRole('link', { name: 'Usuários do App' }).click();
    await page.getByText(email).first().waitFor();
    await page.getByRole('navigation', { name: 'Painel' }).first().getByRole('link', { name: 'Empresas' }).click();
    await page.getByRole('heading', { name: 'Empresas', level: 1 }).waitFor();
    await page.getByRole('navigation', { name: 'Painel' }).first().getByRole('button', { name: 'Sair' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/login');

    await page.goBack();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/login');
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    expect(await page.getByText(email).count()).toBe(0);
    expect(await page.content()).not.toContain(email);
    // Nor is the page object kept readable in the history entries.
    expect(await page.evaluate(() => JSON.stringify(window.history.state ?? null))).not.toContain(email);
    await close();
  });
});
