import { mkdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Enterprise } from '../../src/enterprises/enterprise.entity.js';
import { AdminSession } from '../../src/auth/admin-session.entity.js';
import { createAdminFixture, totpCode } from '../support/admin-session.js';
import { wcagViolations } from '../support/axe.js';
import { browserAvailable, browserFrom, logIn, openAdminPage, useBrowserApp } from '../support/browser.js';
import { freshCnpj } from '../support/enterprise-factory.js';
import { sharedStringsBomb, wideHeaderCsv } from '../support/hostile-files.js';
import { createCompanyRow } from '../support/row-factories.js';

// Issue 31: "Importar" on Empresas, the whole dialog, as staff use it with a spreadsheet saved by Excel.
const app = useBrowserApp();
mkdirSync('test-results', { recursive: true });

const cp1252 = (text: string) => Buffer.from(Array.from(text, (char) => char.charCodeAt(0)));
const formatCnpj = (digits: string) => `${digits.slice(0, 2)}.${digits.slice(2, 5)}.${digits.slice(5, 8)}/${digits.slice(8, 12)}-${digits.slice(12)}`;

/** Every button of the open dialog inside the viewport's width. */
async function buttonsInside(page: import('playwright-core').Page, width: number): Promise<string[]> {
  const outside: string[] = [];
  for (const button of await page.getByRole('dialog').getByRole('button').all()) {
    const box = await button.boundingBox();
    if (!box || box.x < 0 || box.x + box.width > width + 0.5) outside.push((await button.innerText()) || 'sem nome');
  }
  return outside;
}

