import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { browserAvailable, openAdminPage, useBrowserApp } from '../support/browser.js';
import { unreachable } from '../support/reach.js';
import { createCompanyRow } from '../support/row-factories.js';

const app = useBrowserApp();
mkdirSync('test-results', { recursive: true });

describe.skipIf(!browserAvailable)('sorting a list in Chromium', () => {
  it('a header click sorts by its column, a second click reverses it; the order is in the URL and survives a reload', async () => {
    const marker = `Ordena${Date.now() % 100000}`;
    for (const [fantasia, cnpj] of [
      ['Bravo', '11444777000161'],
      ['Alfa', '45997418000153'],
      ['Charlie', '04252011000110'],
    ]) {
      await createCompanyRow(app.sut, { fantasia: `${marker} ${fantasia}`, razao: `${marker} ${fantasia} LTDA`, cnpj });
    }
    const { page, close, errors } = await openAdminPage(app, `/admin/empresas?status=todos&busca=${marker}`, 'Empresas', 1440);
    const table = page.locator('[data-list="table"]');
    // Each row's title: the first button of the row (its details).
    const names = () => table.locator('tbody tr').evaluateAll((rows) => rows.map((row) => (row.querySelector('button') as HTMLElement).innerText));
    expect(await names()).toEqual([`${marker} Alfa`, `${marker} Bravo`, `${marker} Charlie`]);
    expect(await table.getByRole('columnheader', { name: 'Fantasia' }).getAttribute('aria-sort')).toBe('ascending');

    await table.getByRole('button', { name: 'CNPJ' }).click();
    await page.waitForURL(/ordem=cnpj&sentido=asc/);
    await expect.poll(names).toEqual([`${marker} Charlie`, `${marker} Bravo`, `${marker} Alfa`]);
    await table.getByRole('button', { name: 'CNPJ' }).click();
    await page.waitForURL(/ordem=cnpj&sentido=desc/);
    await expect.poll(names).toEqual([`${marker} Alfa`, `${marker} Bravo`, `${marker} Charlie`]);
    expect(await table.getByRole('columnheader', { name: 'CNPJ' }).getAttribute('aria-sort')).toBe('descending');
    expect(await unreachable(page, 'main')).toEqual([]);
    await page.screenshot({ path: 'test-results/admin-ordenar-1440.png' });

    await page.reload();
    await page.getByRole('heading', { name: 'Empresas', level: 1 }).waitFor();
    expect(await names()).toEqual([`${marker} Alfa`, `${marker} Bravo`, `${marker} Charlie`]);
    expect(await table.getByRole('columnheader', { name: 'CNPJ' }).getAttribute('aria-sort')).toBe('descending');

    // Phone: the cards have no header; "Ordenar por" and its direction button do the same.
    await page.setViewportSize({ width: 390, height: 844 });
    const cards = () =>
      page.locator('[data-list="cards"] > li').evaluateAll((items) => items.map((item) => (item.querySelector('button') as HTMLElement).innerText));
    const select = page.getByLabel('Ordenar por');
    expect(await select.inputValue()).toBe('cnpj');
    await select.selectOption('fantasia');
    await page.waitForURL((url) => !url.search.includes('ordem='));
    await page.getByRole('button', { name: 'Fantasia: ordem crescente; inverter' }).click();
    await page.waitForURL(/ordem=fantasia&sentido=desc/);
    await expect.poll(async () => (await cards()).length).toBe(3);
    expect((await cards()).map((text) => text.trim())).toEqual([`${marker} Charlie`, `${marker} Bravo`, `${marker} Alfa`]);
    expect(await unreachable(page, 'main')).toEqual([]);
    await page.screenshot({ path: 'test-results/admin-ordenar-390.png' });
    expect(errors).toEqual([]);
    await close();
  });
});
