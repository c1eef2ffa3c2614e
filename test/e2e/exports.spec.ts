import { mkdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { browserAvailable, LOOPBACK_IP, openAdminPage, useBrowserApp } from '../support/browser.js';
import { unreachable } from '../support/reach.js';
import { firstSheet } from '../support/xlsx.js';
import { createAppUsers, createCompanyRow } from '../support/row-factories.js';

const app = useBrowserApp();
// Chromium's downloads leave without the context's X-Forwarded-For, so the staff here sit on the server's own address.
mkdirSync('test-results', { recursive: true });

describe.skipIf(!browserAvailable)('exporting a list in Chromium', () => {
  it('"Exportar" saves exactly the filtered users as CSV at phone and desktop widths, and companies as XLSX', async () => {
    const marker = `Baixar${Date.now() % 100000}`;
    const users = await createAppUsers(app.sut, [
      { firstname: 'Primeira', lastname: marker, dateAdded: new Date('2026-02-01T12:00:00Z') },
      { firstname: 'Segunda', lastname: marker, dateAdded: new Date('2026-02-02T12:00:00Z') },
      { firstname: 'Inativa', lastname: marker, status: 0, dateAdded: new Date('2026-02-03T12:00:00Z') },
    ]);
    // One login from the server's own address (a second one there would replay its 2FA code), then both widths.
    const path = `/admin/usuarios?status=ativos&busca=${marker}`;
    const { page, close, errors } = await openAdminPage(app, path, 'Usuários do App', 1440, 'gestor', LOOPBACK_IP);
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${app.baseUrl}${path}`);
      await page.getByRole('button', { name: 'Exportar' }).click();
      const menu = page.getByRole('menu', { name: 'Exportar' });
      await menu.waitFor();
      expect(await unreachable(page, 'main')).toEqual([]);
      await page.screenshot({ path: `test-results/admin-exportar-${width}.png` });
      const [download] = await Promise.all([page.waitForEvent('download'), menu.getByRole('menuitem', { name: 'CSV (Excel)' }).click()]);
      expect(download.suggestedFilename(), readFileSync((await download.path())!, 'utf8').slice(0, 300)).toMatch(/^usuarios-\d{4}-\d{2}-\d{2}\.csv$/);
      const lines = readFileSync((await download.path())!, 'utf8')
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .filter(Boolean);
      expect(lines.slice(1).map((line) => Number(line.split(';')[0]))).toEqual([users[1].userId, users[0].userId]);
    }

    // Companies, from the same session: XLSX.
    const company = `Xlsx${Date.now() % 100000}`;
    await createCompanyRow(app.sut, { fantasia: `${company} Tratores`, razao: `${company} Tratores LTDA` });
    await page.goto(`${app.baseUrl}/admin/empresas?status=todos&busca=${company}`);
    await page.getByRole('heading', { name: 'Empresas', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Exportar' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Planilha XLSX' }).click()]);
    expect(download.suggestedFilename(), readFileSync((await download.path())!, 'utf8').slice(0, 300)).toMatch(/^empresas-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const sheet = await firstSheet(readFileSync((await download.path())!));
    const cells: unknown[] = [];
    sheet.eachRow((row) => cells.push(...(row.values as unknown[])));
    expect(cells).toContain(`${company} Tratores LTDA`);
    expect(errors).toEqual([]);
    await close();
  });
});
