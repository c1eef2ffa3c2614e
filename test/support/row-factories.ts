import { Contact } from '../../src/contacts/contact.entity.js';
import { Enterprise } from '../../src/enterprises/enterprise.entity.js';
import { AppUser } from '../../src/users/app-user.entity.js';
import { freshCnpj } from './enterprise-factory.js';
import type { TestApp } from './test-app.js';

/** Rows written straight to the test database, as the mobile app or another tool would (the database computes the search columns); `values` win. */

let sequence = 0;

function appUserRow(sut: TestApp, values: Partial<AppUser>): AppUser {
  sequence += 1;
  const firstname = values.firstname ?? `Usuário${sequence}`;
  const local = firstname
    .normalize('NFD')
    .replace(/[^a-zA-Z0-9]/g, '')
    .toLowerCase();
  const email = values.email === undefined ? `${local}${sequence}.${Date.now()}@exemplo.com.br` : values.email;
  return sut.dataSource.getRepository(AppUser).create({ lastname: 'Teste', status: 1, ...values, firstname, email });
}

export async function createAppUser(sut: TestApp, values: Partial<AppUser> = {}): Promise<AppUser> {
  return sut.dataSource.getRepository(AppUser).save(appUserRow(sut, values));
}

/** Many app users at once (inserted in chunks). */
export async function createAppUsers(sut: TestApp, values: Partial<AppUser>[]): Promise<AppUser[]> {
  return sut.dataSource.getRepository(AppUser).save(
    values.map((row) => appUserRow(sut, row)),
    { chunk: 50 },
  );
}

export async function createCompanyRow(sut: TestApp, values: Partial<Enterprise> & { fantasia: string; razao: string }): Promise<Enterprise> {
  const enterprises = sut.dataSource.getRepository(Enterprise);
  return enterprises.save(enterprises.create({ logo: 'john-deere.svg', ativo: 1, ...values, cnpj: values.cnpj ?? freshCnpj() }));
}

export async function createContactRow(sut: TestApp, values: Partial<Contact> & { nome: string }): Promise<Contact> {
  const contacts = sut.dataSource.getRepository(Contact);
  return contacts.save(
    contacts.create({
      email: 'contato@exemplo.com.br',
      telefone: '43999990000',
      mensagem: 'Quero saber mais sobre o aplicativo.',
      status: 'pendente',
      ...values,
    }),
  );
}
