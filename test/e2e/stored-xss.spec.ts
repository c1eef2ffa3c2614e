import { describe, expect, it } from 'vitest';
import { AuditEntry } from '../../src/audit/audit-entry.entity.js';
import { browserAvailable, openAdminPage, useBrowserApp } from '../support/browser.js';
import { createAppUser, createCompanyRow, createContactRow } from '../support/row-factories.js';

const app = useBrowserApp();

/** Strings that run script if a page ever puts them in as HTML instead of text. */
const HOSTILE = [
  '<img src=x onerror="window.__xss=1">',
  '"><svg onload="window.__xss=2">',
  'javascript:window.__xss=3',
  '<script>window.__xss=4</script>',
  '{{constructor.constructor("window.__xss=5")()}}',
];
const hostile = (index: number) => `${HOSTILE[index % HOSTILE.length]} ${index}`;

async function seedHostileData() {
  const company = await createCompanyRow(app.sut, {
    razao: hostile(0),
    fantasia: hostile(1),
    inscricaoEstadual: 'ISENTO',
    endereco: hostile(2),
    bairro: hostile(3),
    complemento: hostile(4),
    email: 'xss@exemplo.com.br',
    site: 'https://www.exemplo.com.br',
  });
  await createAppUser(app.sut, {
    firstname: hostile(1),
    lastname: hostile(3),
    email: 'xss.user@exemplo.com.br',
    enterpriseId: company.enterpriseId,
    deviceId: hostile(4),
  });
  await Promise.all([
    createContactRow(app.sut, { nome: hostile(0), email: 'xss.contato@exemplo.com.br', mensagem: hostile(2), status: 'pendente' }),
    createContactRow(app.sut, {
      nome: hostile(3),
      email: 'xss.contato2@exemplo.com.br',
      mensagem: hostile(4),
      status: 'respondido',
      responseChannel: 'email',
      respondedAt: new Date(),
    }),
  ]);
  await app.sut.dataSource.getRepository(AuditEntry).insert({
    adminId: null,
    adminUsername: hostile(1),
    ip: '203.0.113.9',
    action: 'enterprise.update',
    targetType: 'enterprise',
    targetId: company.enterpriseId,
    summary: JSON.stringify({ fantasia: hostile(2) }),
  });
}

describe.skipIf(!browserAvailable)('hostile stored text in the admin', () => {
  it('is shown as text in every table, card and modal, and runs nothing', async () => {
    await seedHostileData();
    for (const width of [1440, 390]) {
      const { page, close, errors } = await openAdminPage(app, '/admin/empresas', 'Empresas', width, 'master');
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      const check = async (where: string) => {
        expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss), where).toBeUndefined();
        expect(await page.locator('body svg[onload], body img[onerror]').count(), where).toBe(0);
      };

      await page.getByText(hostile(1), { exact: true }).filter({ visible: true }).first().waitFor();
      await check('empresas list');
      await page
        .getByRole('button', { name: hostile(1), exact: true })
        .filter({ visible: true })
        .first()
        .click();
      await page.getByRole('dialog', { name: 'Detalhes da Empresa' }).getByText(hostile(0)).waitFor();
      await check('empresa details');
      await page.getByRole('dialog').getByRole('button', { name: 'Editar', exact: true }).click();
      await page.getByRole('dialog', { name: 'Editar Empresa' }).waitFor();
      expect(await page.getByLabel('Razão Social').inputValue()).toBe(hostile(0));
      await check('empresa form');
      await page.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click();

      await page.goto(`${app.baseUrl}/admin/usuarios`);
      await page
        .getByText(`${hostile(1)} ${hostile(3)}`)
        .filter({ visible: true })
        .first()
        .waitFor();
      await check('usuarios list');
      await page
        .getByRole('button', { name: `${hostile(1)} ${hostile(3)}`, exact: true })
        .filter({ visible: true })
        .first()
        .click();
      await page.getByRole('dialog', { name: 'Detalhes do Usuário' }).getByText(hostile(4)).waitFor();
      await check('usuario details');
      await page.getByRole('dialog').getByRole('button', { name: 'Editar', exact: true }).click();
      expect(await page.locator('#usuario-firstname').inputValue()).toBe(hostile(1));
      await check('usuario form');

      for (const [status, name, message] of [
        ['pendente', hostile(0), hostile(2)],
        ['respondido', hostile(3), hostile(4)],
      ] as const) {
        await page.goto(`${app.baseUrl}/admin/contato?status=${status}`);
        await page.getByRole('button', { name, exact: true }).filter({ visible: true }).first().waitFor();
        await check(`contatos ${status}`);
        await page.getByRole('button', { name, exact: true }).filter({ visible: true }).first().click();
        await page.getByRole('dialog', { name: 'Detalhes do Contato' }).getByText(message).waitFor();
        await check(`contato ${status} details`);
      }

      await page.goto(`${app.baseUrl}/admin/auditoria`);
      await page.getByText(hostile(1)).filter({ visible: true }).first().waitFor();
      await check('auditoria');
      await page.goto(`${app.baseUrl}/admin/dashboard`);
      await page.getByText(hostile(1)).filter({ visible: true }).first().waitFor();
      await check('dashboard');

      expect(dialogs).toEqual([]);
      expect(errors).toEqual([]);
      await close();
    }
  });
});
