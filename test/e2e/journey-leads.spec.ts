import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { Contact } from '../../src/contacts/contact.entity.js';
import { loginAs, nextTestIp } from '../support/admin-session.js';
import { wcagViolations } from '../support/axe.js';
import { browserAvailable, openAdminPage, useBrowserApp } from '../support/browser.js';
import { createEnterprise } from '../support/enterprise-factory.js';

// A gestor's day on the Contatos page: visitors' messages slide into the list they are reading, its counts and the
// menu's badge agree, the toast leaves the header free and waits for them, and answering (here or by a colleague)
// moves the counts on, all without reloading the page. At a phone's width and a desktop's, with axe at each step.
const app = useBrowserApp();
mkdirSync('test-results', { recursive: true });

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** A visitor's message through the public contact form's endpoint, from an address of its own. */
async function visitorWrites(nome: string, mensagem: string): Promise<number> {
  await request(app.sut.server)
    .post('/api/contatos')
    .set('X-Forwarded-For', nextTestIp())
    .send({ nome, email: 'visitante@fazendaboavista.com.br', telefone: '43998765432', mensagem, empresa: '', origem: 'site' })
    .expect(201);
  return (await app.sut.dataSource.getRepository(Contact).findOneByOrFail({ nome })).id;
}

/** The tabs' counts and the menu's badge as the page shows them now. */
async function shownCounts(page: Page) {
  const tab = async (name: string) => Number((await page.getByRole('button', { name: new RegExp(`^${name}`) }).innerText()).match(/\d+/)![0]);
  const badge = page.locator('[data-testid="contatos-pendentes"]').first();
  return {
    pendentes: await tab('Pendentes'),
    respondidos: await tab('Respondidos'),
    badge: (await badge.count()) === 0 ? 0 : Number(await badge.innerText()),
  };
}

/** Waits until the tabs and the badge show `pendentes` and `respondidos`, the badge agreeing with the tab. */
async function countsAgree(page: Page, pendentes: number, respondidos: number) {
  await expect.poll(() => shownCounts(page), { timeout: 5_000 }).toEqual({ pendentes, respondidos, badge: pendentes });
}

/** The header's controls (menu, search, bell, profile) the toasts must leave free. */
async function headerControls(page: Page): Promise<{ name: string; box: Box }[]> {
  const controls = page.locator('header').locator('button, a');
  const found: { name: string; box: Box }[] = [];
  for (const control of await controls.all()) {
    const box = await control.boundingBox();
    if (box && (await control.isVisible())) found.push({ name: (await control.getAttribute('aria-label')) ?? (await control.innerText()), box });
  }
  return found;
}