describe.skipIf(!browserAvailable)('importing companies, in Chromium', () => {
  for (const width of [390, 1440]) {
    it(`uploads a spreadsheet, maps and previews it, imports it and downloads the failed rows (${width} px)`, async () => {
      const marker = `Importada${width}`;
      const good = [freshCnpj(), freshCnpj()];
      const csv = [
        'CNPJ;Nome Fantasia;Razão Social;Cidade;UF',
        `${formatCnpj(good[0])};${marker} Conceição;${marker} Conceição Máquinas Ltda;Londrina;PR`,
        `${formatCnpj(good[1])};${marker} Araújo;${marker} Araújo Peças Ltda;São Paulo;SP`,
        `11.222.333/0001-82;${marker} Errada;Errada Ltda;Londrina;PR`,
      ].join('\r\n');
      const { page, close, errors } = await openAdminPage(app, '/admin/empresas', 'Empresas', width);
      try {
        await page.getByRole('button', { name: 'Importar' }).click();
        const dialog = page.getByRole('dialog', { name: 'Importar empresas' });
        await dialog.waitFor();
        expect(await wcagViolations(page), 'the file step').toEqual([]);
        await dialog.getByLabel('Planilha').setInputFiles({ name: 'empresas.csv', mimeType: 'text/csv', buffer: cp1252(csv) });
        await dialog.getByRole('button', { name: 'Enviar planilha' }).click();

        await dialog.getByText('Prévia das primeiras 3 linhas: 1 com erro').waitFor();
        expect(await dialog.getByLabel('CNPJ').inputValue()).toBe('0');
        await dialog.getByText(`${marker} Conceição`, { exact: false }).first().waitFor();
        await dialog.getByText('CNPJ: CNPJ inválido').waitFor();
        expect(await buttonsInside(page, width)).toEqual([]);
        expect(await wcagViolations(page), 'the mapping and preview').toEqual([]);
        await page.screenshot({ path: `test-results/importar-previa-${width}.png`, fullPage: true });
        await dialog.getByRole('button', { name: 'Continuar' }).click();

        await dialog.getByRole('radio', { name: 'Criar novos e atualizar existentes' }).check();
        await dialog.getByText('1 das 3 primeiras têm erros e não serão importadas', { exact: false }).waitFor();
        await dialog.getByRole('button', { name: 'Importar', exact: true }).click();

        await dialog.getByRole('heading', { name: 'Importação concluída' }).waitFor({ timeout: 15_000 });
        const counts = await dialog.locator('dl > div').allInnerTexts();
        expect(counts.map((text) => text.replace(/\s+/g, ' '))).toEqual(['Criadas 2', 'Atualizadas 0', 'Sem alteração 0', 'Com erro 1']);
        expect(await wcagViolations(page), 'the summary').toEqual([]);
        await page.screenshot({ path: `test-results/importar-resumo-${width}.png`, fullPage: true });
        const download = page.waitForEvent('download');
        await dialog.getByRole('button', { name: 'Baixar linhas com erro' }).click();
        const file = readFileSync(await (await download).path());
        expect(file.toString('utf8')).toContain(`11.222.333/0001-82;${marker} Errada;Errada Ltda;Londrina;PR;4;CNPJ inválido`);

        await dialog.getByRole('button', { name: 'Fechar', exact: true }).last().click();
        await dialog.waitFor({ state: 'detached' });
        expect(await app.sut.dataSource.getRepository(Enterprise).countBy({ cnpj: good[0] })).toBe(1);
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    });
  }
  for (const width of [390, 1440]) {
    it(`tells which limit a hostile spreadsheet passes, at the file field, and takes the next file (${width} px)`, async () => {
      const { page, close, errors } = await openAdminPage(app, '/admin/empresas', 'Empresas', width);
      try {
        await page.getByRole('button', { name: 'Importar' }).click();
        const dialog = page.getByRole('dialog', { name: 'Importar empresas' });
        await dialog.waitFor();
        for (const [name, buffer, message] of [
          ['larga.csv', wideHeaderCsv(2 * 1024 * 1024), 'A linha 1 da planilha tem mais de 200 colunas. Remova as colunas que sobram e envie de novo.'],
          ['bomba.xlsx', sharedStringsBomb(60_000_000), 'O arquivo XLSX se expande mais de 100 vezes ao ser aberto'],
        ] as const) {
          await dialog.getByLabel('Planilha').setInputFiles({ name, mimeType: 'application/octet-stream', buffer });
          await dialog.getByRole('button', { name: 'Enviar planilha' }).click();
          await dialog.getByText(message, { exact: false }).waitFor();
        }
        expect(await buttonsInside(page, width)).toEqual([]);
        expect(await wcagViolations(page), 'the refused file').toEqual([]);
        await page.screenshot({ path: `test-results/importar-limite-${width}.png`, fullPage: true });
        await dialog.getByLabel('Planilha').setInputFiles({
          name: 'certa.csv',
          mimeType: 'text/csv',
          buffer: Buffer.from(`CNPJ;Nome Fantasia;Razão Social\r\n${freshCnpj()};Depois Agro;Depois Agro Ltda\r\n`),
        });
        await dialog.getByRole('button', { name: 'Enviar planilha' }).click();
        await dialog.getByText('Prévia das primeiras 1 linhas: todas corretas').waitFor();
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    });
  }
  it('shows the summary of an import that ended, with its events, before the answer to its start arrived (1440 px)', async () => {
    const { page, close } = await openAdminPage(app, '/admin/empresas', 'Empresas', 1440);
    try {
      // The answer to "iniciar" is held back until the import has ended and its events have gone out.
      await page.route('**/api/admin/importacoes/*/iniciar', async (route) => {
        const response = await route.fetch();
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        await route.fulfill({ response });
      });
      await page.getByRole('button', { name: 'Importar' }).click();
      const dialog = page.getByRole('dialog', { name: 'Importar empresas' });
      await dialog.getByLabel('Planilha').setInputFiles({
        name: 'rapida.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(`CNPJ;Nome Fantasia;Razão Social\r\n${freshCnpj()};Rápida Agro;Rápida Agro Ltda\r\n`),
      });
      await dialog.getByRole('button', { name: 'Enviar planilha' }).click();
      await dialog.getByRole('button', { name: 'Continuar' }).click();
      await dialog.getByRole('button', { name: 'Importar', exact: true }).click();
      await dialog.getByRole('heading', { name: 'Importação concluída' }).waitFor({ timeout: 5_000 });
      expect((await dialog.locator('dl > div').allInnerTexts()).map((text) => text.replace(/\s+/g, ' '))).toContain('Criadas 1');
    } finally {
      await close();
    }
  });
  it('imports app users from the Usuários do App page with the same dialog (1440 px)', async () => {
    const { page, close } = await openAdminPage(app, '/admin/usuarios', 'Usuários do App', 1440);
    try {
      await page.getByRole('button', { name: 'Importar' }).click();
      const dialog = page.getByRole('dialog', { name: 'Importar usuários' });
      await dialog.getByLabel('Planilha').setInputFiles({
        name: 'usuarios.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from('Nome;Sobrenome;Email\r\nJoana;Importada;joana.importada@fazenda.com.br\r\n'),
      });
      await dialog.getByRole('button', { name: 'Enviar planilha' }).click();
      await dialog.getByText('Prévia das primeiras 1 linhas: todas corretas').waitFor();
      expect(await wcagViolations(page), 'the users mapping').toEqual([]);
      await dialog.getByRole('button', { name: 'Continuar' }).click();
      await dialog.getByText('O que fazer com os usuários que já existem (mesmo e-mail ou CPF)').waitFor();
      await dialog.getByRole('button', { name: 'Importar', exact: true }).click();
      await dialog.getByRole('heading', { name: 'Importação concluída' }).waitFor({ timeout: 15_000 });
      await dialog.getByRole('button', { name: 'Fechar', exact: true }).last().click();
      await page.getByText('joana.importada@fazenda.com.br').first().waitFor();
    } finally {
      await close();
    }
  });
  it('asks for the 2FA code when the confirmation has expired, and then starts the import (1440 px)', async () => {
    const gestor = await createAdminFixture(app.sut, 'gestor');
    const { context, page, errors } = await browserFrom(app.browser, gestor.ip, 1440);
    try {
      await page.goto(`${app.baseUrl}/admin/login?next=${encodeURIComponent('/admin/empresas')}`);
      await logIn(page, gestor);
      await page.waitForURL(`${app.baseUrl}/admin/empresas`);
      const company = await createCompanyRow(app.sut, { fantasia: 'Passo Extra Agro', razao: 'Passo Extra Agro Ltda' });
      await page.getByRole('button', { name: 'Importar' }).click();
      const dialog = page.getByRole('dialog', { name: 'Importar empresas' });
      await dialog.getByLabel('Planilha').setInputFiles({
        name: 'inativar.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(`CNPJ;Nome Fantasia;Razão Social;Status\r\n${company.cnpj};Passo Extra Agro;Passo Extra Agro Ltda;Inativa\r\n`),
      });
      await dialog.getByRole('button', { name: 'Enviar planilha' }).click();
      await dialog.getByRole('button', { name: 'Continuar' }).click();
      await dialog.getByRole('radio', { name: 'Criar novos e atualizar existentes' }).check();
      // The login's confirmation is older than STEP_UP_MINUTES.
      const jti = await page.evaluate(() => JSON.parse(atob((localStorage.getItem('adminToken') ?? '').split('.')[1])).jti as string);
      await app.sut.dataSource.getRepository(AdminSession).update({ jti }, { confirmedAt: new Date(Date.now() - 11 * 60_000) });
      await dialog.getByRole('button', { name: 'Importar', exact: true }).click();

      // The start waits for the code; nothing has changed meanwhile.
      const confirm = page.getByRole('dialog', { name: 'Confirme sua identidade' });
      await confirm.waitFor();
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('confirmar-otp');
      expect((await app.sut.dataSource.getRepository(Enterprise).findOneByOrFail({ cnpj: company.cnpj })).ativo).toBe(1);
      await confirm.getByLabel('Código 2FA').fill(await totpCode(gestor.secret, 1));
      await confirm.getByRole('button', { name: 'Confirmar' }).click();
      await confirm.waitFor({ state: 'detached' });

      await dialog.getByRole('heading', { name: 'Importação concluída' }).waitFor({ timeout: 15_000 });
      expect((await dialog.locator('dl > div').allInnerTexts()).map((text) => text.replace(/\s+/g, ' '))).toContain('Atualizadas 1');
      expect((await app.sut.dataSource.getRepository(Enterprise).findOneByOrFail({ cnpj: company.cnpj })).ativo).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
  it('runs the whole dialog by keyboard alone, axe-clean at the confirm and summary steps (1440 px)', async () => {
    const { page, close } = await openAdminPage(app, '/admin/empresas', 'Empresas', 1440);
    try {
      const cnpj = freshCnpj();
      await page.getByRole('button', { name: 'Importar' }).focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Importar empresas' });
      await dialog.waitFor();
      // The chooser of the operating system is not the page's: the file is given as a keyboard user would pick it.
      await dialog.getByLabel('Planilha').setInputFiles({
        name: 'teclado.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(`CNPJ;Nome Fantasia;Razão Social\r\n${cnpj};Teclado Agro;Teclado Agro Ltda\r\n`),
      });
      const tabTo = async (name: string) => {
        for (let step = 0; step < 40; step++) {
          await page.keyboard.press('Tab');
          const focused = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
          if (focused === name) return;
        }
        throw new Error(`${name} is not reachable by Tab`);
      };
      await tabTo('Enviar planilha');
      await page.keyboard.press('Enter');
      await dialog.getByText('Prévia das primeiras 1 linhas: todas corretas').waitFor();
      await tabTo('Continuar');
      await page.keyboard.press('Enter');
      await dialog.getByRole('radio', { name: 'Criar novos e atualizar existentes' }).waitFor();
      expect(await wcagViolations(page), 'the confirm step').toEqual([]);
      await tabTo('Importar');
      await page.keyboard.press('Enter');
      await dialog.getByRole('heading', { name: 'Importação concluída' }).waitFor({ timeout: 15_000 });
      expect(await wcagViolations(page), 'the summary').toEqual([]);
      await tabTo('Fechar');
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'detached' });
      expect(await app.sut.dataSource.getRepository(Enterprise).countBy({ cnpj })).toBe(1);
    } finally {
      await close();
    }
  });
});
