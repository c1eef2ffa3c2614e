import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Enterprise } from '../../src/enterprises/enterprise.entity.js';
import { createAdminFixture } from '../support/admin-session.js';
import { browserAvailable, browserFrom, logIn, useBrowserApp } from '../support/browser.js';
import { createAppUsers, createCompanyRow, createContactRow } from '../support/row-factories.js';

const app = useBrowserApp();
mkdirSync('test-results', { recursive: true });

async function seed() {
  const companies: Enterprise[] = [];
  for (const [index, fantasia] of ['Pioneira Tratores', 'Campo Bom Máquinas', 'Agro Sul Peças'].entries()) {
    const createdAt = new Date(Date.now() - index * 2 * 86_400_000);
    companies.push(await createCompanyRow(app.sut, { razao: `${fantasia} LTDA`, fantasia, logo: 'valtra.svg', createdAt, updatedAt: createdAt }));
  }
  await createAppUsers(
    app.sut,
    Array.from({ length: 12 }, (_, index) => ({
      firstname: `Pessoa${index}`,
      lastname: 'Painel',
      email: `pessoa${index}@painel.com.br`,
      enterpriseId: index < 10 ? companies[index % 3].enterpriseId : null,
      status: index === 0 ? 0 : 1,
      dateAdded: new Date(Date.now() - (index % 5) * 86_400_000),
    })),
  );
  await createContactRow(app.sut, { nome: 'Contato Painel', email: 'contato@painel.com.br', mensagem: 'Quero saber mais.' });
}

describe.skipIf(!browserAvailable)('dashboard in Chromium', () => {
  it('shows “Sem dados para exibir” on an empty database, then the cards, the donut and the sign-up series', async () => {
    const admin = await createAdminFixture(app.sut, 'gestor');
    const { context, page, errors } = await browserFrom(app.browser, admin.ip);
    await page.goto(`${app.baseUrl}/admin/login`);
    await logIn(page, admin);
    await page.waitForURL(`${app.baseUrl}/admin/dashboard`);
    await expect.poll(() => page.getByText('Sem dados para exibir').count()).toBe(2);
    expect(await page.getByRole('link', { name: /Usuários ativos no app/ }).innerText()).toContain('0');

    await seed();
    await page.reload();
    await page
      .getByRole('link', { name: /Usuários ativos no app/ })
      .getByText('11')
      .waitFor();
    expect(await page.getByRole('link', { name: /Empresas ativas/ }).innerText()).toContain('3');
    expect(await page.getByRole('link', { name: /Contatos pendentes/ }).innerText()).toContain('1');

    const donut = page.getByRole('region', { name: 'Usuários por empresa' });
    await donut.getByText('Pioneira Tratores').waitFor();
    await donut.getByText('Sem empresa').waitFor();
    expect(await donut.locator('.recharts-pie-sector').count()).toBe(4);
    // Hovering a slice says whose it is, how many and what share of the whole.
    const surface = (await donut.locator('svg.recharts-surface').boundingBox())!;
    await page.mouse.move(surface.x + surface.width / 2, surface.y + surface.height * 0.12); // on the ring, at 12 o'clock
    await expect.poll(() => donut.locator('.recharts-tooltip-wrapper').innerText()).toMatch(/\S.* : \d+ usuário\(s\) · \d+%/);
    const sliceFills = await donut.locator('.recharts-pie-sector path').evaluateAll((paths) => paths.map((path) => path.getAttribute('fill')));
    expect(new Set(sliceFills).size).toBe(sliceFills.length);

    const chart = page.locator('[data-series]');
    expect(await chart.getAttribute('data-series')).toBe('usuarios');
    expect(await chart.getAttribute('data-total')).toBe('12');
    expect(await chart.locator('.recharts-line-curve').count()).toBe(1);
    await page.getByRole('button', { name: 'Empresas', exact: true }).click();
    await expect.poll(() => chart.getAttribute('data-series')).toBe('empresas');
    expect(await chart.getAttribute('data-total')).toBe('3');
    expect(await page.getByRole('button', { name: 'Empresas', exact: true }).getAttribute('aria-pressed')).toBe('true');
    await page.screenshot({ path: 'test-results/admin-dashboard-1440.png', fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows “Erro ao carregar dados” with a retry, and a 401 ends the session', async () => {
    const admin = await createAdminFixture(app.sut, 'gestor');
    const { context, page } = await browserFrom(app.browser, admin.ip);
    await page.goto(`${app.baseUrl}/admin/login`);
    await logIn(page, admin);
    await page.waitForURL(`${app.baseUrl}/admin/dashboard`);
    await page.getByRole('link', { name: /Empresas ativas/ }).waitFor();

    await page.route('**/api/admin/dashboard', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ statusCode: 500, message: 'Erro interno.' }) }),
    );
    await page.reload();
    await page.getByText('Erro ao carregar dados').waitFor();
    // The failure is said once, with its retry; the charts do not claim there is no data.
    expect(await page.getByText('Sem dados para exibir').count()).toBe(0);
    await page.unroute('**/api/admin/dashboard');
    await page.getByRole('button', { name: 'Tentar novamente' }).click();
    await expect.poll(() => page.getByText('Erro ao carregar dados').count()).toBe(0);
    await page
      .getByRole('link', { name: /Empresas ativas/ })
      .getByText('3')
      .waitFor();

    await page.route('**/api/admin/dashboard', (route) =>
      route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ statusCode: 401, code: 'NO_AUTH', message: 'Sessão expirada.' }) }),
    );
    await page.reload();
    await page.waitForURL((url) => url.pathname === '/admin/login' && url.searchParams.get('next') === '/admin/dashboard');
    expect(await page.evaluate(() => localStorage.getItem('adminData'))).toBeNull();
    await context.close();
  });
});
