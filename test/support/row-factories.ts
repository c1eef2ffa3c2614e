import { Contact } from '../../src/contacts/contact.entity.js';
import { enterpriseSearchColumns } from '../../src/enterprises/enterprise-search.js';
import { Enterprise } from '../../src/enterprises/enterprise.entity.js';
import { AppUser } from '../../src/users/app-user.entity.js';
import { appUserSearchColumns } from '../../src/users/app-user-search.js';
import { freshCnpj } from './enterprise-factory.js';
import type { TestApp } from './test-app.js';

/** Rows written straight to the test database, with the search columns the app would compute; `values` win. */

export async function createAppUser(sut: TestApp, values: Partial<AppUser> & { firstname: string; lastname: string }): Promise<AppUser> {
  const users = sut.dataSource.getRepository(AppUser);
  const email = values.email === undefined ? `${values.firstname.toLowerCase()}.${Date.now()}@exemplo.com.br` : values.email;
  return users.save(
    users.create({
      status: 1,
      ...values,
      email,
      ...appUserSearchColumns({ firstname: values.firstname, lastname: values.lastname, email, cpf: values.cpf ?? null }),
    }),
  );
}

export async function createCompanyRow(sut: TestApp, values: Partial<Enterprise> & { fantasia: string; razao: string }): Promise<Enterprise> {
  const enterprises = sut.dataSource.getRepository(Enterprise);
  const cnpj = values.cnpj ?? freshCnpj();
  return enterprises.save(
    enterprises.create({
      logo: 'john-deere.svg',
      ativo: 1,
      ...values,
      cnpj,
      ...enterpriseSearchColumns({
        razao: values.razao,
        fantasia: values.fantasia,
        cnpj,
        inscricaoEstadual: values.inscricaoEstadual ?? null,
        bairro: values.bairro ?? null,
        cityName: null,
        uf: null,
      }),
    }),
  );
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
