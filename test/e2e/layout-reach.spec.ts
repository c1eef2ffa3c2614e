import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { Contact } from '../../src/contacts/contact.entity.js';
import { createAdminFixture, nextTestIp, totpCode } from '../support/admin-session.js';
import { browserAvailable, browserFrom, openAdminPage, useBrowserApp } from '../support/browser.js';
import { coveredPoints, focusHiddenOnWalk, overlaps, unreachable, wordsSplitAcrossLines } from '../support/reach.js';
import { LONGEST_UNBROKEN } from '../../resources/js/lib/list-format.js';
import { seedLongestRows } from '../support/long-values.js';
import { settleFulltext } from '../support/test-app.js';
import { createAppUser, createCompanyRow, createContactRow } from '../support/row-factories.js';

const app = useBrowserApp();
mkdirSync('test-results', { recursive: true });

/** From the smallest phone to a wide monitor, through tablets and the 1366 px laptop staff use all day. */
const WIDTHS = [360, 390, 768, 1024, 1280, 1366, 1440, 1920];
/** Below this width lists are cards, used with a finger. */
const CARDS_BELOW = 1280;

const LIST_PAGES = [
  { path: '/admin/empresas?status=todos', heading: 'Empresas' },
  { path: '/admin/usuarios?status=todos', heading: 'Usuários do App' },
  { path: '/admin/contato?status=pendente', heading: 'Contatos' },
  { path: '/admin/contato?status=respondido', heading: 'Contatos' },
  { path: '/admin/ips', heading: 'IP de Acesso' },
  { path: '/admin/auditoria', heading: 'Auditoria' },
];

/** A long e-mail, made unique by the marker. */
const longEmail = (marker: string) => `maria.aparecida.fernandes.${marker.toLowerCase()}@cooperativa-agroindustrial-norte-pioneiro.com.br`;

/** Rows with the longest values staff meet: long names, long e-mails, long companies and messages. */
async function seedLongRows(marker: string) {
  const company = await createCompanyRow(app.sut, {
    fantasia: `Cooperativa Agroindustrial dos Produtores do Norte Pioneiro ${marker}`,
    razao: 'Cooperativa Agroindustrial dos Produtores Rurais do Norte Pioneiro do Paraná Ltda.',
    inscricaoEstadual: 'ISENTO',
    representadaLogo: 'john-deere.svg',
  });
  await createAppUser(app.sut, {
    firstname: 'Maria Aparecida',
    lastname: `Fernandes de Oliveira Santos ${marker}`,
    email: longEmail(marker),
    enterpriseId: company.enterpriseId,
  });
  for (const status of ['pendente', 'respondido'] as const) {
    await createContactRow(app.sut, {
      nome: `Maria Aparecida Fernandes de Oliveira ${marker}`,
      email: longEmail(marker),
      mensagem: 'Gostaria de saber como anunciar uma colheitadeira usada com plataforma de milho.',
      status,
      ...(status === 'respondido' ? { responseChannel: 'email' as const, respondedAt: new Date() } : {}),
    });
  }
  return company;
}

/** `count` app users found by searching `marker` (their last name), each with an e-mail of its own. */
async function seedMarkedUsers(marker: string, count: number, firstname: string) {
  for (let index = 0; index < count; index += 1)
    await createAppUser(app.sut, {
      firstname: `${firstname}${index}`,
      lastname: marker,
      email: `${firstname.toLowerCase()}${index}.${marker.toLowerCase()}@exemplo.com.br`,
    });
}

/** The row actions of each card that stick out of it (a long value pushing them aside). */
function actionsOutsideTheirCard(page: Page): Promise<string[]> {
  return page.locator('[data-list="cards"] li').evaluateAll((cards) =>
    cards.flatMap((card) => {
      const box = card.getBoundingClientRect();
      return [...card.querySelectorAll('button, a[href]')]
        .map((control) => ({ control, rect: control.getBoundingClientRect() }))
        .filter(({ rect }) => rect.width > 0 && (rect.left < box.left - 0.5 || rect.right > box.right + 0.5))
        .map(({ control }) => `${control.getAttribute('aria-label') ?? control.textContent?.slice(0, 40)} sticks out of its card`);
    }),
  );
}

