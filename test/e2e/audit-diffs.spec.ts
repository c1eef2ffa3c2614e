import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { wcagViolations } from '../support/axe.js';
import { browserAvailable, openAdminPage, useBrowserApp } from '../support/browser.js';
import { LONDRINA } from '../support/enterprise-factory.js';
import { createCompanyRow } from '../support/row-factories.js';

// A company's phone and city changed in its form read in Auditoria as its history says them: only what changed,
// "Campo: antes → depois", the city by name, the company by name with a link that opens it.
const app = useBrowserApp();
mkdirSync('test-results', { recursive: true });

describe.skipIf(!browserAvailable)('Auditoria says what a form changed, in Chromium', () => {
  for (const width of [390, 1440]) {
    it(`an edit of a company's phone and city reads as "Telefone: antes → depois" and "Cidade - UF", linked to the company (${width} px)`, async () => {
      const marker = `Auditada${width}${Date.now() % 100000}`;
      const fantasia = `Agro Sul ${marker}`;
      // A long e-mail without spaces: the entry wraps it instead of widening the page.
      const longEmail = `vendas.maquinas.agricolas.departamento.comercial.${width}@agrosulauditadaimplementos.com.br`;
      const company = await createCompanyRow(app.sut, {
        fantasia,
        razao: `${fantasia} Implementos Agrícolas Ltda`,
        fone: '4333251000',
        cityId: LONDRINA,
        email: 'contato@agrosul.com.br',
      });
      const { page, close, errors } = await openAdminPage(app, `/admin/empresas?busca=${marker}`, 'Empresas', width, 'master');
      try {
        await page
          .getByRole('button', { name: `Editar ${fantasia}` })
          .first()
          .click();
        const form = page.getByRole('dialog', { name: 'Editar Empresa' });
        await form.waitFor();
        await form.getByLabel('Telefone').fill('(43) 3399-7777');
        await form.getByRole('combobox', { name: 'Cidade', exact: true }).fill('maringa');
        await form.getByRole('option', { name: 'Maringá - PR' }).click();
        await form.getByLabel('Email').fill(longEmail);
        await form.getByRole('button', { name: 'Salvar' }).click();
        await form.waitFor({ state: 'detached' });

        await page.goto(`${app.baseUrl}/admin/auditoria?acao=enterprise.update`);
        await page.getByRole('heading', { name: 'Auditoria', level: 1 }).waitFor();
        const entry = page
          .getByRole('listitem')
          .filter({ has: page.getByRole('link', { name: fantasia }) })
          .first();
        const text = (await entry.innerText()).replace(/\s+/g, ' ');
        expect(text).toContain(`Empresa editada · Empresa ${fantasia}`);
        expect(text).toContain('Telefone: (43) 3325-1000 → (43) 3399-7777');
        expect(text).toContain('Cidade: Londrina - PR → Maringá - PR');
        expect(text).toContain(`E-mail: contato@agrosul.com.br → ${longEmail}`);
        // Only what changed: the company's other fields are not in the entry, nor the record as it was sent.
        expect(text).not.toContain('Razão social');
        expect(text).not.toContain('city_id');
        expect(await wcagViolations(page), 'Auditoria with a company edit').toEqual([]);
        // Nothing wider than the page: long values wrap.
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        const box = await entry.boundingBox();
        expect(box!.x + box!.width).toBeLessThanOrEqual(width);
        await page.screenshot({ path: `test-results/auditoria-diferencas-${width}.png`, fullPage: true });

        // The company's name opens it.
        await entry.getByRole('link', { name: fantasia }).click();
        await page.waitForURL(`${app.baseUrl}/admin/empresas?status=todos&abrir=${company.enterpriseId}`);
        const details = page.getByRole('dialog').filter({ hasText: fantasia });
        await details.waitFor();
        expect(await details.innerText()).toContain('(43) 3399-7777');
        expect(await wcagViolations(page), 'the company opened from Auditoria').toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    });
  }
});
