import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Download, Page } from 'playwright-core';
import { In } from 'typeorm';
import { Enterprise } from '../../src/enterprises/enterprise.entity.js';
import { AuthorizedIp } from '../../src/ips/authorized-ip.entity.js';
import { createAdminFixture, totpCode } from '../support/admin-session.js';
import { browserAvailable, browserFrom, LOOPBACK_IP, useBrowserApp } from '../support/browser.js';
import { createCompanyRow } from '../support/row-factories.js';
import { tabTo } from '../support/reach.js';

const app = useBrowserApp();

/** The element that has the focus, described by its id and accessible attributes. */
function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    const describedBy = element?.getAttribute('aria-describedby');
    return {
      id: element?.id ?? '',
      invalid: element?.getAttribute('aria-invalid') ?? null,
      description: describedBy ? (document.getElementById(describedBy)?.textContent ?? null) : null,
    };
  });
}

describe.skipIf(!browserAvailable)('the daily flows with the keyboard alone', () => {
  it('log in, create a company (a refused save puts the focus on the field at fault), edit it, deactivate three in bulk, export them, add an IP', async () => {
    const marker = `Tecla${Date.now() % 100000}`;
    const taken = await createCompanyRow(app.sut, { fantasia: `${marker} Existente`, razao: `${marker} Existente LTDA` });
    const trio: Enterprise[] = [];
    for (const name of ['Alfa', 'Beta', 'Gama']) trio.push(await createCompanyRow(app.sut, { fantasia: `${marker} ${name}`, razao: `${marker} ${name} LTDA` }));
    // From the loopback address: Chromium's downloads leave without the context's X-Forwarded-For.
    const admin = await createAdminFixture(app.sut, 'master', LOOPBACK_IP);
    const { page, context, errors } = await browserFrom(app.browser, admin.ip, 1440);
    try {
      // Log in.
      await page.goto(`${app.baseUrl}/admin/login`);
      await tabTo(page, page.getByLabel('Usuário'));
      await page.keyboard.type(admin.username);
      await tabTo(page, page.getByLabel('Senha', { exact: true }));
      await page.keyboard.type(admin.password);
      await tabTo(page, page.getByLabel('2FA'));
      await page.keyboard.type(await totpCode(admin.secret));
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/admin\/dashboard/);

      // Create a company, first with a CNPJ already registered: the save is refused and the focus is on the CNPJ,
      // marked invalid and described by its error.
      await page.goto(`${app.baseUrl}/admin/empresas?status=todos&busca=${marker}`);
      await page.locator('main h1').waitFor();
      await tabTo(page, page.getByRole('button', { name: 'Nova Empresa' }));
      await page.keyboard.press('Enter');
      const form = page.getByRole('dialog', { name: 'Nova Empresa' });
      await form.waitFor();
      await tabTo(page, form.getByLabel('Razão Social'));
      await page.keyboard.type(`${marker} Delta Implementos LTDA`);
      await tabTo(page, form.getByLabel('Nome Fantasia'));
      await page.keyboard.type(`${marker} Delta`);
      await tabTo(page, form.getByLabel('CNPJ'));
      await page.keyboard.type(taken.cnpj!);
      await tabTo(page, form.getByLabel('Buscar Logo', { exact: true }));
      await page.keyboard.type('deere');
      await tabTo(page, form.getByRole('list', { name: 'Logos para Logo' }).getByRole('button', { name: 'John Deere' }));
      await page.keyboard.press('Enter');
      await tabTo(page, form.getByRole('button', { name: 'Salvar' }));
      await page.keyboard.press('Enter');
      await expect.poll(async () => (await focused(page)).id).toBe('empresa-cnpj');
      expect(await focused(page)).toMatchObject({ invalid: 'true', description: 'Já existe uma empresa cadastrada com este CNPJ.' });
      await page.keyboard.press('Control+a');
      await page.keyboard.type('11444777000161');
      await tabTo(page, form.getByRole('button', { name: 'Salvar' }));
      await page.keyboard.press('Enter');
      await page.getByText('Empresa cadastrada com sucesso!').waitFor();
      const created = await app.sut.dataSource.getRepository(Enterprise).findOneByOrFail({ cnpj: '11444777000161' });
      expect(created.fantasia).toBe(`${marker} Delta`);

      // Edit it.
      await page
        .getByRole('button', { name: `${marker} Delta`, exact: true })
        .first()
        .waitFor();
      await tabTo(page, page.getByRole('button', { name: `Editar ${marker} Delta` }).first());
      await page.keyboard.press('Enter');
      const edit = page.getByRole('dialog', { name: 'Editar Empresa' });
      await expect.poll(() => edit.getByLabel('Nome Fantasia').inputValue()).toBe(`${marker} Delta`);
      await tabTo(page, edit.getByLabel('Nome Fantasia'));
      await page.keyboard.press('End');
      await page.keyboard.type(' Matriz');
      await tabTo(page, edit.getByRole('button', { name: 'Salvar' }));
      await page.keyboard.press('Enter');
      await expect
        .poll(async () => (await app.sut.dataSource.getRepository(Enterprise).findOneByOrFail({ enterpriseId: created.enterpriseId })).fantasia)
        .toBe(`${marker} Delta Matriz`);
      await expect.poll(() => edit.count()).toBe(0);

      // Deactivate three in bulk, with one confirmation.
      for (const company of trio) {
        await tabTo(page, page.getByRole('checkbox', { name: `Selecionar ${company.fantasia}` }).first());
        await page.keyboard.press('Space');
      }
      const bar = page.getByRole('region', { name: 'Seleção' });
      await bar.getByText('3 empresas selecionadas').waitFor();
      await tabTo(page, bar.getByRole('button', { name: 'Desativar' }));
      await page.keyboard.press('Enter');
      const confirm = page.getByRole('dialog', { name: 'Desativar empresas' });
      await tabTo(page, confirm.getByRole('button', { name: 'Desativar' }));
      await page.keyboard.press('Enter');
      await expect
        .poll(async () =>
          (await app.sut.dataSource.getRepository(Enterprise).findBy({ enterpriseId: In(trio.map((company) => company.enterpriseId)) })).map((row) =>
            Number(row.ativo),
          ),
        )
        .toEqual([0, 0, 0]);

      // Export the filtered list.
      const downloads: Download[] = [];
      page.on('download', (download) => downloads.push(download));
      await tabTo(page, page.getByRole('button', { name: 'Exportar' }));
      await page.keyboard.press('Enter');
      await tabTo(page, page.getByRole('menuitem', { name: 'CSV (Excel)' }));
      await page.keyboard.press('Enter');
      await expect.poll(() => downloads.length).toBe(1);
      const exported = new URL(downloads[0].url());
      expect(exported.pathname).toBe('/api/admin/enterprises/exportar');
      expect(Object.fromEntries(exported.searchParams)).toMatchObject({ formato: 'csv', status: 'todos', busca: marker });
      expect(downloads[0].suggestedFilename()).toMatch(/\.csv$/);
      const csv = readFileSync((await downloads[0].path())!, 'utf8');
      for (const name of ['Alfa', 'Beta', 'Gama', 'Delta Matriz']) expect(csv).toContain(`${marker} ${name}`);

      // Add an IP, through its 2FA step.
      await page.goto(`${app.baseUrl}/admin/ips`);
      await page.locator('main h1').waitFor();
      await tabTo(page, page.getByRole('button', { name: 'Adicionar IP' }));
      await page.keyboard.press('Enter');
      const add = page.getByRole('dialog', { name: 'Adicionar IP' });
      await tabTo(page, add.getByLabel('Papel dos administradores deste IP'));
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await tabTo(page, add.getByLabel('IP', { exact: true }));
      await page.keyboard.type('198.51.100.77');
      await page.keyboard.press('Enter');
      const setup = page.getByRole('dialog', { name: 'Configurar 2FA' });
      await setup.getByRole('img', { name: 'QR code do 2FA' }).waitFor();
      await tabTo(page, setup.getByRole('button', { name: 'Concluir' }));
      await page.keyboard.press('Enter');
      await expect.poll(() => setup.count()).toBe(0);
      expect(await app.sut.dataSource.getRepository(AuthorizedIp).countBy({ ip: '198.51.100.77' })).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
