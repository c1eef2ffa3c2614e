import { mkdirSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { Enterprise } from '../../src/enterprises/enterprise.entity.js';
import { AdminNotification } from '../../src/live/admin-notification.entity.js';
import { Admin } from '../../src/auth/admin.entity.js';
import { AppUsersService } from '../../src/users/app-users.service.js';
import { wcagViolations } from '../support/axe.js';
import { AuthorizedIp } from '../../src/ips/authorized-ip.entity.js';
import { IpsService } from '../../src/ips/ips.service.js';
import { nextTestIp, totpCode } from '../support/admin-session.js';
import { browserAvailable, browserFrom, openAdminPage, useBrowserApp } from '../support/browser.js';
import { freshCnpj } from '../support/enterprise-factory.js';

// A staff member's day, crossing capabilities the way staff do: each journey goes through team, access, import,
// forms and history one after the other, at a phone's width and a desktop's, with axe at each step.
const app = useBrowserApp();
mkdirSync('test-results', { recursive: true });

const formatCnpj = (digits: string) => `${digits.slice(0, 2)}.${digits.slice(2, 5)}.${digits.slice(5, 8)}/${digits.slice(8, 12)}-${digits.slice(12)}`;

describe.skipIf(!browserAvailable)('a staff member’s day, in Chromium', () => {
  for (const width of [390, 1440]) {
    it(`invites a gestor while no IP serves gestors, is led to add one and hands over its code; the gestor sets a password and logs in (${width} px)`, async () => {
      // A deployment where no address serves gestors yet.
      const ips = app.sut.app.get(IpsService);
      for (const row of await app.sut.dataSource.getRepository(AuthorizedIp).findBy({ role: 'gestor' })) await ips.remove(row.id);
      const { page, close, errors } = await openAdminPage(app, '/admin/equipe', 'Equipe', width, 'master');
      try {
        const username = `gestora.${width}.${Date.now() % 100000}`;
        const nome = `Gabriela Nunes ${width}`;
        await page.getByRole('button', { name: 'Convidar colega' }).click();
        const invite = page.getByRole('dialog', { name: 'Convidar colega' });
        await invite.getByLabel('Nome').fill(nome);
        await invite.getByLabel('Usuário').fill(username);
        await invite.getByLabel('Papel').selectOption('gestor');
        await invite.getByRole('button', { name: 'Convidar' }).click();
        const linkDialog = page.getByRole('dialog', { name: 'Convite criado' });
        const warning = linkDialog.getByRole('alert');
        await warning.waitFor();
        expect(await warning.innerText()).toContain(`Nenhum IP está autorizado para gestores: ${nome} não conseguirá entrar`);
        expect(await linkDialog.innerText()).toContain(username);
        expect(await wcagViolations(page), 'the link dialog with no IP for gestors').toEqual([]);
        await page.screenshot({ path: `test-results/jornada-convite-sem-ip-${width}.png`, fullPage: true });
        const url = new URL(await linkDialog.getByLabel('Link de senha').inputValue());

        // Led to IP de Acesso in another tab (the link, shown once, stays in this one), the master authorizes the
        // gestor's address and reads its code.
        // By keyboard: Tab reaches the link inside the dialog, Enter follows it.
        const toIps = 'Cadastrar o IP em IP de Acesso (abre em outra aba)';
        for (let step = 0; step < 20 && (await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '')) !== toIps; step++)
          await page.keyboard.press('Tab');
        expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe(toIps);
        const [ipsPage] = await Promise.all([page.context().waitForEvent('page'), page.keyboard.press('Enter')]);
        await ipsPage.getByRole('heading', { name: 'IP de Acesso', level: 1 }).waitFor();
        expect(await linkDialog.getByLabel('Link de senha').inputValue()).toBe(url.href);
        await ipsPage.getByRole('button', { name: 'Adicionar IP' }).click();
        const add = ipsPage.getByRole('dialog', { name: 'Adicionar IP' });
        const ip = nextTestIp();
        await add.getByLabel('Papel dos administradores deste IP').selectOption('gestor');
        await add.getByLabel('IP', { exact: true }).fill(ip);
        await add.getByRole('button', { name: 'Salvar' }).click();
        const setup = ipsPage.getByRole('dialog', { name: 'Configurar 2FA' });
        await setup.getByRole('button', { name: 'Não consegue escanear? Ver chave manual' }).click();
        const secret = (await setup.locator('p.font-mono').innerText()).trim();
        expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
        expect(await wcagViolations(ipsPage), 'the 2FA setup').toEqual([]);
        await ipsPage.screenshot({ path: `test-results/jornada-convite-qr-${width}.png`, fullPage: true });
        await setup.getByRole('button', { name: 'Concluir' }).click();
        await ipsPage.close();

        // The gestor, from that address, sets the password at the link and logs in with the code the app computes.
        const gestor = await browserFrom(app.browser, ip, width);
        try {
          await gestor.page.goto(`${app.baseUrl}${url.pathname}${url.search}`);
          const password = 'Colheita-Farta-Safra-2026';
          await gestor.page.locator('#senha').fill(password);
          await gestor.page.locator('#confirmacao').fill(password);
          await gestor.page.getByRole('button', { name: 'Definir senha' }).click();
          await gestor.page.getByText('Senha definida.').waitFor();
          expect(await gestor.page.getByRole('status').innerText()).toContain(username);
          expect(await wcagViolations(gestor.page), 'the password set').toEqual([]);
          await gestor.page.getByRole('link', { name: 'Ir para o login' }).click();
          await gestor.page.getByLabel('Usuário').fill(username);
          await gestor.page.getByLabel('Senha', { exact: true }).fill(password);
          await gestor.page.getByLabel('2FA').fill(await totpCode(secret));
          await gestor.page.getByRole('button', { name: 'Entrar' }).click();
          await gestor.page.waitForURL(/\/admin\/dashboard/);
          expect(gestor.errors).toEqual([]);
        } finally {
          await gestor.context.close();
        }
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    });
  }

  for (const width of [390, 1440]) {
    it(`cancels a users import halfway: every text, count, summary and link speaks of users (${width} px)`, async () => {
      const marker = `cancelado${width}${Date.now() % 100000}`;
      const rows = Array.from({ length: 1_200 }, (_, index) => `Pessoa ${index};Cancelada;${marker}.${index}@fazenda.com.br`);
      const sheet = ['Nome;Sobrenome;Email', ...rows].join('\r\n');
      // The run's second chunk is held until the cancel has been asked for.
      const users = app.sut.app.get(AppUsersService);
      const write = users.importRows.bind(users);
      let release!: () => void;
      let reached!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const atSecondChunk = new Promise<void>((resolve) => (reached = resolve));
      let chunks = 0;
      const spy = vi.spyOn(users, 'importRows').mockImplementation(async (...args) => {
        if (++chunks === 2) {
          reached();
          await held;
        }
        return write(...args);
      });
      const { page, close, errors, admin } = await openAdminPage(app, '/admin/usuarios', 'Usuários do App', width, 'master');
      try {
        await page.getByRole('button', { name: 'Importar' }).click();
        const dialog = page.getByRole('dialog', { name: 'Importar usuários' });
        await dialog.getByText('Os usuários são reconhecidos pelo e-mail', { exact: false }).waitFor();
        expect(await dialog.innerText()).not.toMatch(/empresa|CNPJ/i);
        await dialog.getByLabel('Planilha').setInputFiles({ name: 'usuarios.csv', mimeType: 'text/csv', buffer: Buffer.from(sheet) });
        await dialog.getByRole('button', { name: 'Enviar planilha' }).click();
        await dialog.getByText('usuarios.csv', { exact: false }).first().waitFor();
        // An estimate, said to two figures.
        const preview = await dialog.innerText();
        expect(preview, preview.slice(0, 200)).toMatch(/cerca de 1\.[123]00 linhas/);
        await dialog.getByRole('button', { name: 'Continuar' }).click();
        await dialog.getByRole('button', { name: 'Importar', exact: true }).click();
        await atSecondChunk;
        await dialog.getByText('Ao cancelar, a importação para depois do lote atual, e os usuários já gravados continuam cadastrados.').waitFor();
        expect(await wcagViolations(page), 'the users import under way').toEqual([]);
        await dialog.getByRole('button', { name: 'Cancelar importação' }).click();
        release();
        await dialog.getByRole('heading', { name: 'Importação cancelada: as linhas já processadas foram mantidas' }).waitFor({ timeout: 15_000 });
        const counts = (await dialog.locator('dl > div').allInnerTexts()).map((text) => text.replace(/\s+/g, ' '));
        expect(counts).toEqual(['Criados 1.000', 'Atualizados 0', 'Sem alteração 0', 'Com erro 0']);
        expect(await dialog.innerText()).toMatch(/1\.000 de cerca de 1\.[123]00 linhas/);
        expect(await dialog.innerText()).not.toMatch(/empresa|CNPJ/i);
        expect(await wcagViolations(page), 'the cancelled users import').toEqual([]);
        await page.screenshot({ path: `test-results/jornada-usuarios-cancelada-${width}.png`, fullPage: true });

        // The bell's summary names the users, keeps the rows' counts, and leads to the users' list.
        const { adminId } = await app.sut.dataSource.getRepository(Admin).findOneByOrFail({ username: admin.username });
        const notices = await app.sut.dataSource.getRepository(AdminNotification).findBy({ adminId, kind: 'tarefa.concluida' });
        expect(notices.map((notice) => [notice.title, notice.link])).toEqual([
          [
            'Importação de usuários cancelada: as 1.000 linhas já processadas foram mantidas (1.000 criados, 0 atualizados, 0 sem alteração, 0 com erro).',
            '/admin/usuarios',
          ],
        ]);
        expect(errors).toEqual([]);
      } finally {
        release();
        spy.mockRestore();
        await close();
      }
    });
  }

  for (const width of [390, 1440]) {
    it(`imports a dealer network's sheet (a CNPJ twice, no logos), fixes an imported company's phone, then restores it from the history (${width} px)`, async () => {
      const marker = `Rede${width}${Date.now() % 100000}`;
      const cnpjs = [freshCnpj(), freshCnpj(), freshCnpj()];
      const sheet = [
        'CNPJ;Nome Fantasia;Razão Social;Telefone;Cidade;UF',
        `${formatCnpj(cnpjs[0])};${marker} Matriz;${marker} Matriz Máquinas Ltda;(43) 3325-1000;Londrina;PR`,
        `${formatCnpj(cnpjs[1])};${marker} Filial Sul;${marker} Filial Sul Ltda;(51) 3221-4000;Porto Alegre;RS`,
        `${formatCnpj(cnpjs[2])};${marker} Filial Oeste;${marker} Filial Oeste Ltda;(67) 3321-5000;Campo Grande;MS`,
        `${cnpjs[0]};${marker} Matriz de Novo;${marker} Outra Razão Ltda;(43) 3325-9999;Londrina;PR`,
      ].join('\r\n');
      const { page, close, errors } = await openAdminPage(app, '/admin/empresas', 'Empresas', width);
      try {
        // The import: the repeated CNPJ is shown in the preview, with the line of the first.
        await page.getByRole('button', { name: 'Importar' }).click();
        const dialog = page.getByRole('dialog', { name: 'Importar empresas' });
        await dialog.getByLabel('Planilha').setInputFiles({ name: 'rede.csv', mimeType: 'text/csv', buffer: Buffer.from(sheet) });
        await dialog.getByRole('button', { name: 'Enviar planilha' }).click();
        await dialog.getByText('CNPJ repetido na planilha: a linha 2 já tem este CNPJ.', { exact: false }).waitFor();
        expect(await wcagViolations(page), 'the preview with the repeated CNPJ').toEqual([]);
        await page.screenshot({ path: `test-results/jornada-rede-previa-${width}.png`, fullPage: true });
        await dialog.getByRole('button', { name: 'Continuar' }).click();
        await dialog.getByRole('button', { name: 'Importar', exact: true }).click();
        await dialog.getByRole('heading', { name: 'Importação concluída' }).waitFor({ timeout: 15_000 });
        const counts = (await dialog.locator('dl > div').allInnerTexts()).map((text) => text.replace(/\s+/g, ' '));
        expect(counts).toEqual(['Criadas 3', 'Atualizadas 0', 'Sem alteração 0', 'Com erro 1']);
        await dialog.getByRole('button', { name: 'Fechar', exact: true }).last().click();
        await dialog.waitFor({ state: 'detached' });
        const enterprises = app.sut.dataSource.getRepository(Enterprise);
        expect(await enterprises.findOneByOrFail({ cnpj: cnpjs[0] })).toMatchObject({ fantasia: `${marker} Matriz`, fone: '4333251000', logo: null });

        // The form: an imported company, without a logo, takes a new phone.
        await page.goto(`${app.baseUrl}/admin/empresas?busca=${marker}%20Matriz`);
        await page
          .getByRole('button', { name: `Editar ${marker} Matriz` })
          .first()
          .click();
        const form = page.getByRole('dialog', { name: 'Editar Empresa' });
        await form.waitFor();
        expect(await wcagViolations(page), 'the form of an imported company').toEqual([]);
        await form.getByLabel('Telefone').fill('(43) 3399-7777');
        await form.getByRole('button', { name: 'Salvar' }).click();
        await form.waitFor({ state: 'detached' });
        expect(await enterprises.findOneByOrFail({ cnpj: cnpjs[0] })).toMatchObject({ fone: '4333997777', logo: null });

        // The history: the edit's entry, undone, gives the imported phone back.
        await page
          .getByRole('button', { name: `${marker} Matriz` })
          .first()
          .click();
        const details = page.getByRole('dialog', { name: /Detalhes|Matriz/ });
        await details.getByRole('tab', { name: 'Histórico' }).click();
        const entries = details.getByTestId('historico-entrada');
        await expect.poll(() => entries.count()).toBe(2);
        expect(await entries.nth(0).innerText()).toContain('(43) 3399-7777');
        expect(await wcagViolations(page), 'the history of an imported company').toEqual([]);
        await page.screenshot({ path: `test-results/jornada-rede-historico-${width}.png`, fullPage: true });
        expect(await entries.nth(1).innerText()).toContain('Criação por');
        expect(await entries.nth(1).innerText()).toContain('Importação');
        await entries.nth(0).getByRole('button', { name: 'Restaurar o valor anterior de Telefone' }).click();
        await page.getByRole('dialog', { name: 'Restaurar valores' }).getByRole('button', { name: 'Restaurar' }).click();
        await expect.poll(() => entries.count()).toBe(3);
        expect(await enterprises.findOneByOrFail({ cnpj: cnpjs[0] })).toMatchObject({ fantasia: `${marker} Matriz`, fone: '4333251000', logo: null });
        expect(await wcagViolations(page), 'the history after the restore').toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    });
  }
});
