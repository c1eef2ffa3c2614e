import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Enterprise } from '../../src/enterprises/enterprise.entity.js';
import { wcagViolations } from '../support/axe.js';
import { browserAvailable, openAdminPage, useBrowserApp } from '../support/browser.js';
import { freshCnpj } from '../support/enterprise-factory.js';
import { createAppUser, createContactRow } from '../support/row-factories.js';

const app = useBrowserApp();
mkdirSync('test-results', { recursive: true });

async function company(marker: string) {
  const enterprises = app.sut.dataSource.getRepository(Enterprise);
  return enterprises.save(
    enterprises.create({
      razao: `${marker} Tratores LTDA`,
      fantasia: `${marker} Tratores`,
      cnpj: freshCnpj(),
      logo: 'john-deere.svg',
      ativo: 1,
      fone: '4333251000',
    }),
  );
}

describe.skipIf(!browserAvailable)('no lost work, in Chromium', () => {
  for (const width of [390, 1440]) {
    it(`two admins edit one company: the second keeps its typing, sees the other's value, keeps its changes; the history shows both and restores (${width} px)`, async () => {
      const marker = `Conflito${width}${Date.now() % 100000}`;
      const row = await company(marker);
      const path = `/admin/empresas?busca=${marker}`;
      const a = await openAdminPage(app, path, 'Empresas', width);
      const b = await openAdminPage(app, path, 'Empresas', width);
      try {
        // Both open the edit form of the same version.
        for (const { page } of [a, b]) {
          await page
            .getByRole('button', { name: `Editar ${marker} Tratores` })
            .first()
            .click();
          await page.getByRole('dialog', { name: 'Editar Empresa' }).waitFor();
        }
        const formA = a.page.getByRole('dialog', { name: 'Editar Empresa' });
        const formB = b.page.getByRole('dialog', { name: 'Editar Empresa' });
        await formA.getByLabel('Telefone').fill('(43) 3999-1234');
        await formA.getByRole('button', { name: 'Salvar' }).click();
        await formA.waitFor({ state: 'detached' });

        await formB.getByLabel('Site').fill('https://www.conflito.com.br');
        await formB.getByRole('button', { name: 'Salvar' }).click();
        const panel = formB.getByRole('alert').filter({ hasText: 'Esta empresa foi alterada por' });
        await panel.waitFor();
        expect(await panel.innerText()).toMatch(/Esta empresa foi alterada por .+ às \d\d:\d\d, depois que você a abriu\./);
        expect(await panel.innerText()).toContain('(43) 3999-1234');
        // B's typing is still there, and the phone B did not touch already shows the other person's value.
        expect(await formB.getByLabel('Site').inputValue()).toBe('https://www.conflito.com.br');
        expect(await formB.getByLabel('Telefone').inputValue()).toBe('(43) 3999-1234');
        await formB.getByText('Atualizado com o valor salvo por outra pessoa.').waitFor();
        expect(await wcagViolations(b.page), 'the conflict panel').toEqual([]);
        await b.page.screenshot({ path: `test-results/conflito-${width}.png`, fullPage: true });

        await formB.getByRole('button', { name: 'Manter as minhas alterações' }).click();
        await formB.waitFor({ state: 'detached' });
        const saved = await app.sut.dataSource.getRepository(Enterprise).findOneByOrFail({ enterpriseId: row.enterpriseId });
        expect(saved).toMatchObject({ fone: '4339991234', site: 'https://www.conflito.com.br', version: 3 });

        // The history tab: both changes, newest first; restoring the phone change puts the old phone back.
        await b.page
          .getByRole('button', { name: `${marker} Tratores` })
          .first()
          .click();
        const details = b.page.getByRole('dialog', { name: /Detalhes|Tratores/ });
        await details.getByRole('tab', { name: 'Histórico' }).click();
        const entries = details.getByTestId('historico-entrada');
        await expect.poll(() => entries.count()).toBe(3);
        expect(await entries.nth(0).innerText()).toContain('https://www.conflito.com.br');
        expect(await entries.nth(1).innerText()).toContain('(43) 3999-1234');
        expect(await wcagViolations(b.page), 'the history tab').toEqual([]);
        await b.page.screenshot({ path: `test-results/historico-${width}.png`, fullPage: true });
        await entries.nth(1).getByRole('button', { name: 'Restaurar o valor anterior de Telefone' }).click();
        const confirm = b.page.getByRole('dialog', { name: 'Restaurar valores' });
        expect(await confirm.getByTestId('valores-restaurados').innerText()).toMatch(/Telefone\s+\(43\) 3999-1234 → \(43\) 3325-1000/);
        await b.page.getByRole('dialog', { name: 'Restaurar valores' }).getByRole('button', { name: 'Restaurar' }).click();
        await expect.poll(() => entries.count()).toBe(4);
        expect(await entries.nth(0).innerText()).toContain('valores restaurados');
        const restored = await app.sut.dataSource.getRepository(Enterprise).findOneByOrFail({ enterpriseId: row.enterpriseId });
        expect(restored).toMatchObject({ fone: '4333251000', site: 'https://www.conflito.com.br', version: 4 });
        expect(a.errors.concat(b.errors).filter((error) => !/412|Precondition/.test(error))).toEqual([]);
      } finally {
        await a.close();
        await b.close();
      }
    });
  }

  for (const width of [390, 1440]) {
    it(`the same panel and tab serve app users, contacts and the team: a user's conflict kept by keyboard, each history axe-clean (${width} px)`, async () => {
      const marker = `Hist${width}${Date.now() % 100000}`;
      const user = await createAppUser(app.sut, { firstname: marker, lastname: 'Prado' });
      const path = `/admin/usuarios?busca=${marker}`;
      const a = await openAdminPage(app, path, 'Usuários do App', width);
      const b = await openAdminPage(app, path, 'Usuários do App', width, 'master');
      try {
        for (const { page } of [a, b]) {
          await page
            .getByRole('button', { name: `Editar ${marker} Prado` })
            .first()
            .click();
          await page.getByRole('dialog', { name: 'Editar Usuário' }).waitFor();
        }
        const formA = a.page.getByRole('dialog', { name: 'Editar Usuário' });
        const formB = b.page.getByRole('dialog', { name: 'Editar Usuário' });
        await formA.getByLabel('Sobrenome').fill('Prado Lima');
        await formA.getByRole('button', { name: 'Salvar' }).click();
        await formA.waitFor({ state: 'detached' });
        await formB.getByLabel('Telefone').fill('(43) 99876-5432');
        await formB.getByLabel('Telefone').press('Enter');
        await formB.getByRole('alert').filter({ hasText: 'Este usuário foi alterado por' }).waitFor();
        expect(await formB.getByLabel('Sobrenome').inputValue()).toBe('Prado Lima');
        await formB.getByText('Atualizado com o valor salvo por outra pessoa.').waitFor();
        expect(await wcagViolations(b.page), 'the user conflict').toEqual([]);
        // By keyboard: the panel's first button is reached with Tab from the title's region and pressed with Enter.
        await formB.getByRole('button', { name: 'Manter as minhas alterações' }).focus();
        await b.page.keyboard.press('Enter');
        await formB.waitFor({ state: 'detached' });
        const [row] = (await app.sut.dataSource.query('SELECT lastname, fone, version FROM app_users WHERE user_id = ?', [user.userId])) as {
          lastname: string;
          fone: string;
          version: number;
        }[];
        expect({ ...row, version: Number(row.version) }).toEqual({ lastname: 'Prado Lima', fone: '43998765432', version: 3 });

        await b.page
          .getByRole('button', { name: `${marker} Prado` })
          .first()
          .click();
        const details = b.page.getByRole('dialog', { name: 'Detalhes do Usuário' });
        await details.getByRole('tab', { name: 'Detalhes' }).focus();
        await b.page.keyboard.press('ArrowRight');
        expect(await details.getByRole('tab', { name: 'Histórico' }).getAttribute('aria-selected')).toBe('true');
        await expect.poll(() => details.getByTestId('historico-entrada').count()).toBe(3);
        expect(await wcagViolations(b.page), 'the user history').toEqual([]);
        await b.page.screenshot({ path: `test-results/historico-usuario-${width}.png`, fullPage: true });
      } finally {
        await a.close();
        await b.close();
      }

      await createContactRow(app.sut, { nome: `${marker} Contato` });
      const contacts = await openAdminPage(app, '/admin/contato', 'Contatos', width);
      try {
        await contacts.page
          .getByRole('button', { name: `${marker} Contato` })
          .first()
          .click();
        const details = contacts.page.getByRole('dialog', { name: 'Detalhes do Contato' });
        await details.getByRole('tab', { name: 'Histórico' }).click();
        await expect.poll(() => details.getByTestId('historico-entrada').count()).toBe(1);
        expect(await details.getByTestId('historico-entrada').innerText()).toContain(`${marker} Contato`);
        expect(await wcagViolations(contacts.page), 'the contact history').toEqual([]);
      } finally {
        await contacts.close();
      }

      const team = await openAdminPage(app, '/admin/equipe', 'Equipe', width, 'master');
      try {
        await team.page
          .getByRole('button', { name: /^Histórico de / })
          .first()
          .click();
        const dialog = team.page.getByRole('dialog', { name: /^Histórico de / });
        await dialog.getByTestId('historico-entrada').first().waitFor();
        expect(await wcagViolations(team.page), 'the team history').toEqual([]);
      } finally {
        await team.close();
      }
    });
  }
});
