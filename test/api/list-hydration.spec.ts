import { describe, expect, it } from 'vitest';
import type { ObjectLiteral } from 'typeorm';
import { readPage } from '../../src/common/sql/list-query.js';
import { Contact } from '../../src/contacts/contact.entity.js';
import { Enterprise } from '../../src/enterprises/enterprise.entity.js';
import { AppUser } from '../../src/users/app-user.entity.js';
import { useAdminApp } from '../support/admin-session.js';
import { MARINGA } from '../support/enterprise-factory.js';
import { createAppUsers, createCompanyRow, createContactRow } from '../support/row-factories.js';

/*
 * A list page's rows are read with a plain statement and made into entities by the list reader itself (no query
 * runner per call, most columns stored as they come): they must be the very entities TypeORM's getMany makes of
 * the same statement, dates, nulls, numbers and accents included, on both databases.
 */
const ctx = useAdminApp();

async function bothWays<T extends ObjectLiteral>(target: new () => T, alias: string, order: string): Promise<{ plain: T[]; typeorm: T[] }> {
  const query = () => ctx.sut.dataSource.getRepository(target).createQueryBuilder(alias);
  const window = { offset: 0, limit: 50, reversed: false };
  const plain = await readPage(query, [[order, 'DESC']], window, { kept: { shape: `hydration-${alias}`, on: ctx.sut.dataSource } });
  const typeorm = await query().orderBy(order, 'DESC').offset(0).limit(50).getMany();
  return { plain, typeorm };
}

describe('the list reader’s entities', () => {
  it('are those getMany makes, column for column, for companies, app users and contacts', async () => {
    const company = await createCompanyRow(ctx.sut, {
      fantasia: 'Ñandú Máquinas 🚜',
      razao: 'Ñandú Comércio de Máquinas Agrícolas LTDA',
      cityId: MARINGA,
      inscricaoEstadual: null,
      email: 'contato@nandumaquinasagricolasdoparana.com.br',
    });
    await createAppUsers(ctx.sut, [
      { firstname: 'Élcio', lastname: 'Müller', email: 'elcio@example.com', enterpriseId: company.enterpriseId },
      { firstname: 'Zé', lastname: 'Três', email: null },
    ]);
    await createContactRow(ctx.sut, { nome: 'João Ñ. Souza', email: 'joao@example.com' });

    for (const [target, alias, order] of [
      [Enterprise, 'e', 'e.enterpriseId'],
      [AppUser, 'u', 'u.userId'],
      [Contact, 'c', 'c.id'],
    ] as const) {
      const { plain, typeorm } = await bothWays(target as new () => ObjectLiteral, alias, order);
      expect(plain.length, target.name).toBeGreaterThan(0);
      expect(plain, target.name).toEqual(typeorm);
      // The same classes and the same kinds of value (a Date is a Date, a number a number).
      for (const [index, row] of plain.entries()) {
        expect(row).toBeInstanceOf(target);
        for (const [key, value] of Object.entries(typeorm[index]))
          expect(Object.prototype.toString.call(row[key]), `${target.name}.${key}`).toBe(Object.prototype.toString.call(value));
      }
    }
  });
});
