import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, useAdminApp } from '../support/admin-session.js';
import { settleFulltext } from '../support/test-app.js';

// App users are registered by the mobile app and companies may be loaded by other tools: a row written with
// plain SQL, natural columns only, must be counted, listed, sorted and found like one the back office wrote
// (the database computes the search and ordering columns: migration SearchOwnedByDatabase).
const app = useAdminApp('master');
const get = (path: string) => request(app.sut.server).get(path).set(bearer(app.admin));
const sql = (text: string, params: unknown[] = []) => app.sut.dataSource.query(text, params);

const companyIds = (body: { data: { enterprise_id: number }[] }) => body.data.map((row) => row.enterprise_id);
const userIds = (body: { data: { user_id: number }[] }) => body.data.map((row) => row.user_id);

interface Inserted {
  companies: Record<'agro' | 'bravo' | 'alfa', number>;
  users: Record<'joao' | 'ines' | 'zeca', number>;
  cargo: number;
}

/** The id of the row a plain INSERT just wrote. */
async function insertId(statement: string, params: unknown[], table: string, key: string): Promise<number> {
  await sql(statement, params);
  const [row] = (await sql(`SELECT MAX(${key}) AS id FROM ${table}`)) as { id: number | string }[];
  return Number(row.id);
}

const insertCompany = (values: {
  razao: string;
  fantasia: string;
  cnpj: string;
  ie: string | null;
  bairro: string | null;
  cityId: number | null;
  ativo: number;
}) =>
  insertId(
    'INSERT INTO enterprises (razao, fantasia, cnpj, inscricao_estadual, bairro, city_id, ativo) VALUES (?, ?, ?, ?, ?, ?, ?)',
    [values.razao, values.fantasia, values.cnpj, values.ie, values.bairro, values.cityId, values.ativo],
    'enterprises',
    'enterprise_id',
  );

const insertUser = (values: {
  firstname: string;
  lastname: string;
  email: string | null;
  cpf: string | null;
  enterpriseId: number | null;
  cargoId: number | null;
  status: number;
}) =>
  insertId(
    'INSERT INTO app_users (firstname, lastname, email, cpf, enterprise_id, cargo_id, status, date_added) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    [values.firstname, values.lastname, values.email, values.cpf, values.enterpriseId, values.cargoId, values.status, '2026-03-10 15:00:00'],
    'app_users',
    'user_id',
  );

