import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AdminRole } from '../../src/auth/admin-role.js';
import { wcagViolations } from '../support/axe.js';
import { browserAvailable, browserFrom, openAdminPage, useBrowserApp } from '../support/browser.js';
import { registeredRoutes } from '../support/route-table.js';
import { unreachable } from '../support/reach.js';
import { seedLongestRows } from '../support/long-values.js';
import { createAppUser, createCompanyRow, createContactRow } from '../support/row-factories.js';

const app = useBrowserApp();

/**
 * Every page of the back office, with who opens it. The route-table test below fails when a page is added
 * without an entry here, so a new screen is checked the day it lands.
 */
const ADMIN_PAGES: { path: string; roles: AdminRole[] }[] = [
  { path: '/admin/dashboard', roles: ['master', 'gestor'] },
  { path: '/admin/empresas', roles: ['master', 'gestor'] },
  { path: '/admin/usuarios', roles: ['master', 'gestor'] },
  { path: '/admin/contato', roles: ['master', 'gestor'] },
  { path: '/admin/perfil', roles: ['master', 'gestor'] },
  { path: '/admin/ips', roles: ['master'] },
  { path: '/admin/auditoria', roles: ['master'] },
  { path: '/admin/equipe', roles: ['master'] },
];
/** Pages opened without a session: checked in their own tests below. */
const ANONYMOUS_PAGES = ['/admin/login', '/admin/convite'];
/** Routes of the pages' controllers that only send the browser elsewhere. */
const REDIRECTS = ['/admin'];

/** The widths the back office is checked at: a phone and a desktop. */
const WIDTHS = [390, 1440];

/** A new admin of `role`, logged in at `width`, on the dashboard. */
const signedIn = (role: AdminRole, width: number) => openAdminPage(app, '/admin/dashboard', 'Dashboard', width, role);

/** Opens an admin page and waits for its main heading. */
async function visit(page: Page, path: string) {
  await page.goto(`${app.baseUrl}${path}`);
  await page.locator('main h1').first().waitFor();
}

describe.skipIf(!browserAvailable)('accessibility of the back office (WCAG 2.2 AA, axe)', () => {
  it('every admin page served by a pages controller has an accessibility check here', () => {
    const pages = registeredRoutes(app.sut)
      .filter((route) => route.method === 'GET' && route.path.startsWith('/admin') && route.handler.includes('PagesController'))
      .map((route) => route.path);
    const checked = [...ADMIN_PAGES.map((entry) => entry.path), ...ANONYMOUS_PAGES, ...REDIRECTS];
    expect(pages.filter((path) => !checked.includes(path))).toEqual([]);
  });

  for (const width of WIDTHS) {
    it(`the login page, empty and with an error (${width} px)`, async () => {
      const { page, context } = await browserFrom(app.browser, '203.0.113.250', width);
      try {
        await page.goto(`${app.baseUrl}/admin/login`);
        await page.getByRole('button', { name: 'Entrar' }).waitFor();
        expect(await wcagViolations(page), 'login').toEqual([]);
        await page.getByLabel('Usuário').fill('ninguem');
        await page.getByLabel('Senha', { exact: true }).fill('senha errada');
        await page.getByLabel('2FA').fill('123456');
        await page.getByRole('button', { name: 'Entrar' }).click();
        await page.getByRole('alert').first().waitFor();
        expect(await wcagViolations(page), 'login with its error').toEqual([]);
      } finally {
        await context.close();
      }
    });

    for (const role of ['master', 'gestor'] as const) {
      it(`every page a ${role} opens, with the longest values (${width} px)`, async () => {
        await seedLongestRows(app.sut, `A11y${width}${role[0]}`);
        const { page, close, errors } = await signedIn(role, width);
        try {
          const found: Record<string, string[]> = {};
          for (const entry of ADMIN_PAGES.filter((candidate) => candidate.roles.includes(role))) {
            await visit(page, entry.path);
            const list = await wcagViolations(page);
            if (list.length > 0) found[entry.path] = list;
          }
          expect(found).toEqual({});
          expect(errors).toEqual([]);
        } finally {
          await close();
        }
      });
    }
  }
});

/** The page with a dialog or popover open, as a whole: the dialog, and the page behind it as a reader finds it. */
async function expectClean(page: Page, what: string) {
  expect(await wcagViolations(page), what).toEqual([]);
}

