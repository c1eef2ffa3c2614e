import { describe, expect, it } from 'vitest';
import { IpsService } from '../../src/ips/ips.service.js';
import { createAdminFixture, nextTestIp } from '../support/admin-session.js';
import { browserAvailable, browserFrom as openBrowser, logIn, useBrowserApp } from '../support/browser.js';

const app = useBrowserApp();

import { mkdirSync } from 'node:fs';

const browserFrom = (ip: string, width = 1440) => openBrowser(app.browser, ip, width);
mkdirSync('test-results', { recursive: true });

describe.skipIf(!browserAvailable)('admin access in Chromium', () => {
  it('a master logs in with 2FA, manages an IP on /admin/ips and logs out', async () => {
    const master = await createAdminFixture(app.sut, 'master');
    const { context, page, errors } = await browserFrom(master.ip);
    await page.goto(`${app.baseUrl}/admin/login`);
    // A wrong password first: refused, and in the audit trail below with why.
    await logIn(page, { ...master, password: `${master.password}x` });
    await page.getByText('Usuário, senha ou código 2FA inválidos.').waitFor();
    await logIn(page, master);
    await page.waitForURL(`${app.baseUrl}/admin/dashboard`);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('adminData') ?? 'null'))).toMatchObject({ username: master.username, role: 'master' });
    expect(await page.evaluate(() => history.length)).toBe(2); // the login page was replaced, not pushed

    await page.getByRole('navigation', { name: 'Painel' }).getByRole('link', { name: 'IP de Acesso' }).click();
    await page.waitForURL(`${app.baseUrl}/admin/ips`);
    // The master's own address, marked as the one in use.
    await page.getByRole('cell', { name: `${master.ip} Em uso`, exact: true }).waitFor();
    const current = page.locator('aside').first().locator('[aria-current="page"]');
    expect(await current.allInnerTexts()).toEqual(['IP de Acesso']);
    await page.screenshot({ path: 'test-results/admin-ips-1440.png', fullPage: true });

    const newIp = nextTestIp();
    await page.getByRole('button', { name: 'Adicionar IP' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Papel dos administradores deste IP').selectOption('gestor');
    await dialog.getByRole('button', { name: 'Meu IP' }).click();
    await expect.poll(() => dialog.getByLabel('IP', { exact: true }).inputValue()).toBe(master.ip);
    await dialog.getByLabel('IP', { exact: true }).fill(newIp);
    await dialog.getByLabel(/Descrição/).fill('Escritório de Maringá');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('IP adicionado com sucesso!').waitFor();
    await dialog.getByRole('img', { name: 'QR code do 2FA' }).waitFor();
    await dialog.getByRole('button', { name: /chave manual/ }).click();
    await page.screenshot({ path: 'test-results/admin-ips-qr-1440.png' });
    expect(await dialog.locator('p.font-mono').innerText()).toMatch(/^[A-Z2-7]{32}$/);
    await dialog.getByRole('button', { name: 'Concluir' }).click();
    await page.getByRole('cell', { name: newIp, exact: true }).waitFor();

    await page
      .getByRole('button', { name: `Remover ${newIp}` })
      .first()
      .click();
    await page.getByText('Tem certeza que deseja remover este IP?').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Remover' }).click();
    await page.getByText('IP removido com sucesso!').waitFor();
    await expect.poll(() => page.getByRole('cell', { name: newIp, exact: true }).count()).toBe(0);

    // The audit trail shows both writes and the login, with who and from where.
    await page.getByRole('navigation', { name: 'Painel' }).getByRole('link', { name: 'Auditoria' }).click();
    await page.waitForURL(`${app.baseUrl}/admin/auditoria`);
    await page.getByText('IP removido · IP').first().waitFor();
    await page.getByText(`ip: ${newIp} · papel: gestor`).first().waitFor();
    // An own login names no record: the admin is already who did it.
    await page.locator('main ul li').getByText('Login', { exact: true }).first().waitFor();
    // Why the login was refused, in words, not as the answer's code.
    await page.getByText('Login recusado · Administrador').first().waitFor();
    await page.getByText('motivo: usuário, senha ou código 2FA inválidos').first().waitFor();
    expect(await page.getByText('INVALID_CREDENTIALS').count()).toBe(0);
    expect(await page.locator('aside').first().locator('[aria-current="page"]').allInnerTexts()).toEqual(['Auditoria']);
    await page.screenshot({ path: 'test-results/admin-auditoria-1440.png' });

    await page.getByRole('button', { name: 'Sair' }).click();
    await page.waitForURL(`${app.baseUrl}/admin/login`);
    expect(await page.evaluate(() => [localStorage.getItem('adminToken'), localStorage.getItem('adminData')])).toEqual([null, null]);
    await page.goto(`${app.baseUrl}/admin/dashboard`);
    await page.waitForURL(/\/admin\/login\?next=/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a gestor lands on next after login, never sees the IP page, and is sent back with reason=ip_revogado', async () => {
    const gestor = await createAdminFixture(app.sut, 'gestor');
    const { context, page } = await browserFrom(gestor.ip, 390);
    await page.goto(`${app.baseUrl}/admin/dashboard?aba=resumo`);
    await page.waitForURL(`${app.baseUrl}/admin/login?next=%2Fadmin%2Fdashboard%3Faba%3Dresumo`);
    await logIn(page, gestor);
    await page.waitForURL(`${app.baseUrl}/admin/dashboard?aba=resumo`);
    await page.screenshot({ path: 'test-results/admin-dashboard-390.png', fullPage: true });

    await page.getByRole('button', { name: 'Abrir menu' }).click();
    const nav = page.getByRole('navigation', { name: 'Painel' }).last();
    await nav.getByRole('link', { name: 'Dashboard' }).waitFor();
    expect(await nav.getByRole('link', { name: 'IP de Acesso' }).count()).toBe(0);
    await page.waitForTimeout(300); // the drawer slides in
    await page.screenshot({ path: 'test-results/admin-menu-390.png' });

    await page.goto(`${app.baseUrl}/admin/ips`);
    await page.waitForURL(`${app.baseUrl}/admin/dashboard`);

    const ips = app.sut.app.get(IpsService);
    const own = await ips.findByIp(gestor.ip);
    await app.sut.dataSource.getRepository('AuthorizedIp').delete({ id: own!.id });
    await page.reload();
    await page.waitForURL(/\/admin\/login\?reason=ip_revogado&next=%2Fadmin%2Fdashboard/);
    await page.getByText(/^Sua sessão foi encerrada às \d\d:\d\d porque o IP deste acesso deixou de ser autorizado\./).waitFor();
    await context.close();
  });

  it('ends the session in the browser when an API call inside a page answers IP_REVOKED', async () => {
    const master = await createAdminFixture(app.sut, 'master');
    const { context, page } = await browserFrom(master.ip);
    // Without live events (they would end the session first, see live.spec.ts): the API call's answer is tested.
    await page.route('**/api/admin/eventos**', (route) => route.abort());
    await page.goto(`${app.baseUrl}/admin/login`);
    await logIn(page, master);
    await page.waitForURL(`${app.baseUrl}/admin/dashboard`);
    await page.goto(`${app.baseUrl}/admin/ips`);
    await page.getByRole('cell', { name: `${master.ip} Em uso`, exact: true }).waitFor();

    await app.sut.dataSource.getRepository('AuthorizedIp').delete({ ip: master.ip });
    await page.getByRole('button', { name: 'Atualizar localizações' }).click();
    await page.waitForURL(`${app.baseUrl}/admin/login?reason=ip_revogado&next=%2Fadmin%2Fips`);
    expect(await page.evaluate(() => [localStorage.getItem('adminToken'), localStorage.getItem('adminData')])).toEqual([null, null]);
    await context.close();
  });

  it("'Atualizar localizações' looks every address up in one call and says how many were located", async () => {
    const master = await createAdminFixture(app.sut, 'master');
    // A public address the offline database knows, beside the test's own (a documentation address it does not).
    await app.sut.app.get(IpsService).create({ ip: '200.160.2.6', targetRole: 'gestor', descricao: 'Filial São Paulo' }, null);
    const { context, page } = await openBrowser(app.browser, master.ip);
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('refresh-location')) calls.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });
    await page.goto(`${app.baseUrl}/admin/login`);
    await logIn(page, master);
    await page.waitForURL(`${app.baseUrl}/admin/dashboard`);
    await page.goto(`${app.baseUrl}/admin/ips`);
    await page.getByRole('button', { name: 'Atualizar localizações' }).click();
    await page.getByText(/^\d+ atualizadas, \d+ falharam\.$/).waitFor();
    expect(calls).toEqual(['POST /api/admin/ips-autorizados/refresh-location']);
    await page
      .getByText(/, SP, Brasil$/)
      .first()
      .waitFor();
    await context.close();
  });
});
