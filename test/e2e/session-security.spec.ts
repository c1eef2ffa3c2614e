import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AdminSession } from '../../src/auth/admin-session.entity.js';
import { wcagViolations } from '../support/axe.js';
import { createAdminFixture, nextTestIp, totpCode } from '../support/admin-session.js';
import { browserAvailable, browserFrom, logIn, useBrowserApp } from '../support/browser.js';

// A minute of each: the idle warning then shows 30 s after the last request (half the idle time, as two minutes
// would be more than it) and the session ends 30 s later.
const app = useBrowserApp({ SESSION_IDLE_MINUTES: '1', STEP_UP_MINUTES: '1' });
mkdirSync('test-results', { recursive: true });

describe.skipIf(!browserAvailable)('session security in Chromium', () => {
  it('warns before an idle session ends, keeps it on "Continuar conectado", and after it ends gives the half-filled form back', async () => {
    const master = await createAdminFixture(app.sut, 'master');
    const { context, page, errors } = await browserFrom(app.browser, master.ip, 1440);
    await page.goto(`${app.baseUrl}/admin/login?next=${encodeURIComponent('/admin/empresas')}`);
    await logIn(page, master);
    await page.waitForURL(`${app.baseUrl}/admin/empresas`);

    await page.getByRole('button', { name: 'Nova Empresa' }).click();
    const form = page.getByRole('dialog', { name: 'Nova Empresa' });
    await form.getByLabel('Razão Social').fill('Agropecuária Rascunho do Norte Ltda');
    await form.getByLabel('Nome Fantasia').fill('Rascunho Agro 🚜');

    // The warning, about 30 s after the last request; "Continuar conectado" keeps the session.
    const warning = page.getByRole('dialog', { name: 'Sua sessão vai expirar por inatividade' });
    await warning.waitFor({ timeout: 40_000 });
    expect(await warning.getByRole('timer').innerText()).toMatch(/Tempo restante: 0:[0-3]\d/);
    expect(await wcagViolations(page, '[role="dialog"]')).toEqual([]);
    await page.screenshot({ path: 'test-results/admin-idle-warning-1440.png' });
    await warning.getByRole('button', { name: 'Continuar conectado' }).click();
    await warning.waitFor({ state: 'detached' });

    // This time nobody answers: the session ends and the login page says why.
    await warning.waitFor({ timeout: 40_000 });
    await page.waitForURL(/\/admin\/login\?reason=sessao_inativa&next=%2Fadmin%2Fempresas/, { timeout: 45_000 });
    await page.getByText('Sua sessão foi encerrada por inatividade.', { exact: false }).waitFor();
    await page.screenshot({ path: 'test-results/admin-login-idle-1440.png' });
    expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();

    // Back in (a new code), on the same page with the form as it was left.
    await page.getByLabel('Usuário').fill(master.username);
    await page.getByLabel('Senha', { exact: true }).fill(master.password);
    await page.getByLabel('2FA').fill(await totpCode(master.secret));
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL(`${app.baseUrl}/admin/empresas`);
    const restored = page.getByRole('dialog', { name: 'Nova Empresa' });
    await expect.poll(() => restored.getByLabel('Razão Social').inputValue()).toBe('Agropecuária Rascunho do Norte Ltda');
    expect(await restored.getByLabel('Nome Fantasia').inputValue()).toBe('Rascunho Agro 🚜');
    // Given back once: the browser keeps nothing of it now.
    expect(await page.evaluate(() => sessionStorage.getItem('agromaq:rascunhos'))).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  }, 150_000);

  it('asks for the 2FA code before a sensitive action and then does it, and says the IP in use will disconnect', async () => {
    // Another master address, so the one in use is not the last.
    await createAdminFixture(app.sut, 'master');
    const master = await createAdminFixture(app.sut, 'master');
    const { context, page, errors } = await browserFrom(app.browser, master.ip, 390);
    await page.goto(`${app.baseUrl}/admin/login?next=${encodeURIComponent('/admin/ips')}`);
    await logIn(page, master);
    await page.waitForURL(`${app.baseUrl}/admin/ips`);
    // The login's confirmation is over STEP_UP_MINUTES old.
    const jti = await page.evaluate(() => JSON.parse(atob((localStorage.getItem('adminToken') ?? '').split('.')[1])).jti as string);
    await app.sut.dataSource.getRepository(AdminSession).update({ jti }, { confirmedAt: new Date(Date.now() - 120_000) });

    const newIp = nextTestIp();
    await page.getByRole('button', { name: 'Adicionar IP' }).click();
    const adding = page.getByRole('dialog', { name: /Adicionar IP/ });
    await adding.getByLabel('Papel dos administradores deste IP').selectOption('gestor');
    await adding.getByLabel('IP', { exact: true }).fill(newIp);
    await adding.getByLabel(/Descrição/).fill('Filial de Cascavel');
    await adding.getByRole('button', { name: 'Salvar' }).click();

    // The action waits for the code; the form behind it keeps what was typed.
    const confirm = page.getByRole('dialog', { name: 'Confirme sua identidade' });
    await confirm.waitFor();
    // The code field has the focus: the person types the code at once.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('confirmar-otp');
    expect(await wcagViolations(page, '[role="dialog"]')).toEqual([]);
    await page.screenshot({ path: 'test-results/admin-step-up-390.png' });
    await confirm.getByLabel('Código 2FA').fill('000000');
    await confirm.getByRole('button', { name: 'Confirmar' }).click();
    await confirm.getByText('Código 2FA inválido.').first().waitFor();
    await confirm.getByLabel('Código 2FA').fill(await totpCode(master.secret, 1));
    await confirm.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText('IP adicionado com sucesso!').waitFor();
    await confirm.waitFor({ state: 'detached' });
    await page.getByRole('dialog', { name: 'Configurar 2FA' }).getByRole('button', { name: 'Concluir' }).click();
    await page.getByText(newIp, { exact: true }).filter({ visible: true }).first().waitFor();

    // The address in use is marked, and removing it says what happens.
    await page.getByRole('button', { name: `Remover ${master.ip}` }).click();
    const removing = page.getByRole('dialog', { name: 'Remover o IP em uso' });
    await removing.getByText(`${master.ip} é o endereço que você está usando agora. Se removê-lo, você será desconectado`, { exact: false }).waitFor();
    await page.screenshot({ path: 'test-results/admin-ip-in-use-390.png' });
    await removing.getByRole('button', { name: 'Remover e sair' }).click();
    await page.waitForURL(/\/admin\/login\?reason=ip_revogado/);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
});