async function setWidth(page: Page, width: number) {
  await page.setViewportSize({ width, height: 800 });
  await page.waitForTimeout(50);
}

describe.skipIf(!browserAvailable)('every action reachable at every width', () => {
  it('every admin list shows all its actions, whole and in view, from 360 to 1920 px, with 44 px targets on cards', async () => {
    await seedLongRows(`Reach${Date.now() % 100000}`);
    const { page, close, errors } = await openAdminPage(app, '/admin/dashboard', 'Dashboard', 1440, 'master');
    for (const list of LIST_PAGES) {
      await page.goto(`${app.baseUrl}${list.path}`);
      await page.getByRole('heading', { name: list.heading, level: 1 }).waitFor();
      for (const width of WIDTHS) {
        await setWidth(page, width);
        expect(await unreachable(page, 'main, header'), `${list.path} at ${width} px`).toEqual([]);
        const layout = width < CARDS_BELOW ? 'cards' : 'table';
        const rows = page.locator(`[data-list="${layout}"] :is(li, tbody tr)`);
        // Every list but the audit trail (one list at every width) shows its rows as cards or as a table.
        expect((await rows.count()) > 0, `${list.path} at ${width} px shows ${layout}`).toBe(list.path !== '/admin/auditoria');
        if (layout === 'cards') {
          const small = await page.locator('[data-list="cards"] li :is(button, a[href])').evaluateAll((controls) =>
            controls
              .filter((control) => control.closest('.justify-end'))
              .map((control) => control.getBoundingClientRect())
              .filter((box) => box.width < 44 || box.height < 44)
              .map((box) => `${Math.round(box.width)}×${Math.round(box.height)}`),
          );
          expect(small, `${list.path} at ${width} px: row actions smaller than 44 px`).toEqual([]);
        }
      }
      if (list.path !== '/admin/auditoria') {
        for (const width of [1024, 1366]) {
          await setWidth(page, width);
          await page.screenshot({ path: `test-results/reach${list.path.replace(/[/?=]/g, '-')}-${width}.png`, fullPage: true });
        }
      }
      await setWidth(page, 1440);
    }
    expect(errors).toEqual([]);
    await close();
  });

  it('every list, card, details dialog and the palette hold the longest value of every column, from 360 to 1920 px', async () => {
    const marker = `Longo${Date.now() % 100000}`;
    const rows = await seedLongestRows(app.sut, marker);
    await settleFulltext(app.sut, ['enterprises', 'app_users']);
    const pages = [
      {
        path: `/admin/empresas?status=todos&busca=${marker}`,
        heading: 'Empresas',
        details: { open: rows.phraseCompany.fantasia, dialog: 'Detalhes da Empresa' },
      },
      // Found by its CNPJ: MariaDB's full-text index leaves out words longer than 84 characters (docs/performance.md).
      {
        path: `/admin/empresas?status=todos&busca=${rows.wordCompany.cnpj}`,
        heading: 'Empresas',
        details: { open: rows.wordCompany.fantasia, dialog: 'Detalhes da Empresa' },
      },
      {
        path: `/admin/usuarios?status=todos&busca=${marker}`,
        heading: 'Usuários do App',
        details: { open: `${rows.user.firstname} ${rows.user.lastname}`, dialog: 'Detalhes do Usuário' },
      },
      { path: '/admin/contato?status=pendente', heading: 'Contatos', details: { open: rows.contactName, dialog: 'Detalhes do Contato' } },
      { path: '/admin/contato?status=respondido', heading: 'Contatos', details: null },
      { path: '/admin/ips', heading: 'IP de Acesso', details: null },
      { path: '/admin/auditoria', heading: 'Auditoria', details: null },
      { path: `/admin/equipe?busca=${marker}`, heading: 'Equipe', details: null },
    ];
    const { page, close, errors } = await openAdminPage(app, '/admin/dashboard', 'Dashboard', 1440, 'master');
    for (const list of pages) {
      await page.goto(`${app.baseUrl}${list.path}`);
      await page.getByRole('heading', { name: list.heading, level: 1 }).waitFor();
      for (const width of WIDTHS) {
        await setWidth(page, width);
        expect(await unreachable(page, 'main, header'), `${list.path} at ${width} px`).toEqual([]);
        expect(await actionsOutsideTheirCard(page), `${list.path} at ${width} px`).toEqual([]);
      }
      if (list.details) {
        for (const width of [360, 390, 768, 1366]) {
          await setWidth(page, width);
          const layout = width < CARDS_BELOW ? 'cards' : 'table';
          await page.locator(`[data-list="${layout}"]`).getByRole('button', { name: list.details.open, exact: true }).first().click();
          const dialog = page.getByRole('dialog', { name: list.details.dialog });
          await dialog.waitFor();
          expect(await unreachable(page, '[role="dialog"]'), `${list.details.dialog} at ${width} px`).toEqual([]);
          if (width === 390) await page.screenshot({ path: `test-results/longest-${list.heading.replace(/\W+/g, '-')}-detalhes-390.png` });
          await dialog.getByRole('button', { name: 'Fechar' }).first().click();
          await dialog.waitFor({ state: 'detached' });
        }
      }
      for (const width of [390, 1440]) {
        await setWidth(page, width);
        const name = list.path
          .replace(marker, 'marcador')
          .replace(rows.wordCompany.cnpj, 'cnpj')
          .replace(/[/?=&]/g, '-');
        await page.screenshot({ path: `test-results/longest${name}-${width}.png`, fullPage: true });
      }
    }
    // The palette's results with the long rows.
    for (const width of [360, 390, 768, 1440]) {
      await setWidth(page, width);
      await page
        .getByRole('button', { name: /^Buscar/ })
        .first()
        .click();
      const palette = page.getByRole('dialog', { name: 'Buscar em tudo' });
      await palette.getByRole('combobox').fill(marker);
      await palette.getByRole('option').first().waitFor();
      expect(await unreachable(page, '[role="dialog"]'), `palette at ${width} px`).toEqual([]);
      if (width === 390) await page.screenshot({ path: 'test-results/longest-palette-390.png' });
      await page.keyboard.press('Escape');
      await palette.waitFor({ state: 'detached' });
    }
    expect(errors).toEqual([]);
    await close();
  });

  it('the details and forms of each list fit a phone: nothing cut, the company header laid out without overlaps', async () => {
    const marker = `Modal${Date.now() % 100000}`;
    const company = await seedLongRows(marker);
    const { page, close, errors } = await openAdminPage(app, `/admin/empresas?status=todos&busca=${marker}`, 'Empresas', 360, 'master');
    for (const width of [360, 390, 768, 1366]) {
      await setWidth(page, width);
      await page
        .locator(`[data-list="${width < CARDS_BELOW ? 'cards' : 'table'}"]`)
        .getByRole('button', { name: company.fantasia, exact: true })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Detalhes da Empresa' });
      await dialog.getByText('Usuários Vinculados (1)').waitFor();
      expect(await unreachable(page, '[role="dialog"]'), `details at ${width} px`).toEqual([]);
      const header = '[role="dialog"] [data-testid="empresa-cabecalho"]';
      expect(await overlaps(page, ['[role="dialog"] img', `${header} p`, `${header} span.rounded-full`]), `details header at ${width} px`).toEqual([]);
      const nameWidth = (await dialog.getByText(company.fantasia, { exact: true }).boundingBox())!.width;
      expect(nameWidth, `the name has room at ${width} px`).toBeGreaterThanOrEqual(Math.min(260, width - 80));
      // 'Ativo' on the badge and in the details alike.
      expect(await dialog.getByText('Ativa', { exact: true }).count()).toBe(0);
      expect(await dialog.getByText('Ativo', { exact: true }).count()).toBeGreaterThanOrEqual(1);
      if (width === 390) await page.screenshot({ path: 'test-results/reach-empresa-detalhes-390.png' });
      await dialog.getByRole('button', { name: 'Editar' }).click();
      const form = page.getByRole('dialog', { name: 'Editar Empresa' });
      await form.getByLabel('Razão Social').waitFor();
      expect(await unreachable(page, '[role="dialog"]'), `company form at ${width} px`).toEqual([]);
      await form.getByRole('button', { name: 'Cancelar' }).click();
      await form.waitFor({ state: 'detached' });
    }
    expect(errors).toEqual([]);
    await close();
  });

  it('e-mails are never cut: they wrap between their parts, with the whole address in a tooltip', async () => {
    const marker = `Mail${Date.now() % 100000}`;
    await seedLongRows(marker);
    const email = longEmail(marker);
    const { page, close } = await openAdminPage(app, `/admin/usuarios?status=todos&busca=${marker}`, 'Usuários do App', 1440, 'master');
    for (const width of [390, 1440]) {
      await setWidth(page, width);
      const shown = page.locator(`[data-list="${width < CARDS_BELOW ? 'cards' : 'table'}"] [title="${email}"]`);
      expect(await shown.innerText()).toBe(email);
      expect(await wrapsMidWord(shown), `the list at ${width} px`).toEqual([]);
    }
    await setWidth(page, 390);
    await page.getByRole('button', { name: /^Enviar e-mail de redefinição de senha para Maria Aparecida/ }).click();
    await page.getByRole('dialog', { name: 'Redefinição de senha' }).getByRole('button', { name: 'Enviar e-mail' }).click();
    const notice = page.getByRole('dialog', { name: 'Email de Redefinição Enviado' });
    const address = notice.locator(`[title="${email}"]`);
    await address.waitFor();
    expect(await wrapsMidWord(address), 'the reset notice').toEqual([]);
    expect(await unreachable(page, '[role="dialog"]')).toEqual([]);
    await page.screenshot({ path: 'test-results/reach-aviso-redefinicao-390.png' });
    await close();
  });

  it('words stay whole in every admin table from 1280 to 1920 px, the longest values included', async () => {
    const marker = `Inteira${Date.now() % 100000}`;
    await seedLongRows(marker);
    await seedLongestRows(app.sut, marker);
    const { page, close } = await openAdminPage(app, '/admin/equipe', 'Equipe', 1440, 'master');
    for (const list of [{ path: '/admin/equipe', heading: 'Equipe' }, ...LIST_PAGES.filter((list) => list.path !== '/admin/auditoria')]) {
      await page.goto(`${app.baseUrl}${list.path}`);
      await page.getByRole('heading', { name: list.heading, level: 1 }).waitFor();
      for (const width of [1280, 1366, 1440, 1920]) {
        await setWidth(page, width);
        expect(await wordsSplitAcrossLines(page, '[data-list="table"] td', LONGEST_UNBROKEN), `${list.path} at ${width} px`).toEqual([]);
        expect(await unreachable(page, 'main'), `${list.path} at ${width} px`).toEqual([]);
      }
      await page.screenshot({ path: `test-results/words${list.path.replace(/[/?=]/g, '-')}-1920.png` });
    }
    await close();
  });

  it('a page change brings the top of the list into view', async () => {
    const marker = `Pag${Date.now() % 100000}`;
    await seedMarkedUsers(marker, 65, 'Pessoa');
    for (const width of [390, 1366]) {
      const { page, close } = await openAdminPage(app, `/admin/usuarios?status=todos&busca=${marker}`, 'Usuários do App', width);
      const list = page.locator('main [aria-busy]');
      for (const target of [2, 3, 2]) {
        const before = await page.evaluate(() => {
          window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' });
          return window.scrollY;
        });
        expect(before, `at ${width} px, before going to page ${target}`).toBeGreaterThan(300);
        await page.getByRole('button', { name: target === 2 && page.url().includes('page=3') ? 'Anterior' : 'Próxima' }).click();
        await page.waitForURL((url) => url.searchParams.get('page') === String(target));
        await page.getByText(`Página ${target} de 4`).waitFor();
        // The list's top is in view, below the sticky header, with its first rows on screen.
        await expect.poll(() => list.evaluate((element) => Math.round(element.getBoundingClientRect().top))).toBeGreaterThanOrEqual(64);
        const top = await list.evaluate((element) => element.getBoundingClientRect().top);
        expect(top, `at ${width} px the list starts in the upper half of the screen`).toBeLessThan(400);
      }
      await close();
    }
  });
});

