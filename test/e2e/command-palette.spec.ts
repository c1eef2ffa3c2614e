import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { browserAvailable, openAdminPage, useBrowserApp } from '../support/browser.js';
import { createAppUser, createCompanyRow, createContactRow } from '../support/row-factories.js';
import { unreachable } from '../support/reach.js';

const app = useBrowserApp();
mkdirSync('test-results', { recursive: true });

describe.skipIf(!browserAvailable)('command palette in Chromium', () => {
  it('Ctrl+K and "/" open it anywhere; arrows and Enter jump to a user and to a contact with their details open', async () => {
    const marker = `Atalho${Date.now() % 100000}`;
    const company = await createCompanyRow(app.sut, { fantasia: `${marker} Implementos`, razao: `${marker} Implementos Agrícolas LTDA` });
    const user = await createAppUser(app.sut, { firstname: 'Valdir', lastname: `${marker} Arruda`, enterpriseId: company.enterpriseId });
    const contact = await createContactRow(app.sut, { nome: `Celina ${marker}`, email: 'celina@fazendaboa.com.br' });

    const { page, close, errors } = await openAdminPage(app, '/admin/dashboard', 'Dashboard');
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Buscar em tudo' });
    const box = palette.getByRole('combobox', { name: 'Buscar empresas, usuários e contatos' });
    await expect.poll(() => box.evaluate((element) => element === document.activeElement)).toBe(true);
    await box.fill(marker);
    // Grouped by kind: the company (by its name), the user (by the company's name too) and the message.
    await palette
      .getByRole('group', { name: 'Empresas' })
      .getByRole('option', { name: new RegExp(`${marker} Implementos`) })
      .waitFor();
    await palette
      .getByRole('group', { name: 'Usuários do App' })
      .getByRole('option', { name: new RegExp(`Valdir ${marker} Arruda`) })
      .waitFor();
    await palette
      .getByRole('group', { name: 'Contatos' })
      .getByRole('option', { name: new RegExp(`Celina ${marker}`) })
      .waitFor();
    await page.screenshot({ path: 'test-results/admin-palette-1440.png' });
    expect(await unreachable(page, '[role="dialog"]')).toEqual([]);

    // First option is the company; one ArrowDown reaches the user; Enter opens it.
    expect(await palette.getByRole('option', { selected: true }).innerText()).toContain(`${marker} Implementos`);
    await box.press('ArrowDown');
    expect(await palette.getByRole('option', { selected: true }).innerText()).toContain(`Valdir ${marker} Arruda`);
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === '/admin/usuarios' && url.searchParams.get('abrir') === String(user.userId));
    const details = page.getByRole('dialog', { name: 'Detalhes do Usuário' });
    await details.getByText(`${marker} Arruda`).waitFor();
    await details.getByRole('button', { name: 'Fechar' }).first().click();
    await page.waitForURL((url) => url.pathname === '/admin/usuarios' && !url.searchParams.has('abrir'));
    await page.reload();
    await page.getByRole('heading', { name: 'Usuários do App', level: 1 }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);

    // "/" outside a field opens it too; Esc closes it and gives the focus back.
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await page.keyboard.press('/');
    await box.waitFor();
    await box.press('Escape');
    expect(await palette.count()).toBe(0);
    await page.keyboard.press('/');
    await box.fill(`celina ${marker.toLowerCase()}`);
    await palette.getByRole('option', { name: new RegExp(`Celina ${marker}`) }).waitFor();
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === '/admin/contato' && url.searchParams.get('abrir') === String(contact.id));
    await page.getByRole('dialog', { name: 'Detalhes do Contato' }).getByText('celina@fazendaboa.com.br').waitFor();

    // Typing "/" in a field types it; nothing found says so.
    await page.getByRole('dialog', { name: 'Detalhes do Contato' }).getByRole('button', { name: 'Fechar' }).first().click();
    await page.keyboard.press('Control+k');
    await box.fill('zzqqxx semresultado');
    await palette.getByText('Nada encontrado para “zzqqxx semresultado”.').waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('on a phone the header button opens it and a tap jumps to the company', async () => {
    const marker = `Toque${Date.now() % 100000}`;
    const company = await createCompanyRow(app.sut, { fantasia: `${marker} Sementes`, razao: `${marker} Sementes LTDA` });
    const { page, close, errors } = await openAdminPage(app, '/admin/usuarios', 'Usuários do App', 390);
    const opener = page.getByRole('button', { name: 'Buscar…' });
    expect(await unreachable(page, 'header')).toEqual([]);
    await opener.click();
    const palette = page.getByRole('dialog', { name: 'Buscar em tudo' });
    await palette.getByRole('combobox').fill(marker);
    const option = palette.getByRole('option', { name: new RegExp(`${marker} Sementes`) });
    await option.waitFor();
    expect(await unreachable(page, '[role="dialog"]')).toEqual([]);
    await page.screenshot({ path: 'test-results/admin-palette-390.png' });
    await option.click();
    await page.waitForURL((url) => url.pathname === '/admin/empresas' && url.searchParams.get('abrir') === String(company.enterpriseId));
    await page.getByRole('dialog', { name: 'Detalhes da Empresa' }).getByText(`${marker} Sementes LTDA`).waitFor();
    expect(errors).toEqual([]);
    await close();
  });
});
