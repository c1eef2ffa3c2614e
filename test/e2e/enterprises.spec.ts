import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { EnterpriseBilling } from '../../src/enterprises/enterprise-billing.entity.js';
import { Enterprise } from '../../src/enterprises/enterprise.entity.js';
import { browserAvailable, openAdminPage, useBrowserApp } from '../support/browser.js';
import { freshCnpj } from '../support/enterprise-factory.js';
import { unreachable } from '../support/reach.js';

const app = useBrowserApp();

mkdirSync('test-results', { recursive: true });

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f0e1d50000000049454e44ae426082',
  'hex',
);
const masked = (cnpj: string) => `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`;

const openCompanies = (width = 1440) => openAdminPage(app, '/admin/empresas', 'Empresas', width);

/** The count shown on a status filter button. */
async function filterCount(page: Page, label: string): Promise<number> {
  const text = await page
    .getByRole('group', { name: 'Filtrar por status' })
    .getByRole('button', { name: new RegExp(`^${label}`) })
    .innerText();
  return Number(/\d+/.exec(text)?.[0]);
}

async function searchFor(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Buscar empresas' }).fill(text);
  await page.getByRole('searchbox', { name: 'Buscar empresas' }).press('Enter');
  await page.waitForURL((url) => (url.searchParams.get('busca') ?? '') === text);
}

