import { mkdirSync } from 'node:fs';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { loginAs, nextTestIp } from '../support/admin-session.js';
import { wcagViolations } from '../support/axe.js';
import { browserAvailable, browserFrom, openAdminPage, useBrowserApp } from '../support/browser.js';
import { freshCnpj } from '../support/enterprise-factory.js';
import { longWord } from '../support/long-values.js';
import { createCompanyRow } from '../support/row-factories.js';

// Issue 30: a message sent on the public site reaches the admin's open page without a reload (toast, menu
// badge, dashboard card, bell); a colleague's save shows on an open form; a session ended elsewhere leaves at once.
const app = useBrowserApp();
mkdirSync('test-results', { recursive: true });

describe.skipIf(!browserAvailable)('live back office, in Chromium', () => {
  for (const width of [390, 1440]) {
    it(`a contact sent on the public site shows the toast, moves the badge, the card and the bell without a reload (${width} px)`, async () => {
      const admin = await openAdminPage(app, '/admin/dashboard', 'Dashboard', width);
      const visitor = await browserFrom(app.browser, nextTestIp(), width);
      try {
        const page = admin.page;
        const card = page.locator('a', { hasText: 'Contatos pendentes' });
        await card.getByText(/^\d+$/).waitFor();
        const before = Number(await card.getByText(/^\d+$/).innerText());
        // A mark on the window: still there after the message arrives, so the page was not loaded again.
        await page.evaluate(() => ((window as unknown as { semRecarga: boolean }).semRecarga = true));
        const bell = page.getByRole('button', { name: /^Notificações/ });
        await bell.waitFor();

        const nome = `${longWord('Lead', 60)} Ávila 🚜 ${width}`;
        await visitor.page.goto(`${app.baseUrl}/contato`);
        await visitor.page.getByLabel('Nome').fill(nome);
        await visitor.page.getByLabel('E-mail').fill(`visitante${width}@fazendaboavista.com.br`);
        await visitor.page.getByLabel('Telefone').pressSequentially('43998765432');
        await visitor.page.getByLabel('Mensagem').fill('Quero ver o aplicativo funcionando na fazenda.');
        await visitor.page.getByRole('button', { name: 'Enviar mensagem' }).click();
        await visitor.page.getByText('Mensagem enviada! Em breve nosso time entrará em contato.').waitFor();

        const toast = page.getByRole('status').filter({ hasText: `Nova mensagem de ${nome}` });
        await toast.waitFor({ timeout: 5_000 });
        // Announced to screen readers: the toast sits in a polite live region.
        expect(await toast.locator('xpath=ancestor::*[@aria-live="polite"]').count()).toBe(1);
        const open = toast.getByRole('link', { name: 'Abrir' });
        const box = (await open.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(width);
        await card.getByText(String(before + 1), { exact: true }).waitFor();
        expect(await page.locator('[data-testid="contatos-pendentes"]').first().innerText()).toBe(String(before + 1));
        expect(await bell.getAttribute('aria-label')).toMatch(/^Notificações: \d+ não lidas?$/);
        expect(await page.evaluate(() => (window as unknown as { semRecarga?: boolean }).semRecarga)).toBe(true);
        expect(await wcagViolations(page), 'the page with the toast').toEqual([]);
        await page.screenshot({ path: `test-results/ao-vivo-toast-${width}.png` });

        // The bell, by keyboard: Enter opens it, the message is listed, Escape closes it and gives the focus back.
        await bell.focus();
        await page.keyboard.press('Enter');
        const panel = page.getByRole('dialog', { name: 'Notificações' });
        await panel.getByText(`Nova mensagem de ${nome}`).waitFor();
        const panelBox = (await panel.boundingBox())!;
        expect(panelBox.x).toBeGreaterThanOrEqual(0);
        expect(panelBox.x + panelBox.width).toBeLessThanOrEqual(width);
        expect(await wcagViolations(page), 'the bell open').toEqual([]);
        await page.screenshot({ path: `test-results/ao-vivo-sino-${width}.png` });
        await panel.getByRole('button', { name: 'Marcar todas como lidas' }).click();
        await page.getByRole('button', { name: 'Notificações', exact: true }).waitFor();
        await page.keyboard.press('Escape');
        await panel.waitFor({ state: 'detached' });
        expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Notificações');

        // A page loaded afresh shows the same count beside Contatos (read by the server).
        await page.goto(`${app.baseUrl}/admin/dashboard`);
        if (width < 1024) await page.getByRole('button', { name: 'Abrir menu' }).click();
        const contatos = page.locator('nav[aria-label="Painel"] a[href="/admin/contato"]');
        await contatos.first().waitFor({ state: 'attached' });
        const names = await contatos.evaluateAll((links) => links.map((link) => link.textContent));
        expect(names[0]?.replace(/\s+/g, ' ')).toBe(`Contatos${before + 1}(${before + 1} pendentes)`);
        if (width < 1024) await page.getByRole('button', { name: 'Fechar menu' }).click();

        // The notification (as the toast's "Abrir") opens the message's details.
        await page.getByRole('button', { name: /^Notificações/ }).click();
        await page
          .getByRole('dialog', { name: 'Notificações' })
          .getByRole('link', { name: new RegExp(`Nova mensagem de ${nome}`) })
          .click();
        const details = page.getByRole('dialog', { name: 'Detalhes do Contato' });
        await details.getByText('Quero ver o aplicativo funcionando na fazenda.').waitFor();
        expect(page.url()).toMatch(/\/admin\/contato\?abrir=\d+$/);
      } finally {
        await visitor.context.close();
        await admin.close();
      }
    });
  }

  it('an event raised between the page and its stream still arrives: the first stream replays from the page (1440 px)', async () => {
    const { page, close } = await openAdminPage(app, '/admin/dashboard', 'Dashboard', 1440);
    try {
      // The page is loaded again with its event stream held back until a visitor's message has been stored.
      let release!: () => void;
      let asked!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const streamAsked = new Promise<void>((resolve) => (asked = resolve));
      await page.route('**/api/admin/eventos*', async (route) => {
        asked();
        await held;
        await route.continue();
      });
      await page.reload();
      await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
      await streamAsked;
      const nome = `Entre a Página e o Fluxo ${Date.now() % 100000}`;
      await request(app.sut.server)
        .post('/api/contatos')
        .set('X-Forwarded-For', nextTestIp())
        .send({ nome, email: 'entre@fazendaboavista.com.br', telefone: '43999990000', mensagem: 'Chegou antes do fluxo abrir.', empresa: '', origem: 'site' })
        .expect(201);
      release();
      await page
        .getByRole('status')
        .filter({ hasText: `Nova mensagem de ${nome}` })
        .waitFor({ timeout: 5_000 });
    } finally {
      await close();
    }
  });

  it("shows a colleague's save on an open company form, and 'Ver alterações' shows what changed (390 px)", async () => {
    const marker = `AoVivo${Date.now() % 100000}`;
    const row = await createCompanyRow(app.sut, {
      razao: `${marker} Tratores LTDA`,
      fantasia: `${marker} Tratores`,
      cnpj: freshCnpj(),
      logo: 'john-deere.svg',
      fone: '4333251000',
    });
    const admin = await openAdminPage(app, `/admin/empresas?busca=${marker}`, 'Empresas', 390);
    try {
      const page = admin.page;
      await page
        .getByRole('button', { name: `Editar ${marker} Tratores` })
        .first()
        .click();
      const form = page.getByRole('dialog', { name: 'Editar Empresa' });
      await form.waitFor();
      await form.getByLabel('Site').fill('https://www.minha-edicao.com.br');

      const colleague = await loginAs(app.sut, 'master');
      const current = await request(app.sut.server)
        .get(`/api/admin/enterprises/${row.enterpriseId}`)
        .set({ Authorization: `Bearer ${colleague.token}`, 'X-Forwarded-For': colleague.ip });
      const saved = await request(app.sut.server)
        .put(`/api/admin/enterprises/${row.enterpriseId}`)
        .set({ Authorization: `Bearer ${colleague.token}`, 'X-Forwarded-For': colleague.ip, 'If-Match': current.headers.etag })
        .send({ ...current.body.data, cidade_id: current.body.data.cidade_id ?? undefined, fone: '4339998888' });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);

      const banner = form.getByRole('status').filter({ hasText: /^Alterado por .+ agora há pouco\./ });
      await banner.waitFor({ timeout: 5_000 });
      expect(await wcagViolations(page), 'the form with the banner').toEqual([]);
      await page.screenshot({ path: 'test-results/ao-vivo-formulario-390.png', fullPage: true });
      await banner.getByRole('button', { name: 'Ver alterações' }).click();
      const panel = form.getByRole('alert').filter({ hasText: 'Esta empresa foi alterada por' });
      await panel.waitFor();
      expect(await panel.innerText()).toContain('(43) 3999-8888');
      // The admin's own typing is still in the form.
      expect(await form.getByLabel('Site').inputValue()).toBe('https://www.minha-edicao.com.br');
    } finally {
      await admin.close();
    }
  });

  it('a logout in one tab sends the other tab of the session to the login page at once, saying why', async () => {
    const admin = await openAdminPage(app, '/admin/dashboard', 'Dashboard', 1440);
    try {
      const other = await admin.page.context().newPage();
      await other.goto(`${app.baseUrl}/admin/contato`);
      await other.getByRole('heading', { name: 'Contatos', level: 1 }).waitFor();
      // The other tab's stream is open (the bell says events arrive live).
      await other.locator('[data-ao-vivo="sim"]').waitFor();
      await admin.page.getByRole('button', { name: 'Sair' }).first().click();
      await other.waitForURL(/\/admin\/login\?.*reason=sessao_encerrada/, { timeout: 3_000 });
      // The one reason: a logout in another tab (the cookie already cleared, or naming the session logged out).
      await other.getByText(/^Você saiu do painel (às \d\d:\d\d, )?em outra aba ou janela/).waitFor();
    } finally {
      await admin.close();
    }
  });
});