describe.skipIf(!browserAvailable)('accessibility of every dialog and popover (WCAG 2.2 AA, axe)', () => {
  for (const width of WIDTHS) {
    it(`company form (new, invalid, edit), details, bulk confirmation, export menu (${width} px)`, async () => {
      const marker = `Dlg${width}${Date.now() % 100000}`;
      await createCompanyRow(app.sut, { fantasia: `${marker} Máquinas`, razao: `${marker} Máquinas Agrícolas LTDA` });
      const { page, close, errors } = await signedIn('master', width);
      try {
        await visit(page, `/admin/empresas?status=todos&busca=${marker}`);
        await page
          .getByRole('button', { name: `${marker} Máquinas`, exact: true })
          .first()
          .waitFor();

        await page.getByRole('button', { name: 'Nova Empresa' }).click();
        const form = page.getByRole('dialog', { name: 'Nova Empresa' });
        await form.waitFor();
        await expectClean(page, 'the new company form');
        await form.getByLabel('CNPJ').fill('11222333000180');
        await form.getByLabel('Inscrição Estadual').click();
        await form.getByText('CNPJ inválido').waitFor();
        await expectClean(page, 'the new company form with an error');
        await form.getByRole('button', { name: 'Cancelar' }).click();

        await page
          .getByRole('button', { name: `Editar ${marker} Máquinas` })
          .first()
          .click();
        const edit = page.getByRole('dialog', { name: 'Editar Empresa' });
        await edit.getByLabel('Razão Social').waitFor();
        await expect.poll(() => edit.getByLabel('Razão Social').inputValue()).toContain(marker);
        await expectClean(page, 'the company edit form');
        await edit.getByRole('button', { name: 'Cancelar' }).click();

        await page
          .getByRole('button', { name: `${marker} Máquinas`, exact: true })
          .first()
          .click();
        const details = page.getByRole('dialog', { name: 'Detalhes da Empresa' });
        await details.getByText(`${marker} Máquinas Agrícolas LTDA`).first().waitFor();
        await expectClean(page, 'the company details');
        await details.getByRole('button', { name: 'Fechar', exact: true }).first().click();

        await page
          .getByRole('checkbox', { name: `Selecionar ${marker} Máquinas` })
          .first()
          .check();
        const bar = page.getByRole('region', { name: 'Seleção' });
        await bar.getByRole('button', { name: 'Desativar' }).click();
        const confirm = page.getByRole('dialog', { name: 'Desativar empresas' });
        await confirm.waitFor();
        await expectClean(page, 'the bulk confirmation');
        await confirm.getByRole('button', { name: 'Cancelar' }).click();

        await page.getByRole('button', { name: 'Exportar' }).click();
        await page.getByRole('menuitem', { name: 'CSV (Excel)' }).waitFor();
        await page.screenshot({ path: `test-results/a11y-export-menu-${width}.png` });
        await expectClean(page, 'the export menu');
        await page.keyboard.press('Escape');
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    });

    it(`app-user form, add IP with its QR step, command palette with results, none and an error (${width} px)`, async () => {
      const marker = `Plt${width}${Date.now() % 100000}`;
      await createAppUser(app.sut, { firstname: 'Josefa', lastname: `${marker} Araújo`, email: `josefa.${marker.toLowerCase()}@exemplo.com.br` });
      const { page, close, errors } = await signedIn('master', width);
      try {
        await visit(page, `/admin/usuarios?status=todos&busca=${marker}`);
        await page
          .getByRole('button', { name: `Editar Josefa ${marker} Araújo` })
          .first()
          .click();
        const user = page.getByRole('dialog', { name: 'Editar Usuário' });
        await expect.poll(() => user.getByLabel('Email').first().inputValue()).toContain(marker.toLowerCase());
        await expectClean(page, 'the app-user form');
        await user.getByRole('button', { name: 'Cancelar' }).click();
        // The export menu over a list whose toolbar has a search field beside it.
        await page.getByRole('button', { name: 'Exportar' }).click();
        await page.getByRole('menuitem', { name: 'Planilha XLSX' }).waitFor();
        await expectClean(page, 'the users export menu');
        await page.keyboard.press('Escape');

        await visit(page, '/admin/ips');
        await page.getByRole('button', { name: 'Adicionar IP' }).click();
        const add = page.getByRole('dialog', { name: 'Adicionar IP' });
        await add.getByLabel('IP', { exact: true }).waitFor();
        await expectClean(page, 'the add-IP form');
        await add.getByLabel('Papel dos administradores deste IP').selectOption('gestor');
        await add.getByLabel('IP', { exact: true }).fill(`198.51.100.${width === 390 ? 39 : 144}`);
        await add.getByLabel(/Descrição/).fill('Escritório de Londrina');
        await add.getByRole('button', { name: 'Salvar' }).click();
        const setup = page.getByRole('dialog', { name: 'Configurar 2FA' });
        await setup.getByRole('img', { name: 'QR code do 2FA' }).waitFor();
        await expectClean(page, 'the QR step');
        await setup.getByRole('button', { name: 'Concluir' }).click();

        await page.keyboard.press('Control+k');
        const palette = page.getByRole('dialog', { name: 'Buscar em tudo' });
        await palette.getByRole('combobox').fill(marker);
        await palette.getByRole('option').first().waitFor();
        await expectClean(page, 'the palette with results');
        // More results than the palette shows at once: the list scrolls, and the keyboard reaches its scroll.
        const many = `Mts${width}${Date.now() % 100000}`;
        for (let index = 0; index < 6; index += 1) {
          await createCompanyRow(app.sut, { fantasia: `${many} Tratores ${index}`, razao: `${many} Tratores ${index} Ltda.` });
          await createAppUser(app.sut, { firstname: 'Carla', lastname: `${many} ${index}`, email: `carla${index}.${many.toLowerCase()}@exemplo.com.br` });
          await createContactRow(app.sut, { nome: `Osmar ${many} ${index}` });
        }
        await palette.getByRole('combobox').fill(many);
        await expect.poll(() => palette.getByRole('option').count()).toBeGreaterThan(12);
        expect(await palette.locator('.overflow-y-auto').evaluate((list) => list.scrollHeight > list.clientHeight)).toBe(true);
        await expectClean(page, 'the palette with more results than it shows');
        await palette.getByRole('combobox').fill('zzqxw nada assim');
        await palette.getByText('Nada encontrado').waitFor();
        await expectClean(page, 'the palette with no results');
        await page.route('**/api/admin/busca?**', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"statusCode":503}' }));
        await palette.getByRole('combobox').fill('falha de rede');
        await palette.getByText('Falha na busca. Tente novamente.').waitFor();
        await expectClean(page, 'the palette with an error');
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    });
  }

  it('the invitation page, with a link that is not valid (390 and 1440 px)', async () => {
    for (const width of WIDTHS) {
      const { page, context } = await browserFrom(app.browser, '203.0.113.251', width);
      try {
        await page.goto(`${app.baseUrl}/admin/convite?token=nao-vale`);
        await page.locator('main h1').waitFor();
        expect(await wcagViolations(page), `convite at ${width} px`).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });
});

describe.skipIf(!browserAvailable)('reflow and targets', () => {
  it('no admin page scrolls sideways at 320 px (1280 px at 400 % zoom), and every row tick box has a 24 px target', async () => {
    await seedLongestRows(app.sut, 'Reflow320');
    const { page, close } = await signedIn('master', 320);
    try {
      const wide: Record<string, string> = {};
      for (const entry of ADMIN_PAGES) {
        await visit(page, entry.path);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        if (width > 320)
          wide[entry.path] = await page.evaluate(() =>
            [...document.querySelectorAll<HTMLElement>('body *')]
              .filter((element) => element.getBoundingClientRect().right > 321 && element.children.length === 0)
              .slice(0, 5)
              .map((element) => `${element.tagName}.${element.className} ${Math.round(element.getBoundingClientRect().right)}`)
              .join(' | '),
          );
      }
      expect(wide).toEqual({});
      await visit(page, '/admin/empresas?status=todos');
      const boxes = await page.locator('label:has(> input[type="checkbox"])').evaluateAll((labels) =>
        labels
          .filter((label) => label.getClientRects().length > 0)
          .map((label) => {
            const box = label.getBoundingClientRect();
            return { width: box.width, height: box.height };
          }),
      );
      expect(boxes.length).toBeGreaterThan(0);
      for (const box of boxes) {
        expect(box.width).toBeGreaterThanOrEqual(24);
        expect(box.height).toBeGreaterThanOrEqual(24);
      }
    } finally {
      await close();
    }
  });
});

describe.skipIf(!browserAvailable)('motion, text spacing and zoom', () => {
  it('runs no animation or transition when reduced motion is asked for', async () => {
    const { page, close } = await signedIn('master', 1440);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    try {
      await visit(page, '/admin/empresas');
      await page.getByRole('button', { name: 'Nova Empresa' }).click();
      await page.getByRole('dialog', { name: 'Nova Empresa' }).waitFor();
      const moving = await page.evaluate(
        () =>
          [...document.querySelectorAll('*')]
            .map((element) => getComputedStyle(element))
            .filter((style) => parseFloat(style.animationDuration) > 0.001 || parseFloat(style.transitionDuration) > 0.001).length,
      );
      expect(moving).toBe(0);
    } finally {
      await close();
    }
  });

  it('text spacing overrides (1.4.12) cut no text and hide no action, and 200 % zoom at 1280 px keeps every action in reach', async () => {
    // 200 % zoom of a 1280 px window lays the page out as a 640 px wide viewport does.
    const { page, close } = await signedIn('master', 640);
    try {
      for (const entry of ADMIN_PAGES) {
        await visit(page, entry.path);
        await page.addStyleTag({
          content:
            '* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }',
        });
        const problems = await page.evaluate(() => {
          const found: string[] = [];
          if (document.documentElement.scrollWidth > window.innerWidth) found.push(`scrolls sideways (${document.documentElement.scrollWidth} px)`);
          // Buttons and links whose own text no longer fits the box that clips it.
          for (const element of document.querySelectorAll<HTMLElement>('main button, main a, header button, header a')) {
            if (element.getClientRects().length === 0) continue;
            const style = getComputedStyle(element);
            const clips = style.overflow !== 'visible' || style.textOverflow === 'ellipsis';
            if (clips && element.scrollHeight > element.clientHeight + 1 && !element.title)
              found.push(`text cut in ${element.textContent?.trim().slice(0, 40)}`);
          }
          return found;
        });
        expect(problems, entry.path).toEqual([]);
        expect(await unreachable(page, 'main, header'), `${entry.path} at 200 % with wider text spacing`).toEqual([]);
      }
    } finally {
      await close();
    }
  });
});

/** An ARIA snapshot with its figures (counts, badges) as `#`: what is kept is the names, the roles and their order. */
async function ariaTree(locator: ReturnType<Page['locator']>): Promise<string> {
  return `${(await locator.ariaSnapshot()).replace(/\d+/g, '#')}\n`;
}

describe.skipIf(!browserAvailable)('the accessibility tree stays right (ARIA snapshots)', () => {
  it('the menu, a list page, the company form and the palette', async () => {
    // A pending contact, so the menu's badge is there whatever ran before on this database.
    await createContactRow(app.sut, { nome: 'Contato Pendente', email: 'pendente@exemplo.com.br', mensagem: 'Quero anunciar.', status: 'pendente' });
    const { page, close } = await signedIn('master', 1440);
    try {
      await visit(page, '/admin/empresas?status=todos&busca=ninguem-com-este-nome');
      await page.getByText('Nenhuma empresa encontrada').first().waitFor();
      await expect(await ariaTree(page.getByRole('navigation').first())).toMatchFileSnapshot('__snapshots__/aria-menu.yml');
      await expect(await ariaTree(page.locator('main'))).toMatchFileSnapshot('__snapshots__/aria-empresas.yml');
      await page.getByRole('button', { name: 'Nova Empresa' }).click();
      await expect(await ariaTree(page.getByRole('dialog', { name: 'Nova Empresa' }))).toMatchFileSnapshot('__snapshots__/aria-empresa-form.yml');
      await page.getByRole('dialog', { name: 'Nova Empresa' }).getByRole('button', { name: 'Cancelar' }).click();
      await page.keyboard.press('Control+k');
      await expect(await ariaTree(page.getByRole('dialog', { name: 'Buscar em tudo' }))).toMatchFileSnapshot('__snapshots__/aria-palette.yml');
    } finally {
      await close();
    }
  });
});
