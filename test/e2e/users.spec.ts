import { mkdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AuditEntry } from '../../src/audit/audit-entry.entity.js';
import { AppUser } from '../../src/users/app-user.entity.js';
import { Cargo } from '../../src/users/cargo.entity.js';
import { createAdminFixture, nextTestIp } from '../support/admin-session.js';
import { browserAvailable, browserFrom, logIn, openAdminPage, useBrowserApp } from '../support/browser.js';
import { awaitLink, latestLink } from '../support/outbox.js';
import { unreachable } from '../support/reach.js';
import { createAppUser } from '../support/row-factories.js';

const app = useBrowserApp();
mkdirSync('test-results', { recursive: true });

const createUser = (values: Parameters<typeof createAppUser>[1]) => createAppUser(app.sut, values);

const openUsers = (width = 1440) => openAdminPage(app, '/admin/usuarios', 'Usuários do App', width);

/** Opens an e-mailed link (whatever host the app put in it) on the test server. */
const onTestServer = (link: string) => `${app.baseUrl}${new URL(link).pathname}${new URL(link).search}`;

describe.skipIf(!browserAvailable)('app users in Chromium', () => {
  it('searches, filters by date, edits with an invalid then a valid CPF, sends a reset e-mail and deactivates', async () => {
    const marker = `Cerrado${Date.now() % 100000}`;
    const cargo = await app.sut.dataSource.getRepository(Cargo).findOneByOrFail({ name: 'Comprador' });
    const target = await createUser({
      firstname: 'Lucimara',
      lastname: `${marker} Peçanha`,
      cargoId: cargo.cargoId,
      dateAdded: new Date('2026-05-20T15:00:00Z'),
    });
    await createUser({ firstname: 'Otacílio', lastname: `${marker} Prado`, dateAdded: new Date('2026-06-02T15:00:00Z') });
    const noEmail = await createUser({ firstname: 'Semmail', lastname: `${marker} Lima`, email: null, dateAdded: new Date('2026-06-03T15:00:00Z') });

    const { page, close, errors } = await openUsers();
    await page.getByRole('searchbox', { name: 'Buscar usuários' }).fill(marker);
    await page.getByRole('searchbox', { name: 'Buscar usuários' }).press('Enter');
    await page.waitForURL((url) => url.searchParams.get('busca') === marker);
    await expect.poll(() => page.locator('tbody tr').count()).toBe(3);
    expect(await page.locator('tbody tr', { hasText: 'Lucimara' }).innerText()).toContain('Sem empresa');
    expect(await page.locator('tbody tr', { hasText: 'Lucimara' }).innerText()).toContain('Comprador');

    // Registration days 'De' / 'Até', then 'Limpar'.
    await page.getByLabel('De', { exact: true }).fill('2026-06-01');
    await page.waitForURL((url) => url.searchParams.get('date_from') === '2026-06-01');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(2);
    await page.getByLabel('Até', { exact: true }).fill('2026-06-02');
    await page.waitForURL((url) => url.searchParams.get('date_to') === '2026-06-02');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    await page.getByRole('group', { name: 'Data de cadastro' }).getByRole('button', { name: 'Limpar' }).click();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(3);
    await page.screenshot({ path: 'test-results/admin-usuarios-1440.png', fullPage: true });

    // Edit: 'CPF inválido' after blur, saving blocked with the alert; then a valid CPF saves.
    await page.getByRole('button', { name: `Editar Lucimara ${marker} Peçanha` }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar Usuário' });
    await dialog.getByLabel('CPF').fill('52998224726');
    expect(await dialog.getByLabel('CPF').inputValue()).toBe('529.982.247-26');
    await dialog.getByLabel('Telefone').click();
    await dialog.getByText('CPF inválido', { exact: true }).waitFor();
    const alerts: string[] = [];
    page.once('dialog', (alert) => {
      alerts.push(alert.message());
      void alert.accept();
    });
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect.poll(() => alerts).toEqual(['CPF inválido. Por favor, corrija antes de salvar.']);
    await dialog.getByLabel('CPF').fill('52998224725');
    await dialog.getByLabel('Ramo de Atividade').selectOption({ label: 'Produtor Rural' });
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Usuário atualizado com sucesso!').waitFor();
    await expect.poll(async () => (await app.sut.dataSource.getRepository(AppUser).findOneByOrFail({ userId: target.userId })).cpf).toBe('52998224725');

    // Reset e-mail: staff confirm the recipient first (Cancelar sends nothing); the notice names the recipient
    // and the link's lifetime; the message is in the outbox.
    const resetButton = page.getByRole('button', { name: `Enviar e-mail de redefinição de senha para Lucimara ${marker} Peçanha` });
    await resetButton.click();
    const confirmReset = page.getByRole('dialog', { name: 'Redefinição de senha' });
    await confirmReset.getByText(`Enviar para ${target.email} um link de redefinição de senha de Lucimara ${marker} Peçanha?`).waitFor();
    await confirmReset.getByRole('button', { name: 'Cancelar' }).click();
    expect(await latestLink(app.sut.config.mail.outboxDir, target.email!, '/redefinir-senha')).toBeNull();
    await resetButton.click();
    await confirmReset.getByRole('button', { name: 'Enviar e-mail' }).click();
    const notice = page.getByRole('dialog', { name: 'Email de Redefinição Enviado' });
    await notice.getByText(target.email!).waitFor();
    await notice.getByText('Este link expira em 30 minuto(s).').waitFor();
    expect(await awaitLink(app.sut.config.mail.outboxDir, target.email!, '/redefinir-senha')).toContain('/redefinir-senha?token=');
    await notice.getByRole('button', { name: 'Entendi' }).click();
    await page.getByRole('button', { name: `Enviar e-mail de redefinição de senha para Semmail ${marker} Lima` }).click();
    await page.getByText('Este usuário não possui e-mail cadastrado.').waitFor();
    expect(noEmail.email).toBeNull();

    // Deactivate with the confirmation text.
    await page.getByRole('button', { name: `Desativar Otacílio ${marker} Prado` }).click();
    await page.getByText(`Deseja desativar o usuário Otacílio ${marker} Prado?`).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Desativar' }).click();
    await page.getByText('Usuário desativado com sucesso!').waitFor();
    await page.getByRole('button', { name: /^Inativos/ }).click();
    await page.waitForURL((url) => url.searchParams.get('status') === 'inativos');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    expect(errors).toEqual([]);
    await close();
  });

  it("downloads a user's data copy (LGPD) from the details, at phone and desktop widths, and the trail records it", async () => {
    const marker = `Copia${Date.now() % 100000}`;
    const user = await createUser({ firstname: 'Rosália', lastname: `${marker} Dutra`, cpf: '52998224725' });
    for (const width of [390, 1440]) {
      const { page, close, errors } = await openUsers(width);
      await page.getByRole('searchbox', { name: 'Buscar usuários' }).fill(marker);
      await page.getByRole('searchbox', { name: 'Buscar usuários' }).press('Enter');
      await page.waitForURL((url) => url.searchParams.get('busca') === marker);
      await page
        .getByRole('button', { name: `Rosália ${marker} Dutra`, exact: true })
        .filter({ visible: true })
        .click();
      const details = page.getByRole('dialog', { name: 'Detalhes do Usuário' });
      const button = details.getByRole('button', { name: 'Baixar dados (LGPD)' });
      expect(await unreachable(page, '[role="dialog"]')).toEqual([]);
      await page.screenshot({ path: `test-results/admin-usuario-lgpd-${width}.png` });
      const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
      expect(download.suggestedFilename()).toMatch(new RegExp(`^agromaq-dados-usuario-${user.userId}-\\d{4}-\\d{2}-\\d{2}\\.json$`));
      const copy = JSON.parse(readFileSync((await download.path())!, 'utf8')) as { usuario: { user_id: number; cpf: string } };
      expect(copy.usuario).toMatchObject({ user_id: user.userId, cpf: '52998224725' });
      await page.getByText('Cópia dos dados baixada.').waitFor();
      expect(errors).toEqual([]);
      await close();
    }
    await expect
      .poll(() => app.sut.dataSource.getRepository(AuditEntry).countBy({ action: 'user.data_copy', targetType: 'user', targetId: user.userId }))
      .toBe(2);
  });

  it('a user sets a new password through the e-mailed link, once', async () => {
    const user = await createUser({ firstname: 'Helena', lastname: 'Rocha' });
    const admin = await createAdminFixture(app.sut, 'gestor');
    const { page: adminPage, context: adminContext } = await browserFrom(app.browser, admin.ip);
    await adminPage.goto(`${app.baseUrl}/admin/login`);
    await logIn(adminPage, admin);
    await adminPage.waitForURL(`${app.baseUrl}/admin/dashboard`);
    await adminPage.evaluate(async (id) => {
      const xsrf = decodeURIComponent(
        document.cookie
          .split('; ')
          .find((part) => part.startsWith('XSRF-TOKEN='))
          ?.slice(11) ?? '',
      );
      await fetch(`/api/admin/users/${id}/reset-password`, { method: 'POST', headers: { 'X-XSRF-TOKEN': xsrf, Accept: 'application/json' } });
    }, user.userId);
    await adminContext.close();
    const link = await awaitLink(app.sut.config.mail.outboxDir, user.email!, '/redefinir-senha');

    const { context, page } = await browserFrom(app.browser, nextTestIp(), 390);
    await page.goto(onTestServer(link));
    await page.getByText('Olá, Helena!').waitFor();
    await page.getByLabel('Nova senha', { exact: true }).fill('curta');
    await page.getByLabel('Confirmar nova senha').fill('curta');
    await page.getByRole('button', { name: 'Salvar nova senha' }).click();
    await page.getByText('A senha deve ter de 8 a 128 caracteres, com letras e números.').waitFor();
    await page.getByLabel('Nova senha', { exact: true }).fill('Colheita2026');
    await page.getByLabel('Confirmar nova senha').fill('Colheita2026');
    await page.getByRole('button', { name: 'Salvar nova senha' }).click();
    await page.getByText('Senha alterada! Você já pode entrar no aplicativo com a nova senha.').waitFor();
    await page.screenshot({ path: 'test-results/redefinir-senha-390.png' });
    await page.reload();
    await page.getByText(/Este link já foi usado/).waitFor();
    await context.close();
  });

  it('a user asks to delete the account on /excluir-conta and confirms through the e-mailed link', async () => {
    const user = await createUser({ firstname: 'Gilberto', lastname: 'Nunes', cpf: '52998224725', fone: '43999990000' });
    const { context, page } = await browserFrom(app.browser, nextTestIp(), 390);
    await page.goto(`${app.baseUrl}/excluir-conta`);
    await page.getByLabel('E-mail da conta').fill(user.email!);
    await page.getByLabel('Não sou um robô').check();
    await page.getByRole('button', { name: 'Excluir conta' }).click();
    await page.getByText(/Se existir uma conta com este e-mail, enviamos um link/).waitFor();
    const link = await awaitLink(app.sut.config.mail.outboxDir, user.email!, '/excluir-conta/confirmar');
    expect((await app.sut.dataSource.getRepository(AppUser).findOneByOrFail({ userId: user.userId })).status).toBe(1);

    await page.goto(onTestServer(link));
    await page.getByRole('button', { name: 'Confirmar exclusão' }).click();
    await page.getByText('Pronto: sua conta foi excluída e seus dados pessoais foram apagados.').waitFor();
    const erased = await app.sut.dataSource.getRepository(AppUser).findOneByOrFail({ userId: user.userId });
    expect(erased).toMatchObject({ status: 0, email: null, cpf: null, fone: null, firstname: 'Conta' });
    await context.close();
  });
});