describe.skipIf(!browserAvailable)('the back office by keyboard', () => {
  it('WCAG 2.4.11: what the keyboard focuses in a long list is never hidden under the sticky header', async () => {
    const marker = `Foco${Date.now() % 100000}`;
    await seedMarkedUsers(marker, 20, 'Foco');
    for (const width of [390, 1366]) {
      const { page, close } = await openAdminPage(app, `/admin/usuarios?status=todos&busca=${marker}`, 'Usuários do App', width);
      // The header's and the menus' own controls stand on top by design.
      const { hidden, focused } = await focusHiddenOnWalk(page, 'header, aside, a[href="#conteudo"]', 120);
      expect(focused, 'the walk went through the list').toBeGreaterThan(30);
      expect(hidden, `${width} px`).toEqual([]);
      await close();
    }
  }, 240_000);
});

describe.skipIf(!browserAvailable)('the public site on a phone', () => {
  const PUBLIC_PATHS = ['/', '/contato', '/ajuda', '/sobre-nos', '/excluir-conta', '/politicasdeprivacidade.html'];

  async function openPublic(path: string, width: number, consent: 'true' | 'false' | null) {
    const { context, page, errors } = await browserFrom(app.browser, nextTestIp(), width);
    if (consent !== null) await context.addCookies([{ name: 'cookie_consent', value: consent, url: app.baseUrl }]);
    await page.goto(`${app.baseUrl}${path}`);
    await page.locator('footer').waitFor();
    return { context, page, errors };
  }

  it("first visit: the open menu's 'Acessar Painel' and the chat button are tappable with the cookie banner still undecided", async () => {
    const { context, page, errors } = await openPublic('/', 390, null);
    const banner = page.getByRole('region', { name: 'Aviso de cookies' });
    await banner.waitFor();
    expect(await coveredPoints(page.getByTestId('chat-flutuante')), 'chat button').toEqual([]);
    expect(await coveredPoints(banner.getByRole('button', { name: 'Aceitar' })), "the banner's own buttons").toEqual([]);

    await page.getByRole('button', { name: 'Abrir menu' }).click();
    const menu = page.locator('#menu-movel');
    await expect.poll(() => menu.boundingBox().then((box) => Math.round((box?.x ?? 0) + (box?.width ?? 0)))).toBe(390);
    await page.screenshot({ path: 'test-results/reach-menu-primeira-visita-390.png' });
    const panel = menu.getByRole('link', { name: 'Acessar Painel' });
    expect(await coveredPoints(panel), "'Acessar Painel'").toEqual([]);
    expect(await banner.count(), 'the banner is still there, undecided').toBe(1);
    const box = (await panel.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForURL(`${app.baseUrl}/admin/login`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a modal stands above the undecided cookie banner: its last action is tappable', async () => {
    const { context, page } = await openPublic('/', 390, null);
    await page.getByRole('region', { name: 'Aviso de cookies' }).waitFor();
    await page
      .getByRole('button', { name: /^Assinar / })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Finalizar assinatura' });
    const go = dialog.getByRole('link', { name: 'Continuar no WhatsApp' });
    await go.scrollIntoViewIfNeeded();
    expect(await coveredPoints(go)).toEqual([]);
    await context.close();
  });

  it('the floating buttons never cover the footer, with the banner decided or not', async () => {
    for (const consent of ['false', null] as const) {
      const { context, page } = await openPublic('/', 390, consent);
      for (const width of [360, 390, 768, 1024]) {
        await page.setViewportSize({ width, height: 800 });
        for (const path of PUBLIC_PATHS) {
          await page.goto(`${app.baseUrl}${path}`);
          await page.locator('footer').waitFor();
          if (consent === null) await page.getByRole('region', { name: 'Aviso de cookies' }).waitFor();
          // The page's script arrives after the first paint; it measures the banner.
          await page.locator('#app[data-hydrated]').waitFor({ state: 'attached' });
          // To the very end once the page stops growing (the banner's room at the bottom is added once it is measured).
          await page.evaluate(async () => {
            let height = -1;
            for (let frames = 0; frames < 30 && height !== document.documentElement.scrollHeight; frames++) {
              height = document.documentElement.scrollHeight;
              window.scrollTo({ top: height, behavior: 'instant' });
              await new Promise((settled) => requestAnimationFrame(() => requestAnimationFrame(settled)));
            }
          });
          if ((await page.evaluate(() => document.documentElement.scrollHeight)) > 1600) await page.getByRole('button', { name: 'Voltar ao topo' }).waitFor();
          // Scrolled to the very end, every footer line and link on screen (below the sticky header) is free.
          const covered = await page.locator('footer :is(a[href], button, p)').evaluateAll((targets) =>
            targets.flatMap((target) => {
              const box = target.getBoundingClientRect();
              if (box.top < 64) return [];
              const inset = Math.min(box.width, box.height) * 0.3;
              const points = [
                [box.left + box.width / 2, box.top + box.height / 2],
                [box.left + inset, box.top + inset],
                [box.right - inset, box.top + inset],
                [box.left + inset, box.bottom - inset],
                [box.right - inset, box.bottom - inset],
              ];
              return points.some(([x, y]) => {
                const top = document.elementFromPoint(x, y);
                return !top || !(top === target || target.contains(top));
              })
                ? [`${(target.getAttribute('aria-label') ?? target.textContent ?? '').trim().slice(0, 40)}`]
                : [];
            }),
          );
          expect(covered, `${path} at ${width} px (consent ${consent}): covered footer parts`).toEqual([]);
          if (width === 390 && path === '/') await page.screenshot({ path: `test-results/reach-rodape-${consent ?? 'sem-escolha'}-390.png` });
        }
      }
      await context.close();
    }
  }, 180_000);

  it('WCAG 2.4.11: what the keyboard focuses is never hidden under the sticky header or the floating buttons and banner', async () => {
    for (const [width, consent] of [
      [390, null],
      [390, 'false'],
      [1440, null],
    ] as const) {
      const { context, page } = await openPublic('/', width, consent);
      await page.locator('#app[data-hydrated]').waitFor({ state: 'attached' });
      // The header's and the dock's own controls stand on top by design; the skip link shows above everything.
      const { hidden, focused } = await focusHiddenOnWalk(page, 'header, aside[aria-label="Atalhos"], [aria-label="Aviso de cookies"], a[href="#conteudo"]');
      expect(focused, 'the walk went through the page').toBeGreaterThan(15);
      expect(hidden, `${width} px, consent ${consent}`).toEqual([]);
      await context.close();
    }
  }, 180_000);

  it("'Preferências de cookies' in the footer reopens the banner and records a new choice", async () => {
    const { context, page } = await openPublic('/contato', 390, 'true');
    expect(await page.getByRole('region', { name: 'Aviso de cookies' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Preferências de cookies' }).click();
    const banner = page.getByRole('region', { name: 'Aviso de cookies' });
    await banner.waitFor();
    await banner.getByRole('button', { name: 'Rejeitar' }).click();
    await page.waitForLoadState('load');
    await expect.poll(async () => (await context.cookies()).find((cookie) => cookie.name === 'cookie_consent')?.value).toBe('false');
    await expect.poll(() => page.getByRole('region', { name: 'Aviso de cookies' }).count()).toBe(0);
    await context.close();
  });
});

describe.skipIf(!browserAvailable)('small things staff asked for', () => {
  it("'Por onde você respondeu?' starts with nothing chosen for every contact, and Confirmar waits for a choice", async () => {
    const marker = `Canal${Date.now() % 100000}`;
    const first = await createContactRow(app.sut, { nome: `Primeiro ${marker}` });
    const second = await createContactRow(app.sut, { nome: `Segundo ${marker}` });
    const { page, close } = await openAdminPage(app, '/admin/contato', 'Contatos', 1366);
    const answer = page.getByRole('dialog', { name: 'Por onde você respondeu?' });
    for (const [contact, channel] of [
      [first, 'E-mail'],
      [second, 'WhatsApp'],
    ] as const) {
      await page.getByRole('button', { name: `Marcar contato de ${contact.nome} como respondido` }).click();
      await answer.waitFor();
      expect(await answer.getByRole('radio', { checked: true }).count()).toBe(0);
      expect(await answer.getByRole('button', { name: 'Confirmar' }).isDisabled()).toBe(true);
      await answer.getByLabel(channel).check();
      expect(await answer.getByRole('button', { name: 'Confirmar' }).isEnabled()).toBe(true);
      await answer.getByRole('button', { name: 'Confirmar' }).click();
      await page.getByText('Contato marcado como respondido!').first().waitFor();
      await answer.waitFor({ state: 'detached' });
    }
    const stored = await app.sut.dataSource.getRepository(Contact).findBy([{ id: first.id }, { id: second.id }]);
    expect(Object.fromEntries(stored.map((contact) => [contact.id, contact.responseChannel]))).toEqual({ [first.id]: 'email', [second.id]: 'whatsapp' });

    // In the details of an answered contact the channel is labelled 'Canal'.
    await page.getByRole('button', { name: /^Respondidos/ }).click();
    await page
      .locator('[data-list="table"]')
      .getByRole('button', { name: `Segundo ${marker}`, exact: true })
      .click();
    const details = page.getByRole('dialog', { name: 'Detalhes do Contato' });
    expect(
      await details
        .locator('dt', { hasText: /^Canal$/ })
        .locator('xpath=following-sibling::dd')
        .innerText(),
    ).toBe('WhatsApp');
    await close();
  });

  it('a reused 2FA code is told apart from a wrong password, on the login page', async () => {
    const admin = await createAdminFixture(app.sut, 'gestor');
    const { context, page } = await browserFrom(app.browser, admin.ip, 390);
    const code = await totpCode(admin.secret);
    const logInWith = async (password: string) => {
      await page.goto(`${app.baseUrl}/admin/login`);
      await page.getByLabel('Usuário').fill(admin.username);
      await page.getByLabel('Senha', { exact: true }).fill(password);
      await page.getByLabel('2FA').fill(code);
      await page.getByRole('button', { name: 'Entrar' }).click();
    };
    await logInWith(admin.password);
    await page.waitForURL(`${app.baseUrl}/admin/dashboard`);
    await context.clearCookies();
    await logInWith(admin.password);
    await page.getByText('Este código 2FA já foi usado. Aguarde o próximo código no aplicativo autenticador e tente novamente.').waitFor();
    await logInWith(`${admin.password}x`);
    await page.getByText('Usuário, senha ou código 2FA inválidos.').waitFor();
    await context.close();
  });

  it("'Meu IP' on a loopback address does not call it public", async () => {
    const admin = await createAdminFixture(app.sut, 'master', '127.0.0.91');
    const { context, page } = await browserFrom(app.browser, admin.ip);
    await page.goto(`${app.baseUrl}/admin/login?next=${encodeURIComponent('/admin/ips')}`);
    await page.getByLabel('Usuário').fill(admin.username);
    await page.getByLabel('Senha', { exact: true }).fill(admin.password);
    await page.getByLabel('2FA').fill(await totpCode(admin.secret));
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL(`${app.baseUrl}/admin/ips`);
    await page.getByRole('button', { name: 'Adicionar IP' }).click();
    await page.getByRole('button', { name: 'Meu IP' }).click();
    await page.getByText('Seu IP nesta conexão é 127.0.0.91, um endereço local (loopback ou rede interna), não um IP público.').waitFor();
    expect(await page.getByText('Seu IP público é 127.0.0.91').count()).toBe(0);
    await context.close();
  });

  it('the admin phone menu holds the page still while open', async () => {
    const marker = `Menu${Date.now() % 100000}`;
    await seedMarkedUsers(marker, 25, 'Rolagem');
    const { page, close } = await openAdminPage(app, `/admin/usuarios?status=todos&busca=${marker}`, 'Usuários do App', 390);
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await page.getByRole('navigation', { name: 'Painel' }).last().getByRole('link', { name: 'Empresas' }).waitFor();
    await page.mouse.move(360, 700);
    await page.mouse.wheel(0, 800);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.getByRole('button', { name: 'Fechar menu' }).click();
    await page.mouse.wheel(0, 800);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await close();
  });
});

/**
 * The pieces of an e-mail shown with <wbr> breaks (local part, '@domain', '.com'...) that were split across lines:
 * a piece on two lines is a word broken in the middle.
 */
function wrapsMidWord(locator: ReturnType<Page['locator']>): Promise<string[]> {
  return locator.evaluate((element) => {
    const broken: string[] = [];
    for (const node of element.childNodes) {
      if (node.nodeType !== Node.TEXT_NODE || !node.textContent) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
      if (lines.size > 1) broken.push(node.textContent);
    }
    return broken;
  });
}
