import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Contact } from '../../src/contacts/contact.entity.js';
import { createAdminFixture, nextTestIp } from '../support/admin-session.js';
import { browserAvailable, browserFrom, logIn, useBrowserApp } from '../support/browser.js';

const app = useBrowserApp();

mkdirSync('test-results', { recursive: true });

describe.skipIf(!browserAvailable)('contacts in the back office, in Chromium', () => {
  it('a message sent from /contato is answered by e-mail, moves to Respondidos and is deleted', async () => {
    const nome = `Valdir Contato ${Date.now() % 100000}`;
    const mensagem = '<img src=x onerror="window.__xss=1"> Quero vender minha plantadeira de 2018.';

    // A visitor writes through the site.
    const visitor = await browserFrom(app.browser, nextTestIp(), 390);
    await visitor.page.goto(`${app.baseUrl}/contato`);
    await visitor.page.getByLabel('Nome').fill(nome);
    await visitor.page.getByLabel('E-mail').fill('valdir@sitiobomretiro.com.br');
    await visitor.page.getByLabel('Telefone').fill('4332221100');
    await visitor.page.getByLabel('Mensagem').fill(mensagem);
    await visitor.page.getByRole('button', { name: 'Enviar mensagem' }).click();
    await visitor.page.getByText('Mensagem enviada! Em breve nosso time entrará em contato.').waitFor();
    await visitor.context.close();

    // The team finds it under Pendentes.
    const admin = await createAdminFixture(app.sut, 'gestor');
    const { context, page, errors } = await browserFrom(app.browser, admin.ip);
    await page.goto(`${app.baseUrl}/admin/login?next=${encodeURIComponent('/admin/contato')}`);
    await logIn(page, admin);
    await page.waitForURL(`${app.baseUrl}/admin/contato`);
    const pendingBefore = await app.sut.dataSource.getRepository(Contact).countBy({ status: 'pendente' });
    const answeredBefore = await app.sut.dataSource.getRepository(Contact).countBy({ status: 'respondido' });
    expect(await page.getByRole('button', { name: /^Pendentes/ }).innerText()).toContain(String(pendingBefore));
    const row = page.locator('tbody tr', { hasText: nome });
    await row.waitFor();
    expect(await row.locator('td').nth(3).innerText()).toBe(`${mensagem.slice(0, 30)}…`);
    await page.screenshot({ path: 'test-results/admin-contatos-1440.png', fullPage: true });

    // Details: the whole message as text, the WhatsApp link with the international number and a greeting.
    await row.locator('td').nth(2).click();
    const details = page.getByRole('dialog', { name: 'Detalhes do Contato' });
    await details.getByText(mensagem).waitFor();
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    const whatsapp = await details.getByRole('link', { name: /WhatsApp/ }).getAttribute('href');
    expect(whatsapp).toBe(
      `https://wa.me/554332221100?text=${encodeURIComponent(`Olá, Valdir! Aqui é da equipe AgroMaq. Recebemos sua mensagem pelo site e estamos entrando em contato.`)}`,
    );
    await details.getByRole('button', { name: 'Marcar como respondido' }).click();

    const answer = page.getByRole('dialog', { name: 'Por onde você respondeu?' });
    await answer.getByLabel('E-mail').check();
    await answer.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText('Contato marcado como respondido!').waitFor();
    await expect.poll(() => page.locator('tbody tr', { hasText: nome }).count()).toBe(0);
    await expect.poll(() => page.getByRole('button', { name: /^Pendentes/ }).innerText()).toContain(String(pendingBefore - 1));

    // Respondidos: channel and time; then delete with confirmation.
    await page.getByRole('button', { name: /^Respondidos/ }).click();
    await page.waitForURL((url) => url.searchParams.get('status') === 'respondido');
    expect(await page.getByRole('button', { name: /^Respondidos/ }).innerText()).toContain(String(answeredBefore + 1));
    const answered = page.locator('tbody tr', { hasText: nome });
    await answered.waitFor();
    expect(await answered.locator('td').nth(4).innerText()).toBe('E-mail');
    expect(await answered.locator('td').nth(5).innerText()).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    await page.getByRole('button', { name: `Excluir contato de ${nome}` }).click();
    await page.getByText('Deseja excluir este contato?').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Excluir' }).click();
    await page.getByText('Contato excluído!').waitFor();
    await expect.poll(() => page.locator('tbody tr', { hasText: nome }).count()).toBe(0);
    expect(await app.sut.dataSource.getRepository(Contact).countBy({ nome })).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