describe('rows written with plain SQL, natural columns only', () => {
  let rows: Inserted;

  beforeAll(async () => {
    const [city] = (await sql("SELECT city_id FROM cities WHERE name = 'Maringá' AND code = 'PR'")) as { city_id: number }[];
    const [cargo] = (await sql("SELECT cargo_id FROM cargos WHERE name = 'Gerente Comercial'")) as { cargo_id: number }[];
    const agro = await insertCompany({
      razao: 'Agropecuária Xaréu Comércio de Máquinas LTDA',
      fantasia: 'Ágil Xaréu Tratores',
      cnpj: '41987654000137',
      ie: '9034567812',
      bairro: 'Jardim Alvorada',
      cityId: city.city_id,
      ativo: 1,
    });
    const bravo = await insertCompany({
      razao: 'Bravo Xaréu Implementos LTDA',
      fantasia: 'bravo xaréu',
      cnpj: '41987654000218',
      ie: null,
      bairro: null,
      cityId: null,
      ativo: 0,
    });
    const alfa = await insertCompany({
      razao: 'Alfa Xaréu Peças LTDA',
      fantasia: 'Alfa Xaréu',
      cnpj: '41987654000390',
      ie: 'ISENTO',
      bairro: null,
      cityId: null,
      ativo: 1,
    });
    rows = {
      companies: { agro, bravo, alfa },
      cargo: cargo.cargo_id,
      users: {
        joao: await insertUser({
          firstname: 'João',
          lastname: 'Conceição Xaréu',
          email: 'joao.conceicao@fazenda-xareu.com.br',
          cpf: '52998224725',
          enterpriseId: agro,
          cargoId: cargo.cargo_id,
          status: 1,
        }),
        ines: await insertUser({ firstname: 'Inês', lastname: 'Xaréu', email: null, cpf: null, enterpriseId: agro, cargoId: null, status: 0 }),
        zeca: await insertUser({
          firstname: 'Zeca',
          lastname: 'Peão',
          email: 'zeca@exemplo.com.br',
          cpf: '11144477735',
          enterpriseId: null,
          cargoId: null,
          status: 1,
        }),
      },
    };
  });

  it('lists and counts the companies, sorted by name without regard to accents or case', async () => {
    const list = (await get('/api/admin/enterprises?busca=xareu&pageSize=50').expect(200)).body;
    expect(companyIds(list)).toEqual([rows.companies.agro, rows.companies.alfa, rows.companies.bravo]);
    expect(list.total).toBe(3);
    const active = (await get('/api/admin/enterprises?status=ativos&busca=xareu').expect(200)).body;
    expect(companyIds(active)).toEqual([rows.companies.agro, rows.companies.alfa]);
    const counted = (await sql('SELECT COUNT(*) AS total FROM enterprises WHERE ativo = 1')) as { total: number | string }[];
    expect((await get('/api/admin/enterprises/contador/ativos').expect(200)).body.total).toBe(Number(counted[0].total));
  });

  it.each([
    ['razão without accents', 'agropecuaria xareu'],
    ['fantasia in another case', 'AGIL'],
    ['the city, with its accent left out', 'maringa xareu'],
    ['the UF', 'xareu pr'],
    ['the bairro', 'alvorada'],
    ['the whole CNPJ, with its punctuation', '41.987.654/0001-37'],
    ['a part of the CNPJ', '87654000137'],
    ['a part of the IE', '45678'],
  ])('finds a company by %s', async (_, busca) => {
    const found = (await get(`/api/admin/enterprises?busca=${encodeURIComponent(busca)}`).expect(200)).body;
    expect(companyIds(found)).toEqual([rows.companies.agro]);
  });

  it.each([
    ['name without accents', 'joao conceicao', ['joao']],
    ['surname in capitals', 'XAREU', ['joao', 'ines']],
    ['the start of the e-mail', 'joao.conceicao@fazenda', ['joao']],
    ['a word of the e-mail domain', 'fazenda xareu', ['joao']],
    ['the whole CPF, with its punctuation', '529.982.247-25', ['joao']],
    ['a part of the CPF', '8224725', ['joao']],
    ['the company’s fantasia', 'agil tratores', ['joao', 'ines']],
    ['the company’s razão and the user’s name', 'agropecuaria ines', ['ines']],
    ['the cargo', 'gerente comercial xareu', ['joao']],
  ] as const)('finds app users by %s', async (_, busca, expected) => {
    const found = (await get(`/api/admin/users?busca=${encodeURIComponent(busca)}`).expect(200)).body;
    expect(new Set(userIds(found))).toEqual(new Set(expected.map((name) => rows.users[name])));
    expect(found.total).toBe(expected.length);
  });

  it('counts the users in the kept counts and lists a company’s users by name', async () => {
    const counted = (await sql('SELECT status, COUNT(*) AS total FROM app_users GROUP BY status')) as { status: number | string; total: number | string }[];
    const active = Number(counted.find((row) => Number(row.status) === 1)?.total ?? 0);
    expect((await get('/api/admin/users/contador/ativos').expect(200)).body.total).toBe(active);
    const day = (await get('/api/admin/users?date_from=2026-03-10&date_to=2026-03-10&pageSize=50').expect(200)).body;
    expect(new Set(userIds(day))).toEqual(new Set(Object.values(rows.users)));
    const linked = (await get(`/api/admin/enterprises/${rows.companies.agro}/users`).expect(200)).body.data as { user_id: number }[];
    expect(linked.map((row) => row.user_id)).toEqual([rows.users.ines, rows.users.joao]);
  });

  it('follows plain UPDATEs: a renamed user, and users found by their company’s new name only', async () => {
    await sql('UPDATE app_users SET firstname = ?, email = ?, cpf = NULL WHERE user_id = ?', ['Zacarias', 'zacarias@exemplo.com.br', rows.users.zeca]);
    expect(userIds((await get('/api/admin/users?busca=zacarias').expect(200)).body)).toEqual([rows.users.zeca]);
    expect(userIds((await get('/api/admin/users?busca=zeca').expect(200)).body)).toEqual([]);
    expect(userIds((await get('/api/admin/users?busca=11144477735').expect(200)).body)).toEqual([]);

    await sql('UPDATE enterprises SET fantasia = ?, razao = ? WHERE enterprise_id = ?', ['Órbita Colheitas', 'Órbita Colheitas LTDA', rows.companies.agro]);
    const renamed = (await get('/api/admin/users?busca=orbita%20colheitas').expect(200)).body;
    expect(new Set(userIds(renamed))).toEqual(new Set([rows.users.joao, rows.users.ines]));
    expect(renamed.total).toBe(2);
    expect((await get('/api/admin/users?busca=agil%20tratores').expect(200)).body.total).toBe(0);
    expect(companyIds((await get('/api/admin/enterprises?busca=orbita').expect(200)).body)).toEqual([rows.companies.agro]);
  });

  it('keeps the derived columns in the database', async () => {
    const [user] = (await sql('SELECT sort_name, search_text FROM app_users WHERE user_id = ?', [rows.users.joao])) as {
      sort_name: string;
      search_text: string;
    }[];
    expect(user.sort_name).toBe('joao conceicao xareu');
    expect(user.search_text.split(/\s+/).filter(Boolean)).toEqual(
      expect.arrayContaining(['joao', 'conceicao', 'xareu', 'fazenda', 'com', 'br', '52998224725', '8224725', '4725']),
    );
    expect(user.search_text.split(/\s+/)).not.toContain('725');
  });

  it('finds users by a company word shared by more companies than the search lists by id', async () => {
    // 1,001 companies named "Safra Larga N": past the id list (COMPANY_IDS_MAX), the search reads each user's company.
    const values = Array.from(
      { length: 1001 },
      (_, index) => `('Safra Larga ${index} LTDA', 'Safra Larga ${index}', '${String(77_000_000_000_000 + index)}', 1)`,
    );
    await sql(`INSERT INTO enterprises (razao, fantasia, cnpj, ativo) VALUES ${values.join(', ')}`);
    // Seen on MariaDB under load without it: a MATCH of all 1,001 names, a moment after the insert, returned none.
    await settleFulltext(app.sut, ['enterprises']);
    const [first] = (await sql("SELECT enterprise_id FROM enterprises WHERE cnpj = '77000000000000'")) as { enterprise_id: number }[];
    const [last] = (await sql("SELECT enterprise_id FROM enterprises WHERE cnpj = '77000000001000'")) as { enterprise_id: number }[];
    const linked = await insertUser({
      firstname: 'Quitéria',
      lastname: 'Campos',
      email: null,
      cpf: null,
      enterpriseId: first.enterprise_id,
      cargoId: null,
      status: 1,
    });
    const other = await insertUser({
      firstname: 'Rosário',
      lastname: 'Campos',
      email: null,
      cpf: null,
      enterpriseId: last.enterprise_id,
      cargoId: rows.cargo,
      status: 0,
    });
    const own = await insertUser({ firstname: 'Safra', lastname: 'Larga Campos', email: null, cpf: null, enterpriseId: null, cargoId: null, status: 1 });
    const found = (await get('/api/admin/users?busca=safra%20larga%20campos&pageSize=50').expect(200)).body;
    expect(new Set(userIds(found))).toEqual(new Set([linked, other, own]));
    expect(found.total).toBe(3);
    expect((await get('/api/admin/users?busca=safra%20larga%20campos&status=inativos').expect(200)).body.total).toBe(1);
    // Every term in more companies than the id list holds: each user's company row is read.
    expect(new Set(userIds((await get('/api/admin/users?busca=safra%20larga&pageSize=50').expect(200)).body))).toEqual(new Set([linked, other, own]));
    expect(userIds((await get('/api/admin/users?busca=larga%20gerente%20rosario').expect(200)).body)).toEqual([other]);
  });
});
