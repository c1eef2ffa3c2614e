import { In } from 'typeorm';
import { beforeAll, describe, expect, it } from 'vitest';
import { wcagViolations } from '../support/axe.js';
import { browserAvailable, openAdminPage, useBrowserApp } from '../support/browser.js';
import { unreachable } from '../support/reach.js';
import { Reseller, RESELLERS_EXTENSION } from '../support/resellers.resource.js';

/*
 * The page of a resource declared in a test module (resellers): no page of its own, the generic page draws the
 * declaration's columns, tabs, search, sorts, Ativar/Desativar and export, at a phone's width and a desktop's.
 */

const app = useBrowserApp({}, RESELLERS_EXTENSION);
const LONG = `Revenda ${'Agropecuária'.repeat(11)}`.slice(0, 150);

beforeAll(async () => {
  if (!browserAvailable) return;
  await app.sut.dataSource.getRepository(Reseller).insert([
    { nome: 'Cerrado Tratores', cnpj: '22333444000190', ativo: 1 },
    { nome: 'Bela Vista Implementos', cnpj: '33444555000109', ativo: 0 },
    { nome: 'Dourados Peças e Tratores', cnpj: '44555666000118', ativo: 1 },
    { nome: LONG, cnpj: '55666777000127', ativo: 1 },
  ]);
});

describe.skipIf(!browserAvailable)('a declared resource’s page in Chromium', () => {
  it('lists, searches, sorts, deactivates a row and offers the export, axe-clean and within reach at 1440 and 390 px', async () => {
    const { page, close, errors } = await openAdminPage(app, '/admin/revendas', 'Revendas', 1440);
    const table = page.locator('[data-list="table"]');
    await expect.poll(() => table.locator('tbody tr').count()).toBe(4);
    // The tabs count from the kept counts.
    await page
      .getByRole('button', { name: /Inativos/ })
      .getByText('1')
      .waitFor();

    await page.getByRole('searchbox', { name: 'Buscar revendas' }).fill('tratores');
    await page.getByRole('searchbox', { name: 'Buscar revendas' }).press('Enter');
    await page.waitForURL(/busca=tratores/);
    await expect.poll(() => table.locator('tbody tr').count()).toBe(2);

    // Ativar/Desativar of one row, through the declared bulk route.
    await table.getByRole('button', { name: 'Desativar Cerrado Tratores' }).click();
    const dialog = page.getByRole('dialog', { name: 'Desativar revenda' });
    await dialog.getByText('Deseja desativar a revenda Cerrado Tratores?').waitFor();
    await dialog.getByRole('button', { name: 'Desativar' }).click();
    await page.getByText('Revenda desativada com sucesso!').waitFor();
    const stored = await app.sut.dataSource.getRepository(Reseller).findOneByOrFail({ nome: 'Cerrado Tratores' });
    expect(Number(stored.ativo)).toBe(0);

    await page.goto(`${app.baseUrl}/admin/revendas?ordem=cnpj&sentido=desc`);
    await expect.poll(() => table.locator('tbody tr').first().textContent()).toContain(LONG.slice(0, 40));
    expect(await page.getByRole('button', { name: /Exportar/ }).count()).toBe(1);
    await page.screenshot({ path: 'test-results/recurso-1440.png' });
    expect(await wcagViolations(page)).toEqual([]);
    expect(await unreachable(page, 'main')).toEqual([]);

    // The details of a row.
    await table
      .getByRole('button', { name: /Dourados Peças e Tratores/ })
      .first()
      .click();
    const details = page.getByRole('dialog', { name: 'Dourados Peças e Tratores' });
    await details.getByText('44.555.666/0001-18').waitFor();
    expect(await wcagViolations(page, '[role="dialog"]')).toEqual([]);
    await details.getByRole('button', { name: 'Fechar' }).last().click();

    // By keyboard alone: Tab reaches a row's Ativar, Enter opens the dialog and confirms it.
    const focusedName = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '');
    await page.goto(`${app.baseUrl}/admin/revendas?status=inativos`);
    await page.getByRole('heading', { name: 'Revendas', level: 1 }).waitFor();
    let reached = false;
    for (let presses = 0; presses < 60 && !reached; presses++) {
      await page.keyboard.press('Tab');
      reached = (await focusedName()) === 'Ativar Bela Vista Implementos';
    }
    expect(reached, 'Tab reaches the row button').toBe(true);
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Ativar revenda' }).waitFor();
    // Focus stays in the dialog: Tab goes round its buttons to Ativar.
    let confirm = false;
    for (let presses = 0; presses < 6 && !confirm; presses++) {
      await page.keyboard.press('Tab');
      confirm = (await focusedName()).trim() === 'Ativar';
    }
    expect(confirm, "Tab reaches the dialog's Ativar").toBe(true);
    await page.keyboard.press('Enter');
    await page.getByText('Revenda ativada com sucesso!').waitFor();
    expect(Number((await app.sut.dataSource.getRepository(Reseller).findOneByOrFail({ nome: 'Bela Vista Implementos' })).ativo)).toBe(1);

    // A phone: cards, the longest name wraps, everything within reach.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${app.baseUrl}/admin/revendas`);
    await page.getByRole('heading', { name: 'Revendas', level: 1 }).waitFor();
    await expect.poll(() => page.locator('[data-list="cards"] li').count()).toBeGreaterThanOrEqual(4);
    expect(await unreachable(page, 'main')).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await wcagViolations(page)).toEqual([]);
    await page.screenshot({ path: 'test-results/recurso-390.png', fullPage: true });
    expect(errors).toEqual([]);
    const active = await app.sut.dataSource
      .getRepository(Reseller)
      .countBy({ ativo: 1, nome: In(['Dourados Peças e Tratores', LONG, 'Bela Vista Implementos']) });
    expect(active).toBe(3);
    await close();
  });
});