describe.skipIf(!browserAvailable)('companies screen in Chromium', () => {
  it('creates a company with an uploaded logo and a billing address, edits it, finds it and moves it between the filters', async () => {
    const { page, close, errors } = await openCompanies();
    const marker = `Cerrado${Date.now() % 100000}`;
    const cnpj = freshCnpj();

    expect(await page.getByRole('button', { name: /^Ativos/ }).getAttribute('aria-pressed')).toBe('true');
    const ativosBefore = await filterCount(page, 'Ativos');
    const inativosBefore = await filterCount(page, 'Inativos');

    await page.getByRole('button', { name: 'Nova Empresa' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova Empresa' });
    await dialog.waitFor();
    await dialog.getByLabel('Razão Social').fill(`${marker} Implementos Agrícolas LTDA`);
    await dialog.getByLabel('Nome Fantasia').fill(`${marker} Implementos`);

    // CNPJ: the mask, 'CNPJ inválido' after blur, Salvar disabled while invalid.
    await dialog.getByLabel('CNPJ').fill(`${cnpj.slice(0, 13)}${(Number(cnpj[13]) + 1) % 10}`);
    await dialog.getByLabel('Inscrição Estadual').click();
    await dialog.getByText('CNPJ inválido').waitFor();
    expect(await dialog.getByRole('button', { name: 'Salvar' }).isDisabled()).toBe(true);
    await dialog.getByLabel('CNPJ').fill(cnpj);
    expect(await dialog.getByLabel('CNPJ').inputValue()).toBe(masked(cnpj));
    await expect.poll(() => dialog.getByText('CNPJ inválido').count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Salvar' }).isDisabled()).toBe(false);

    await dialog.getByLabel('Inscrição Estadual').fill('isento');
    expect(await dialog.getByLabel('Inscrição Estadual').inputValue()).toBe('ISENTO');
    await dialog.getByLabel('Telefone').fill('44998765432');
    expect(await dialog.getByLabel('Telefone').inputValue()).toBe('(44) 99876-5432');
    await dialog.getByLabel('CEP', { exact: true }).fill('87013000');
    expect(await dialog.getByLabel('CEP', { exact: true }).inputValue()).toBe('87013-000');
    await dialog.getByLabel('Endereço', { exact: true }).fill('Avenida Colombo');
    await dialog.getByLabel('Número', { exact: true }).fill('5000');
    await dialog.getByLabel('Bairro', { exact: true }).fill('Zona 7');
    await dialog.getByRole('combobox', { name: 'Cidade', exact: true }).fill('maringa');
    await dialog.getByRole('option', { name: 'Maringá - PR' }).click();
    await dialog.getByLabel('Email').fill(`contato@${marker.toLowerCase()}.com.br`);

    // A new logo: upload mode with preview, 'Enviar Logo', the success text.
    await dialog.getByLabel('Não encontrei minha logo').check();
    await dialog.locator('input[type=file]').setInputFiles({ name: 'minha-logo.png', mimeType: 'image/png', buffer: PNG });
    await dialog.getByRole('img', { name: 'Pré-visualização da logo' }).waitFor();
    await dialog.getByRole('button', { name: 'Enviar Logo' }).click();
    await dialog.getByText('Logo enviada com sucesso! Preview atualizado.').waitFor();
    await dialog.getByRole('img', { name: 'Logo minha-logo' }).waitFor();
    // The success text clears and the upload mode closes after 2 s.
    await expect.poll(() => dialog.getByLabel('Não encontrei minha logo').isChecked(), { timeout: 4000 }).toBe(false);
    expect(await dialog.getByText('Logo enviada com sucesso! Preview atualizado.').count()).toBe(0);

    // Representada: pick from the manufacturers' grid, with its search and count.
    await dialog.getByRole('group', { name: 'Logo Representada' }).getByPlaceholder('Buscar logo... (clique para ver todas)').fill('deere');
    await dialog.getByText('1 logo(s) encontrada(s)').waitFor();
    await dialog.getByRole('button', { name: 'John Deere' }).click();

    // A different billing address.
    await dialog.getByLabel('Endereço diferente').check();
    await dialog.getByText('As alterações serão salvas junto com a empresa.').waitFor();
    await dialog.getByLabel('Endereço (Cobrança)').fill('Rua das Palmeiras');
    await dialog.locator('#empresa-cobranca_cep').fill('78890000');
    await dialog.getByRole('combobox', { name: 'Cidade (Cobrança)' }).fill('sorriso');
    await dialog.getByRole('option', { name: 'Sorriso - MT' }).click();
    await page.screenshot({ path: 'test-results/admin-empresas-form-1440.png' });

    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Empresa cadastrada com sucesso!').waitFor();
    await expect.poll(() => dialog.count()).toBe(0);

    const stored = await app.sut.dataSource.getRepository(Enterprise).findOneByOrFail({ cnpj });
    expect(stored).toMatchObject({
      fantasia: `${marker} Implementos`,
      inscricaoEstadual: 'ISENTO',
      fone: '44998765432',
      cep: '87013000',
      cityId: 4115200,
      representadaLogo: 'john-deere.svg',
      ativo: 1,
    });
    expect(stored.logo).toMatch(/^[0-9a-f-]{36}\.png$/);
    await expect
      .poll(() => app.sut.dataSource.getRepository(EnterpriseBilling).findOneBy({ enterpriseId: stored.enterpriseId }))
      .toMatchObject({ endereco: 'Rua das Palmeiras', cep: '78890000', cityId: 5107925 });
    await expect.poll(() => filterCount(page, 'Ativos')).toBe(ativosBefore + 1);

    // Found by CNPJ digits and by the city written without its accent.
    await searchFor(page, cnpj.slice(0, 8));
    await page.getByRole('cell', { name: masked(cnpj) }).waitFor();
    await searchFor(page, `${marker} maringa`);
    await page.getByRole('cell', { name: 'Maringá - PR' }).waitFor();
    expect(await page.locator('tbody tr').count()).toBe(1);
    await page.screenshot({ path: 'test-results/admin-empresas-1440.png', fullPage: true });

    // Edit: the billing address comes back as 'Endereço diferente', prefilled.
    await page.getByRole('button', { name: `Editar ${marker} Implementos` }).click();
    const edit = page.getByRole('dialog', { name: 'Editar Empresa' });
    await expect.poll(() => edit.getByLabel('Endereço (Cobrança)').inputValue()).toBe('Rua das Palmeiras');
    expect(await edit.getByLabel('Endereço diferente').isChecked()).toBe(true);
    await edit.getByLabel('Nome Fantasia').fill(`${marker} Implementos Matriz`);
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Empresa atualizada com sucesso!').waitFor();
    await page.getByRole('button', { name: `${marker} Implementos Matriz`, exact: true }).waitFor();

    // Details: a row click opens them, the action buttons do not.
    await page.locator('tbody tr').first().locator('td').nth(3).click();
    const details = page.getByRole('dialog', { name: 'Detalhes da Empresa' });
    await details.getByText('Usuários Vinculados (0)').waitFor();
    await details.getByText('Nenhum usuário vinculado a esta empresa.').waitFor();
    await details.getByText('Avenida Colombo, 5000').waitFor();
    await details.getByRole('button', { name: 'Fechar', exact: true }).first().click();

    // Deactivate: confirmation, it leaves Ativos, the counts follow, and it is under Inativos.
    await page.getByRole('button', { name: `Desativar ${marker} Implementos Matriz` }).click();
    await page.getByText(`Deseja desativar a empresa ${marker} Implementos Matriz?`).waitFor();
    expect(await page.getByRole('dialog', { name: 'Detalhes da Empresa' }).count()).toBe(0);
    await page.getByRole('dialog').getByRole('button', { name: 'Desativar' }).click();
    await page.getByText('Empresa desativada com sucesso!').waitFor();
    await page.getByText('Nenhuma empresa encontrada.').waitFor();
    await searchFor(page, '');
    await expect.poll(() => filterCount(page, 'Ativos')).toBe(ativosBefore);
    await expect.poll(() => filterCount(page, 'Inativos')).toBe(inativosBefore + 1);
    await page.getByRole('button', { name: /^Inativos/ }).click();
    await page.waitForURL((url) => url.searchParams.get('status') === 'inativos');
    await page.getByRole('button', { name: `${marker} Implementos Matriz`, exact: true }).waitFor();
    expect((await app.sut.dataSource.getRepository(Enterprise).findOneByOrFail({ cnpj })).ativo).toBe(0);

    // The list state lives in the URL: a reload keeps it.
    await page.reload();
    await page.getByRole('button', { name: `${marker} Implementos Matriz`, exact: true }).waitFor();
    expect(await page.getByRole('button', { name: /^Inativos/ }).getAttribute('aria-pressed')).toBe('true');
    expect(errors).toEqual([]);
    await close();
  });

  it('keeps Tab inside the form modal, ignores Escape, and locks the page scroll', async () => {
    const { page, close } = await openCompanies();
    await page.getByRole('button', { name: 'Nova Empresa' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova Empresa' });
    await dialog.waitFor();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
    for (let index = 0; index < 60; index++) {
      await page.keyboard.press(index % 7 === 0 ? 'Shift+Tab' : 'Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await page.waitForTimeout(200);
    expect(await dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
    await close();
  });

  it('shows cards, not the table, and the whole form on a phone', async () => {
    const total = await app.sut.dataSource.getRepository(Enterprise).count();
    const { page, close, errors } = await openCompanies(390);
    await page.getByRole('button', { name: /^Todos/ }).click();
    await page.waitForURL((url) => url.searchParams.get('status') === 'todos');
    await expect.poll(() => page.locator('[data-list="cards"] li').count()).toBe(Math.min(total, 20));
    expect(await page.locator('[data-list="table"]').evaluate((table) => getComputedStyle(table).display)).toBe('none');
    expect(await unreachable(page, 'main, header')).toEqual([]);
    await page.screenshot({ path: 'test-results/admin-empresas-390.png', fullPage: true });
    await page.getByRole('button', { name: 'Nova Empresa' }).click();
    const form = page.getByRole('dialog', { name: 'Nova Empresa' });
    await form.getByLabel('Razão Social').waitFor();
    expect(await unreachable(page, '[role="dialog"]')).toEqual([]);
    for (const label of ['Razão Social', 'Nome Fantasia', 'CNPJ', 'Inscrição Estadual', 'Telefone', 'Endereço', 'CEP'])
      expect(await form.getByLabel(new RegExp(`^${label}\\s*\\*?$`)).count(), label).toBe(1);
    await page.screenshot({ path: 'test-results/admin-empresas-form-390.png' });
    expect(errors).toEqual([]);
    await close();
  });
});
