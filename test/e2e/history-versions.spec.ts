import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { EnterpriseBilling } from '../../src/enterprises/enterprise-billing.entity.js';
import { Enterprise } from '../../src/enterprises/enterprise.entity.js';
import { HistoryService } from '../../src/history/history.service.js';
import { tabTo } from '../support/reach.js';
import { wcagViolations } from '../support/axe.js';
import { browserAvailable, openAdminPage, useBrowserApp } from '../support/browser.js';
import { freshCnpj } from '../support/enterprise-factory.js';

// Going back in a record's history, and two saves of one record meeting: what each button writes is said before
// it is pressed, at a phone's width and a desktop's, with axe at each step.
const app = useBrowserApp();
const shots = 'test-results/history-versions';
mkdirSync(shots, { recursive: true });

async function company(marker: string, billing?: string) {
  const enterprises = app.sut.dataSource.getRepository(Enterprise);
  const row = await enterprises.save(
    enterprises.create({
      razao: `${marker} Máquinas LTDA`,
      fantasia: `${marker} Máquinas`,
      cnpj: freshCnpj(),
      logo: 'john-deere.svg',
      ativo: 1,
      fone: '4333251000',
      bairro: 'Centro',
      score: 0,
    }),
  );
  if (billing) await app.sut.dataSource.getRepository(EnterpriseBilling).save({ enterpriseId: row.enterpriseId, endereco: billing, numero: '10' });
  return row;
}

const stored = (id: number) => app.sut.dataSource.getRepository(Enterprise).findOneByOrFail({ enterpriseId: id });

async function openEditForm(page: Page, name: string): Promise<Locator> {
  await page
    .getByRole('button', { name: `Editar ${name}` })
    .first()
    .click();
  const form = page.getByRole('dialog', { name: 'Editar Empresa' });
  await form.waitFor();
  return form;
}

async function saveForm(form: Locator): Promise<void> {
  await form.getByRole('button', { name: 'Salvar' }).click();
  await form.waitFor({ state: 'detached' });
}

