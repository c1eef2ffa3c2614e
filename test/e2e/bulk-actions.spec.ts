import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Enterprise } from '../../src/enterprises/enterprise.entity.js';
import { AuditEntry } from '../../src/audit/audit-entry.entity.js';
import { browserAvailable, openAdminPage, useBrowserApp } from '../support/browser.js';
import { unreachable } from '../support/reach.js';
import { createCompanyRow } from '../support/row-factories.js';
import { In } from 'typeorm';

const app = useBrowserApp();
mkdirSync('test-results', { recursive: true });

describe.skipIf(!browserAvailable)('bulk actions in Chromium', () => {
  it('ticks the page, selects every result of the search, unticks one and deactivates the rest with one confirmation', async () => {
    const marker = `Massa${Date.now() % 100000}`;
    const companies: Enterprise[] = [];
    for (let index = 0; index < 25; index++) {
      companies.push(await createCompanyRow(app.sut, { fantasia: `${marker} ${String(index).padStart(2, '0')}`, razao: `${marker} ${index} LTDA` }));
    }
    const { page, close, errors } = await openAdminPage(app, `/admin/empresas?status=ativos&busca=${marker}`, 'Empresas', 1440);
    const table = page.locator('[data-list="table"]');
    await table.getByRole('checkbox', { name: 'Selecionar as empresas desta página' }).check();
    const bar = page.getByRole('region', { name: 'Seleção' });
    await expect.poll(() => bar.getByText('20 empresas selecionadas').count()).toBe(1);
    await bar.getByRole('button', { name: 'Selecionar todos os 25 resultados' }).click();
    await expect.poll(() => bar.getByText('Todas as 25 empresas do filtro selecionadas').count()).toBe(1);
    await table.getByRole('checkbox', { name: `Selecionar ${marker} 00` }).uncheck();
    await expect.poll(() => bar.getByText('Todas as 24 empresas do filtro selecionadas').count()).toBe(1);
    expect(await unreachable(page, 'main')).toEqual([]);
    await page.screenshot({ path: 'test-results/admin-lote-1440.png' });

    await bar.getByRole('button', { name: 'Desativar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Desativar empresas' });
    await dialog.getByText('Deseja desativar 24 empresas?').waitFor();
    await dialog.getByRole('button', { name: 'Desativar' }).click();
    await page.getByText('24 empresas desativadas').waitFor();
    // The list (Ativos) reloads: only the unticked company is left, and the selection is gone.
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    expect(await bar.count()).toBe(0);
    const stored = await app.sut.dataSource.getRepository(Enterprise).findBy({ enterpriseId: In(companies.map((row) => row.enterpriseId)) });
    expect(stored.filter((row) => Number(row.ativo) === 1).map((row) => row.enterpriseId)).toEqual([companies[0].enterpriseId]);
    expect(
      await app.sut.dataSource.getRepository(AuditEntry).countBy({ action: 'enterprise.status', targetId: In(companies.map((row) => row.enterpriseId)) }),
    ).toBe(24);

    // Phone: a card's own tick box, and the bar's actions within reach.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${app.baseUrl}/admin/empresas?status=inativos&busca=${marker}`);
    await page.getByRole('heading', { name: 'Empresas', level: 1 }).waitFor();
    const cards = page.locator('[data-list="cards"]');
    // The cards' own "Selecionar esta página" ticks the page; unticked, nothing is selected.
    const pageBox = page.getByRole('checkbox', { name: 'Selecionar as empresas desta página' });
    await pageBox.check();
    await expect.poll(() => bar.getByText('20 empresas selecionadas').count()).toBe(1);
    expect(await bar.getByRole('button', { name: 'Selecionar todos os 24 resultados' }).count()).toBe(1);
    await pageBox.uncheck();
    await expect.poll(() => bar.count()).toBe(0);
    await cards.getByRole('checkbox', { name: `Selecionar ${marker} 01` }).check();
    await cards.getByRole('checkbox', { name: `Selecionar ${marker} 02` }).check();
    await expect.poll(() => bar.getByText('2 empresas selecionadas').count()).toBe(1);
    expect(await unreachable(page, 'main')).toEqual([]);
    await page.screenshot({ path: 'test-results/admin-lote-390.png' });
    await bar.getByRole('button', { name: 'Ativar', exact: true }).click();
    await page.getByRole('dialog', { name: 'Ativar empresas' }).getByRole('button', { name: 'Ativar', exact: true }).click();
    await page.getByText('2 empresas ativadas').waitFor();
    expect(errors).toEqual([]);
    await close();
  });
});
