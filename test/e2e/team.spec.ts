import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import request from 'supertest';
import { IpsService } from '../../src/ips/ips.service.js';
import { bearer, loginAs, nextTestIp, totpCode } from '../support/admin-session.js';
import { wcagViolations } from '../support/axe.js';
import { browserAvailable, browserFrom, openAdminPage, useBrowserApp } from '../support/browser.js';
import { unreachable } from '../support/reach.js';

const app = useBrowserApp();

/** No WCAG 2.2 AA violation where the page is now (`what` names the state in the failure). */
async function expectAccessible(page: Page, what: string) {
  expect(await wcagViolations(page), what).toEqual([]);
}

describe.skipIf(!browserAvailable)('the team runs itself', () => {
  for (const width of [390, 1440]) {
    it(`invite → set the password → log in → the master ends that session → the colleague's page goes to login (${width} px)`, async () => {
      const master = await openAdminPage(app, '/admin/equipe', 'Equipe', width, 'master');
      const { page } = master;
      await expectAccessible(page, 'Equipe');
      expect(await unreachable(page, 'main, header'), `Equipe at ${width} px`).toEqual([]);

      // Invite a gestor: the dialog, then the one-time link shown once.
      const username = `colega.${width}.${Date.now() % 100000}`;
      const nome = `Joana Conceição ${width}`;
      await page.getByRole('button', { name: 'Convidar colega' }).click();
      const invite = page.getByRole('dialog', { name: 'Convidar colega' });
      await invite.waitFor();
      await expectAccessible(page, 'the invitation dialog');
      await invite.getByLabel('Nome').fill(nome);
      await invite.getByLabel('Usuário').fill(username);
      await invite.getByLabel('Papel').selectOption('gestor');
      await invite.getByRole('button', { name: 'Convidar' }).click();
      const linkDialog = page.getByRole('dialog', { name: 'Convite criado' });
      await linkDialog.waitFor();
      // The list reloads behind the dialog: measured once the new colleague is in it.
      const card = width < 1280 ? page.locator('[data-list="cards"] li', { hasText: nome }) : page.locator('[data-list="table"] tbody tr', { hasText: nome });
      await card.waitFor();
      await expectAccessible(page, 'the link dialog');
      const url = new URL(await linkDialog.getByLabel('Link de senha').inputValue());
      expect(url.pathname).toBe('/admin/convite');
      await linkDialog.getByRole('button', { name: 'Concluir' }).click();

      // Every action of every row or card stays whole and in view, the new colleague's included.
      expect(await unreachable(page, 'main, header'), `Equipe with the invitation at ${width} px`).toEqual([]);
      await expect.poll(() => card.getByText('Convite pendente').count()).toBe(1);

      // The colleague, from an address authorized for gestores, sets the password at the link and logs in.
      const ip = nextTestIp();
      const { twofa } = await app.sut.app.get(IpsService).create({ ip, targetRole: 'gestor' }, null);
      const colleague = await browserFrom(app.browser, ip, width);
      const other = colleague.page;
      await other.goto(`${app.baseUrl}${url.pathname}${url.search}`);
      await other.getByRole('heading', { name: 'Definir senha do painel' }).waitFor();
      expect(await other.getByText(username).count()).toBeGreaterThan(0);
      await expectAccessible(other, 'the Convite page');
      await other.locator('#senha').fill('curta');
      await other.locator('#confirmacao').fill('curta');
      await other.getByRole('button', { name: 'Definir senha' }).click();
      await other.locator('#senha-erro', { hasText: 'A senha deve ter pelo menos 12 caracteres.' }).waitFor();
      expect(await other.getByRole('alert').count()).toBe(0);
      await expectAccessible(other, 'the Convite page with an error');
      const password = 'Trator-Verde-Colheita-7';
      await other.locator('#senha').fill(password);
      await other.locator('#confirmacao').fill(password);
      await other.getByRole('button', { name: 'Definir senha' }).click();
      await other.getByText('Senha definida.').waitFor();
      await other.getByRole('link', { name: 'Ir para o login' }).click();
      await other.waitForURL(/\/admin\/login/);
      await other.getByLabel('Usuário').fill(username);
      await other.getByLabel('Senha', { exact: true }).fill(password);
      await other.getByLabel('2FA').fill(await totpCode(twofa.secret));
      await other.getByRole('button', { name: 'Entrar' }).click();
      await other.waitForURL(/\/admin\/dashboard/);
      await other.goto(`${app.baseUrl}/admin/perfil`);
      await other.getByRole('heading', { name: 'Meu perfil', level: 1 }).waitFor();
      await expectAccessible(other, 'Meu perfil');
      expect(await unreachable(other, 'main, header'), `Meu perfil at ${width} px`).toEqual([]);

      // The master sees the session, opens it and ends it.
      await page.reload();
      await card.waitFor();
      await expect.poll(() => card.getByText('Ativo', { exact: true }).count()).toBe(1);
      await card.getByRole('button', { name: `Editar ${nome}` }).click();
      await page.getByRole('dialog', { name: 'Editar colega' }).waitFor();
      await expectAccessible(page, 'the edit dialog');
      await page.getByRole('button', { name: 'Cancelar' }).click();
      await card.getByRole('button', { name: `Desativar ${nome}` }).click();
      const confirm = page.getByRole('dialog', { name: 'Desativar colega' });
      await confirm.getByText(`Desativar ${nome}?`, { exact: false }).waitFor();
      await expectAccessible(page, 'the Desativar confirmation');
      await confirm.getByRole('button', { name: 'Cancelar' }).click();

      await card.getByRole('button', { name: `Sessões de ${nome}`, exact: true }).click();
      const sessions = page.getByRole('dialog', { name: `Sessões de ${nome}` });
      await sessions.getByText(ip).waitFor();
      await expectAccessible(page, 'the sessions dialog');
      await sessions.getByRole('button', { name: /^Encerrar a sessão/ }).click();
      const endConfirm = page.getByRole('dialog', { name: 'Encerrar sessão' });
      await endConfirm.getByText(nome, { exact: false }).waitFor();
      await expectAccessible(page, 'the Encerrar confirmation');
      await endConfirm.getByRole('button', { name: 'Encerrar' }).click();
      await page
        .getByRole('dialog', { name: `Sessões de ${nome}` })
        .getByText('Nenhuma sessão aberta.')
        .waitFor();

      // The colleague's open page goes to the login page at once (its live events said the session ended), saying why.
      await other.waitForURL(/\/admin\/login\?reason=sessao_encerrada&next=/);
      await other.getByText(/^Sua sessão foi encerrada/).waitFor();
      expect(colleague.errors).toEqual([]);
      expect(master.errors).toEqual([]);
      await colleague.context.close();
      await master.close();
    });
  }

  it("follows a colleague's invitation live: the row and the pending count arrive without a reload (1440 px)", async () => {
    const { page, close, errors } = await openAdminPage(app, '/admin/equipe?status=convite', 'Equipe', 1440, 'master');
    try {
      await page.locator('[data-ao-vivo="sim"]').waitFor();
      const pending = async () => Number((await page.getByRole('button', { name: /^Convites pendentes/ }).innerText()).match(/\d+/)![0]);
      const before = await pending();
      await page.evaluate(() => ((window as unknown as { semRecarga?: boolean }).semRecarga = true));
      const colleague = await loginAs(app.sut, 'master');
      const username = `ao.vivo.${Date.now() % 100000}`;
      await request(app.sut.server).post('/api/admin/admins').set(bearer(colleague)).send({ nome: 'Colega Ao Vivo', username, role: 'gestor' }).expect(201);
      await page.locator('[data-row]').filter({ visible: true, hasText: username }).waitFor({ timeout: 5_000 });
      await expect.poll(pending).toBe(before + 1);
      expect(await page.evaluate(() => (window as unknown as { semRecarga?: boolean }).semRecarga)).toBe(true);
      await expectAccessible(page, 'Equipe with the colleague’s invitation');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