async function expectClearOf(toast: Locator, others: { name: string; box: Box }[], width: number) {
  const box = (await toast.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  expect(box.y + box.height).toBeLessThanOrEqual(900);
  expect(others.filter((other) => overlaps(box, other.box)).map((other) => other.name)).toEqual([]);
}

describe.skipIf(!browserAvailable)('a gestor answering leads, in Chromium', () => {
  for (const width of [390, 1440]) {
    it(`sees a visitor's message slide into Contatos with the counts agreeing, opens it from the toast and answers it (${width} px)`, async () => {
      const tag = `${width}-${Date.now() % 100000}`;
      const first = `Sementes Primeira ${tag}`;
      const second = `Sementes Segunda ${tag}`;
      const firstId = await visitorWrites(first, 'Preciso de peças para a plantadeira.');
      await visitorWrites(second, 'Vocês atendem em Londrina?');

      const { page, close, errors } = await openAdminPage(app, '/admin/contato', 'Contatos', width);
      try {
        // The page runs on a clock the test drives (the toasts' time), loaded afresh with it.
        await page.clock.install();
        await page.reload();
        await page.getByRole('heading', { name: 'Contatos', level: 1 }).waitFor();
        await page.locator('[data-ao-vivo="sim"]').waitFor();
        const rows = page.locator('[data-row]').filter({ visible: true });
        await rows.filter({ hasText: second }).waitFor();
        const start = await shownCounts(page);
        expect(start.badge).toBe(start.pendentes);
        expect(await wcagViolations(page), 'Contatos before the message').toEqual([]);
        await page.screenshot({ path: `test-results/jornada-leads-inicio-${width}.png` });

        // The gestor is on the first message's answer button; the page is marked to show it is not loaded again.
        const answerFirst = page.getByRole('button', { name: `Marcar contato de ${first} como respondido` }).filter({ visible: true });
        await answerFirst.focus();
        await page.evaluate(() => {
          (window as unknown as { semRecarga: boolean }).semRecarga = true;
          // When the toast appears, by the page's clock.
          new MutationObserver(() => {
            const w = window as unknown as { toastAt?: number };
            if (w.toastAt === undefined && document.querySelector('.toast-region [role="status"]')) w.toastAt = Date.now();
          }).observe(document.body, { subtree: true, childList: true });
        });

        // A visitor writes through the site.
        const nome = `Lead da Jornada ${tag}`;
        const leadId = await visitorWrites(nome, 'Quero uma demonstração do aplicativo na fazenda.');
        const toast = page.getByRole('status').filter({ hasText: `Nova mensagem de ${nome}` });
        await toast.waitFor({ timeout: 5_000 });
        // Its time is stopped the moment it is seen, and moved on by the test from there.
        await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);

        // The message slides into the list the gestor is reading, lit, and the counts agree with the badge.
        const row = rows.filter({ hasText: nome });
        await row.waitFor({ timeout: 5_000 });
        expect(await row.getAttribute('class')).toContain('row-arrived');
        await page.screenshot({ path: `test-results/jornada-leads-linha-nova-${width}.png` });
        await countsAgree(page, start.pendentes + 1, start.respondidos);
        // Not loaded again: the mark, the address and the gestor's focus are where they were.
        expect(await page.evaluate(() => (window as unknown as { semRecarga?: boolean }).semRecarga)).toBe(true);
        expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/admin/contato');
        expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Marcar contato de ${first} como respondido`);

        // The toast leaves the header's controls free, is announced politely, and stays ten seconds untouched…
        await expectClearOf(toast, await headerControls(page), width);
        expect(await toast.locator('xpath=ancestor::*[@aria-live="polite"]').count()).toBe(1);
        const shownAt = await page.evaluate(() => (window as unknown as { toastAt: number }).toastAt);
        await page.clock.runFor(shownAt + 10_000 - (await page.evaluate(() => Date.now())));
        expect(await toast.isVisible()).toBe(true);
        // …and as long as the pointer is on it…
        await toast.hover();
        await page.clock.runFor(60_000);
        expect(await toast.isVisible()).toBe(true);
        // …or the focus is in it; Tab goes from "Abrir" to its close button and back.
        await page.mouse.move(0, 450);
        const open = toast.getByRole('link', { name: 'Abrir' });
        await open.focus();
        await page.keyboard.press('Tab');
        expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Fechar aviso');
        await page.keyboard.press('Shift+Tab');
        await page.clock.runFor(60_000);
        expect(await toast.isVisible()).toBe(true);
        expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Abrir');
        await page.clock.resume();
        expect(await wcagViolations(page), 'the list with the new message and its toast').toEqual([]);
        await page.screenshot({ path: `test-results/jornada-leads-chegou-${width}.png` });

        // "Abrir", by keyboard, opens the message.
        await page.keyboard.press('Enter');
        const details = page.getByRole('dialog', { name: 'Detalhes do Contato' });
        await details.getByText('Quero uma demonstração do aplicativo na fazenda.').waitFor();
        expect(page.url()).toBe(`${app.baseUrl}/admin/contato?abrir=${leadId}`);
        await toast.waitFor({ state: 'detached' });
        expect(await wcagViolations(page), 'the message opened from the toast').toEqual([]);
        await page.screenshot({ path: `test-results/jornada-leads-detalhes-${width}.png` });

        // Another visitor writes while the message is open: the dialog stays, the toast keeps clear of its buttons (on a
        // phone, where the dialog rises from the bottom, it stands at the top, over the dimmed header).
        const other = `Lead Seguinte ${tag}`;
        await visitorWrites(other, 'Tenho uma frota de 12 tratores.');
        const otherToast = page.getByRole('status').filter({ hasText: `Nova mensagem de ${other}` });
        await otherToast.waitFor({ timeout: 5_000 });
        const dialogButtons = await Promise.all(
          (await details.locator('button, a').all()).map(async (control) => ({
            name: (await control.getAttribute('aria-label')) ?? (await control.innerText()),
            box: (await control.boundingBox())!,
          })),
        );
        await expectClearOf(otherToast, dialogButtons, width);
        await rows.filter({ hasText: other }).waitFor({ timeout: 5_000 });
        await countsAgree(page, start.pendentes + 2, start.respondidos);
        expect(await details.isVisible()).toBe(true);
        expect(await wcagViolations(page), 'the open message with another toast').toEqual([]);
        await page.screenshot({ path: `test-results/jornada-leads-dialogo-e-aviso-${width}.png` });
        await otherToast.getByRole('button', { name: 'Fechar aviso' }).click();
        await otherToast.waitFor({ state: 'detached' });

        // The gestor marks it answered: it leaves Pendentes, and the counts agree again.
        await details.getByRole('button', { name: 'Marcar como respondido' }).click();
        const answer = page.getByRole('dialog', { name: 'Por onde você respondeu?' });
        await answer.getByLabel('WhatsApp').check();
        expect(await wcagViolations(page), 'choosing the channel').toEqual([]);
        await answer.getByRole('button', { name: 'Confirmar' }).click();
        const done = page.getByRole('status').filter({ hasText: 'Contato marcado como respondido!' });
        await done.waitFor();
        await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
        await expectClearOf(done, await headerControls(page), width);
        // A toast with nothing to do leaves by itself, in under five seconds.
        await page.clock.runFor(5_000);
        await done.waitFor({ state: 'detached' });
        await page.clock.resume();
        await expect.poll(() => rows.filter({ hasText: nome }).count()).toBe(0);
        await countsAgree(page, start.pendentes + 1, start.respondidos + 1);
        expect(await wcagViolations(page), 'the list after the answer').toEqual([]);

        // A colleague answers the first message elsewhere while the gestor is on its answer button: the row leaves this
        // list, the counts follow, and the focus moves to the row that took its place, not to the top of the page.
        const titles = async () => Promise.all((await rows.all()).map((card) => card.getByRole('button').first().innerText()));
        const before = await titles();
        const remaining = before.filter((title) => title !== first);
        const successor = remaining[Math.min(before.indexOf(first), remaining.length - 1)];
        await answerFirst.focus();
        const colleague = await loginAs(app.sut, 'gestor');
        await request(app.sut.server)
          .patch(`/api/admin/contatos/${firstId}/respondido`)
          .set({ Authorization: `Bearer ${colleague.token}`, 'X-Forwarded-For': colleague.ip })
          .send({ canal: 'email' })
          .expect(200);
        await expect.poll(() => rows.filter({ hasText: first }).count(), { timeout: 5_000 }).toBe(0);
        await countsAgree(page, start.pendentes, start.respondidos + 2);
        expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(successor);
        expect(await page.evaluate(() => (window as unknown as { semRecarga?: boolean }).semRecarga)).toBe(true);
        expect(await wcagViolations(page), 'the list after a colleague answered').toEqual([]);
        await page.screenshot({ path: `test-results/jornada-leads-fim-${width}.png` });
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    });
  }

  it('a companies list opted in the same way follows a colleague’s new company, within its search, and its counts (1440 px)', async () => {
    const marker = `Colheita${Date.now() % 100000}`;
    const { page, close, errors } = await openAdminPage(app, `/admin/empresas?busca=${marker}`, 'Empresas', 1440);
    try {
      await page.locator('[data-ao-vivo="sim"]').waitFor();
      await page.getByText('Nenhuma empresa encontrada', { exact: false }).first().waitFor();
      const tab = async (name: string) => Number((await page.getByRole('button', { name: new RegExp(`^${name}`) }).innerText()).match(/\d+/)![0]);
      expect(await tab('Todos')).toBe(0);
      const colleague = await loginAs(app.sut, 'master');
      await createEnterprise(app.sut, colleague, { fantasia: `Outra Revenda ${marker.slice(0, 4)}` });
      await createEnterprise(app.sut, colleague, { fantasia: `${marker} Implementos` });
      const rows = page.locator('[data-row]').filter({ visible: true });
      await rows.filter({ hasText: `${marker} Implementos` }).waitFor({ timeout: 5_000 });
      await expect.poll(() => tab('Todos')).toBe(1);
      expect(await rows.count()).toBe(1);
      expect(new URL(page.url()).searchParams.get('busca')).toBe(marker);
      expect(await wcagViolations(page), 'Empresas with the colleague’s company').toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('changes one after another read the list again at most once a second (1440 px)', async () => {
    const marker = `Ritmo${Date.now() % 100000}`;
    const { page, close, errors } = await openAdminPage(app, `/admin/empresas?busca=${marker}`, 'Empresas', 1440);
    try {
      // The page's clock is the test's: a second of it passes only when the test says so.
      await page.clock.install();
      await page.reload();
      await page.locator('[data-ao-vivo="sim"]').waitFor();
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
      let reads = 0;
      page.on('request', (request) => {
        if (request.headers()['x-inertia-partial-data'] && new URL(request.url()).pathname === '/admin/empresas') reads += 1;
      });
      const colleague = await loginAs(app.sut, 'master');
      const rows = page.locator('[data-row]').filter({ visible: true });
      await createEnterprise(app.sut, colleague, { fantasia: `${marker} Primeira` });
      await rows.filter({ hasText: `${marker} Primeira` }).waitFor({ timeout: 5_000 });
      expect(reads).toBe(1);
      // The next change, within the same second: the list waits for the second to pass before reading again.
      await createEnterprise(app.sut, colleague, { fantasia: `${marker} Segunda` });
      await page.waitForTimeout(1_000);
      expect(reads).toBe(1);
      expect(await rows.filter({ hasText: `${marker} Segunda` }).count()).toBe(0);
      await page.clock.runFor(1_000);
      await rows.filter({ hasText: `${marker} Segunda` }).waitFor({ timeout: 5_000 });
      expect(reads).toBe(2);
      await page.clock.resume();
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