describe.skipIf(!browserAvailable)('history versions and edit conflicts, in Chromium', () => {
  for (const width of [390, 1440]) {
    it(`a company edited three times goes back to its first edit in one step, the confirmation listing each value (${width} px)`, async () => {
      const marker = `Versao${width}${Date.now() % 100000}`;
      const name = `${marker} Máquinas`;
      const row = await company(marker);
      const { page, close, errors } = await openAdminPage(app, `/admin/empresas?busca=${marker}`, 'Empresas', width);
      try {
        let form = await openEditForm(page, name);
        await form.getByLabel('Telefone').fill('(43) 3333-0001');
        await saveForm(form);
        form = await openEditForm(page, name);
        await form.locator('#empresa-bairro').fill('Jardim Dois');
        await saveForm(form);
        form = await openEditForm(page, name);
        await form.getByLabel('Telefone').fill('(43) 3333-0003');
        await form.getByLabel('Site').fill('https://tres.com.br');
        await saveForm(form);
        // Then a colleague changes the district.
        await app.sut.app
          .get(HistoryService)
          .run({ actorId: null, actorName: 'Marina Colega', source: 'formulario' }, (manager) =>
            manager.query('UPDATE enterprises SET bairro = ? WHERE enterprise_id = ?', ['Jardim da Colega', row.enterpriseId]),
          );
        await page.reload();
        await page.getByRole('heading', { name: 'Empresas', level: 1 }).waitFor();

        await page.getByRole('button', { name }).first().click();
        const details = page.getByRole('dialog', { name: /Detalhes|Máquinas/ });
        await details.getByRole('tab', { name: 'Histórico' }).click();
        const entries = details.getByTestId('historico-entrada');
        await expect.poll(() => entries.count()).toBe(5);
        // Each entry's restore button names the fields it puts back; the newest has no version to go back to.
        await entries.nth(1).getByRole('button', { name: 'Restaurar os valores anteriores de Telefone e Site' }).waitFor();
        expect(await entries.nth(0).getByRole('button', { name: 'Voltar a esta versão' }).count()).toBe(0);
        await entries.nth(2).getByRole('button', { name: 'Restaurar o valor anterior de Bairro' }).waitFor();
        // The creation does not show the score every company starts with.
        expect(await entries.nth(4).innerText()).not.toContain('Score');
        expect(await wcagViolations(page), 'the history with its buttons').toEqual([]);

        // By keyboard alone: Tab to the entry's button, Enter; Tab to the confirmation's button, Enter.
        await tabTo(page, entries.nth(3).getByRole('button', { name: 'Voltar a esta versão' }));
        await page.keyboard.press('Enter');
        const confirm = page.getByRole('dialog', { name: 'Voltar a esta versão' });
        const values = confirm.getByTestId('valores-restaurados');
        await values.waitFor();
        const text = await values.innerText();
        expect(text).toMatch(/Bairro\s+Jardim da Colega → Centro\s+Alterado depois por .+ e Marina Colega\./);
        expect(text).toMatch(/Telefone\s+\(43\) 3333-0003 → \(43\) 3333-0001/);
        expect(text).toMatch(/Site\s+https:\/\/tres\.com\.br → —/);
        // A colleague's later change is undone too, and the confirmation names them.
        expect(await confirm.getByTestId('alteracoes-desfeitas').innerText()).toBe(
          'Desfaz as alterações feitas depois nesses campos, inclusive as de Marina Colega.',
        );
        expect(await wcagViolations(page), 'the confirmation of a version').toEqual([]);
        await page.screenshot({ path: `${shots}/voltar-${width}.png`, fullPage: true });
        await tabTo(page, confirm.getByRole('button', { name: 'Voltar a esta versão' }));
        await page.keyboard.press('Enter');
        await confirm.waitFor({ state: 'detached' });

        await expect.poll(() => entries.count()).toBe(6);
        expect(await entries.nth(0).innerText()).toContain('valores restaurados');
        expect(await stored(row.enterpriseId)).toMatchObject({ fone: '4333330001', bairro: 'Centro', site: null, version: 6 });
        expect(await wcagViolations(page), 'the history after going back').toEqual([]);
        await page.screenshot({ path: `${shots}/voltou-${width}.png`, fullPage: true });
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    });

    it(`the same admin in two tabs is told the other save was their own, in the other tab (${width} px)`, async () => {
      const marker = `Abas${width}${Date.now() % 100000}`;
      const name = `${marker} Máquinas`;
      const row = await company(marker);
      const path = `/admin/empresas?busca=${marker}`;
      const first = await openAdminPage(app, path, 'Empresas', width);
      // A second tab of the same browser session.
      const second = await first.page.context().newPage();
      await second.goto(`${app.baseUrl}${path}`);
      await second.getByRole('heading', { name: 'Empresas', level: 1 }).waitFor();
      try {
        const formA = await openEditForm(first.page, name);
        const formB = await openEditForm(second, name);
        await formA.getByLabel('Telefone').fill('(43) 3999-1234');
        await saveForm(formA);

        await formB.getByLabel('Site').fill('https://segunda-aba.com.br');
        await formB.getByRole('button', { name: 'Salvar' }).click();
        const panel = formB.getByRole('alert').filter({ hasText: 'Você alterou esta empresa' });
        await panel.waitFor();
        expect(await panel.innerText()).toMatch(/Você alterou esta empresa em outra aba ou janela às \d\d:\d\d, depois de abri-la aqui\./);
        expect(await panel.innerText()).not.toContain('outra pessoa');
        // The phone this tab did not touch already shows the other tab's value.
        expect(await formB.getByLabel('Telefone').inputValue()).toBe('(43) 3999-1234');
        await formB.getByText('Atualizado com o valor salvo por você em outra aba.').waitFor();
        expect(await wcagViolations(second), 'the conflict with another tab').toEqual([]);
        await second.screenshot({ path: `${shots}/outra-aba-${width}.png`, fullPage: true });

        await formB.getByRole('button', { name: 'Manter as minhas alterações' }).click();
        await formB.waitFor({ state: 'detached' });
        expect(await stored(row.enterpriseId)).toMatchObject({ fone: '4339991234', site: 'https://segunda-aba.com.br', version: 3 });
        expect(first.errors.filter((error) => !/412|Precondition/.test(error))).toEqual([]);
      } finally {
        await first.close();
      }
    });

    it(`two admins: "Manter as minhas alterações" lists the colleague's values it replaces, and the untouched fields take theirs (${width} px)`, async () => {
      const marker = `Colega${width}${Date.now() % 100000}`;
      const name = `${marker} Máquinas`;
      const row = await company(marker, 'Rua Antiga');
      const path = `/admin/empresas?busca=${marker}`;
      const a = await openAdminPage(app, path, 'Empresas', width);
      const b = await openAdminPage(app, path, 'Empresas', width);
      try {
        const formA = await openEditForm(a.page, name);
        const formB = await openEditForm(b.page, name);
        await formB.getByLabel('Endereço (Cobrança)').waitFor();
        // A changes the phone, the district and the billing address; B, still on the version both opened,
        // changes the phone too, and the site.
        await formA.getByLabel('Telefone').fill('(43) 3999-1234');
        await formA.locator('#empresa-bairro').fill('Vila do Colega');
        await formA.getByLabel('Endereço (Cobrança)').fill('Rua Nova do Colega');
        await saveForm(formA);
        await expect
          .poll(async () => (await app.sut.dataSource.getRepository(EnterpriseBilling).findOneByOrFail({ enterpriseId: row.enterpriseId })).endereco)
          .toBe('Rua Nova do Colega');

        await formB.getByLabel('Telefone').fill('(43) 3888-0000');
        await formB.getByLabel('Site').fill('https://meu-site.com.br');
        await formB.getByRole('button', { name: 'Salvar' }).click();
        const panel = formB.getByRole('alert').filter({ hasText: 'Esta empresa foi alterada por' });
        await panel.waitFor();
        const replaced = panel.getByTestId('conflito-substitui');
        expect(await replaced.innerText()).toMatch(/substitui este valor salvo por outra pessoa pelo seu:\s+Telefone: \(43\) 3999-1234 → \(43\) 3888-0000$/);
        // The fields B did not touch show A's values, the billing address included; B's typing stays.
        expect(await formB.locator('#empresa-bairro').inputValue()).toBe('Vila do Colega');
        await formB.getByText('Atualizado com o valor salvo por outra pessoa.').first().waitFor();
        await expect.poll(() => formB.getByLabel('Endereço (Cobrança)').inputValue()).toBe('Rua Nova do Colega');
        expect(await formB.getByLabel('Site').inputValue()).toBe('https://meu-site.com.br');
        await formB.getByText('Valor atual, salvo por outra pessoa: (43) 3999-1234').waitFor();
        expect(await wcagViolations(b.page), 'the conflict panel').toEqual([]);
        await b.page.screenshot({ path: `${shots}/colega-${width}.png`, fullPage: true });

        await formB.getByRole('button', { name: 'Manter as minhas alterações' }).click();
        await formB.waitFor({ state: 'detached' });
        expect(await stored(row.enterpriseId)).toMatchObject({ fone: '4338880000', bairro: 'Vila do Colega', site: 'https://meu-site.com.br' });
        const billing = await app.sut.dataSource.getRepository(EnterpriseBilling).findOneByOrFail({ enterpriseId: row.enterpriseId });
        expect(billing.endereco).toBe('Rua Nova do Colega');
        expect(a.errors.concat(b.errors).filter((error) => !/412|Precondition/.test(error))).toEqual([]);
      } finally {
        await a.close();
        await b.close();
      }
    });
  }
});
