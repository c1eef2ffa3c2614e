import { mkdirSync, readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AdminSession } from '../../src/auth/admin-session.entity.js';
import { Admin } from '../../src/auth/admin.entity.js';
import { createAdminFixture, totpCode } from '../support/admin-session.js';
import { wcagViolations } from '../support/axe.js';
import { browserAvailable, browserFrom, LOOPBACK_IP, logIn, openAdminPage, useBrowserApp } from '../support/browser.js';

// A window other than the default, so the dialog is seen to read the configured one.
const app = useBrowserApp({ STEP_UP_MINUTES: '7' });
const SHOTS = process.env.SHOTS_DIR ?? 'test-results';
mkdirSync(SHOTS, { recursive: true });

/** No WCAG 2.2 AA violation where the page is now (`what` names the state in the failure). */
async function expectAccessible(page: Page, what: string) {
  expect(await wcagViolations(page), what).toEqual([]);
}

/** The jti of the session the page's browser holds. */
const jtiOf = (page: Page) => page.evaluate(() => JSON.parse(atob((localStorage.getItem('adminToken') ?? '').split('.')[1])).jti as string);

/** Moves the session's last 2FA confirmation back past STEP_UP_MINUTES (the login counted as one). */
async function confirmationExpired(page: Page) {
  await app.sut.dataSource.getRepository(AdminSession).update({ jti: await jtiOf(page) }, { confirmedAt: new Date(Date.now() - 8 * 60_000) });
}

const PROMPT =
  'Para exportar os contatos, digite o código 2FA do aplicativo autenticador. A ação é feita em seguida, e não pediremos o código de novo por 7 minutos.';

describe.skipIf(!browserAvailable)('the words of a sensitive action and of an ended session, in Chromium', () => {
  it('exporting the contacts without a recent confirmation: the dialog names the export and the configured window, then the file is saved', async () => {
    // Chromium's downloads leave without the context's X-Forwarded-For: the gestor sits on the server's own address,
    // logged in once (a second login there would replay its 2FA code).
    const { page, close, errors, admin } = await openAdminPage(app, '/admin/contato', 'Contatos', 390, 'gestor', LOOPBACK_IP);
    const confirm = page.getByRole('dialog', { name: 'Confirme sua identidade' });
    const exportCsv = async () => {
      await page.getByRole('button', { name: 'Exportar' }).click();
      await page.getByRole('menu', { name: 'Exportar' }).getByRole('menuitem', { name: 'CSV (Excel)' }).click();
    };

    // 390 px: the dialog says what the code is for and for how long; cancelled, nothing is saved.
    await confirmationExpired(page);
    const downloads: string[] = [];
    page.on('download', (download) => downloads.push(download.suggestedFilename()));
    await exportCsv();
    await confirm.waitFor();
    expect(await confirm.getByText(PROMPT, { exact: true }).count()).toBe(1);
    await expectAccessible(page, 'the confirmation at 390 px');
    await page.screenshot({ path: `${SHOTS}/step-up-export-390.png` });
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(downloads).toEqual([]);

    // 1440 px: the same words; the code confirms and the export goes on by itself.
    await page.setViewportSize({ width: 1440, height: 900 });
    await exportCsv();
    await confirm.waitFor();
    expect(await confirm.getByText(PROMPT, { exact: true }).count()).toBe(1);
    await expectAccessible(page, 'the confirmation at 1440 px');
    await page.screenshot({ path: `${SHOTS}/step-up-export-1440.png` });
    await confirm.getByLabel('Código 2FA').fill(await totpCode(admin.secret, 1));
    const [download] = await Promise.all([page.waitForEvent('download'), confirm.getByRole('button', { name: 'Confirmar' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^contatos-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(readFileSync((await download.path())!, 'utf8')).toMatch(/^\uFEFF?ID;Nome;Email;/);
    await confirm.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await close();
  });

  for (const width of [390, 1440]) {
    it(`a master ends a gestor's session: the gestor's next page says who ended it and when (${width} px)`, async () => {
      const master = await openAdminPage(app, '/admin/equipe', 'Equipe', width, 'master');
      const gestor = await createAdminFixture(app.sut, 'gestor');
      const admins = app.sut.dataSource.getRepository(Admin);
      const gestorName = (await admins.findOneByOrFail({ username: gestor.username })).name;
      const masterName = (await admins.findOneByOrFail({ username: master.admin.username })).name;
      const colleague = await browserFrom(app.browser, gestor.ip, width);
      const other = colleague.page;
      await other.goto(`${app.baseUrl}/admin/login?next=${encodeURIComponent('/admin/contato')}`);
      await logIn(other, gestor);
      await other.waitForURL(`${app.baseUrl}/admin/contato`);
      const jti = await jtiOf(other);

      const { page } = master;
      await page.reload();
      await page
        .getByRole('button', { name: `Sessões de ${gestorName}`, exact: true })
        .first()
        .click();
      const sessions = page.getByRole('dialog', { name: `Sessões de ${gestorName}` });
      await sessions.getByText(gestor.ip).waitFor();
      await sessions.getByRole('button', { name: /^Encerrar a sessão/ }).click();
      await page.getByRole('dialog', { name: 'Encerrar sessão' }).getByRole('button', { name: 'Encerrar' }).click();
      await sessions.getByText('Nenhuma sessão aberta.').waitFor();

      // The gestor's page goes to the login page, which says the one reason: the master, by name, and the time.
      await other.waitForURL(/\/admin\/login\?/);
      const row = await app.sut.dataSource.getRepository(AdminSession).findOneByOrFail({ jti });
      // Brasília time: UTC−3, no daylight saving.
      const time = new Date(new Date(row.revokedAt!).getTime() - 3 * 3_600_000).toISOString().slice(11, 16);
      const notice = other.getByRole('status');
      await notice
        .getByText(`Sua sessão foi encerrada por um administrador master (${masterName}) às ${time}. Faça login novamente.`, { exact: true })
        .waitFor();
      expect(await other.getByText(/acesso desativado ou encerrado/).count()).toBe(0);
      await expectAccessible(other, `the login page after the session was ended at ${width} px`);
      await other.screenshot({ path: `${SHOTS}/session-ended-by-master-${width}.png` });

      // Reloaded, it still says so: the reason is the server's, not the address's.
      await other.goto(`${app.baseUrl}/admin/login`);
      await notice.getByText(`por um administrador master (${masterName})`, { exact: false }).waitFor();
      expect(colleague.errors).toEqual([]);
      expect(master.errors).toEqual([]);
      await colleague.context.close();
      await master.close();
    });
  }
});
