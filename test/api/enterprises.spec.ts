import { ENTERPRISE_REQUIRED } from '../../src/shared/enterprise.views.js';
import { generateCnpj } from '@brazilian-utils/brazilian-utils/generate-cnpj';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { EnterpriseBilling } from '../../src/enterprises/enterprise-billing.entity.js';
import { Enterprise } from '../../src/enterprises/enterprise.entity.js';
import { Cargo } from '../../src/users/cargo.entity.js';
import { bearer, useAdminApp } from '../support/admin-session.js';
import { createEnterprise, enterpriseBody, freshCnpj, LONDRINA, MARINGA, SORRISO } from '../support/enterprise-factory.js';
import { expectRefused } from '../support/refusals.js';
import { createAppUsers } from '../support/row-factories.js';

const app = useAdminApp('gestor');

const enterpriseCount = () => app.sut.dataSource.getRepository(Enterprise).count();
const get = (path: string) => request(app.sut.server).get(`/api/admin/enterprises${path}`).set(bearer(app.admin));
const post = (body: object) => request(app.sut.server).post('/api/admin/enterprises').set(bearer(app.admin)).send(body);
const put = (path: string, body: object) => request(app.sut.server).put(`/api/admin/enterprises${path}`).set(bearer(app.admin)).send(body);
const patch = (path: string, body: object) => request(app.sut.server).patch(`/api/admin/enterprises${path}`).set(bearer(app.admin)).send(body);
const del = (path: string) => request(app.sut.server).delete(`/api/admin/enterprises${path}`).set(bearer(app.admin));

/** Asserts a 4xx with a Portuguese message (and, when named, the field's message) and no stack or SQL. */

describe('creating a company', () => {
  it('stores the normalized fields, starts active and answers the id', async () => {
    const cnpj = freshCnpj();
    const res = await post(
      enterpriseBody({
        razao: '  Agro Norte Comércio de Máquinas LTDA ',
        cnpj: `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`,
        inscricao_estadual: 'isento',
        cep: '78890-000',
        city_id: SORRISO,
        fone: '(66) 99876-5432',
        site: 'www.agronorte.com.br',
      }),
    ).expect(201);
    expect(res.body.id).toBe(res.body.enterprise_id);
    expect(res.body.data).toMatchObject({
      enterprise_id: res.body.id,
      razao: 'Agro Norte Comércio de Máquinas LTDA',
      cnpj,
      inscricao_estadual: 'ISENTO',
      cep: '78890000',
      fone: '66998765432',
      site: 'https://www.agronorte.com.br',
      city_id: SORRISO,
      cidade_nome: 'Sorriso',
      cidade_uf: 'MT',
      ativo: 1,
      score: 0,
      logo: 'john-deere.svg',
      logo_url: '/images/fabricantes/john-deere.svg',
    });
    const stored = await app.sut.dataSource.getRepository(Enterprise).findOneByOrFail({ enterpriseId: res.body.id });
    expect(stored).toMatchObject({ cnpj, ativo: 1, cityId: SORRISO });
  });

  it('accepts the alphanumeric CNPJ the Receita Federal issues since July 2026, stored in upper case', async () => {
    const cnpj = generateCnpj(2);
    const res = await post(
      enterpriseBody({ cnpj: `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`.toLowerCase() }),
    ).expect(201);
    expect(res.body.data.cnpj).toBe(cnpj);
  });

  it('leaves optional fields empty as not informed', async () => {
    const res = await post({
      razao: 'Fazenda Boa Vista',
      fantasia: 'Boa Vista',
      cnpj: freshCnpj(),
      logo: 'valtra.svg',
      inscricao_estadual: '',
      cep: '',
      site: '  ',
      city_id: null,
    }).expect(201);
    expect(res.body.data).toMatchObject({
      inscricao_estadual: null,
      cep: null,
      site: null,
      city_id: null,
      cidade_nome: null,
      representada_logo: null,
      representada_logo_url: null,
    });
  });

  it('refuses missing required fields, each with its message, and writes nothing: the required fields and no other', async () => {
    const before = await enterpriseCount();
    const res = await post({});
    expectRefused(res, 400, { field: 'razao', message: 'Informe a razão social.' });
    expect(res.body.errors).toEqual(ENTERPRISE_REQUIRED);
    expect(await enterpriseCount()).toBe(before);
  });

  it('takes a company without a logo, and edits one (an imported company, a demo one) without inventing a logo', async () => {
    const created = await post({ razao: 'Sem Logo Máquinas Ltda', fantasia: 'Sem Logo', cnpj: freshCnpj() }).expect(201);
    expect(created.body.data).toMatchObject({ logo: null, logo_url: '/images/fabricantes/default.svg' });
    const id = created.body.data.enterprise_id as number;
    const edited = await put(`/${id}`, { ...created.body.data, fone: '(43) 3325-1000', logo: null }).expect(200);
    expect(edited.body.data).toMatchObject({ fone: '4333251000', logo: null });
    // A logo that does not exist is still refused.
    const unknown = await put(`/${id}`, { ...edited.body.data, logo: 'nao-existe.svg' });
    expectRefused(unknown, 400, { field: 'logo', message: 'Logo não encontrada.' });
  });

  it.each([
    ['a wrong check digit', (cnpj: string) => `${cnpj.slice(0, 13)}${(Number(cnpj[13]) + 1) % 10}`],
    ['all digits equal', () => '11111111111111'],
    ['13 digits', (cnpj: string) => cnpj.slice(0, 13)],
    ['15 digits', (cnpj: string) => `${cnpj}1`],
    ['letters in the check digits', (cnpj: string) => `${cnpj.slice(0, 12)}AB`],
    ['other punctuation', (cnpj: string) => `${cnpj.slice(0, 8)}#${cnpj.slice(8)}`],
  ])('refuses a CNPJ with %s', async (_case, make) => {
    const before = await enterpriseCount();
    expectRefused(await post(enterpriseBody({ cnpj: make(freshCnpj()) })), 400, { field: 'cnpj', message: 'CNPJ inválido' });
    expect(await enterpriseCount()).toBe(before);
  });

  it.each([
    ['inscricao_estadual', '12AB34', 'Inscrição estadual inválida: use somente números (até 14) ou ISENTO.'],
    ['inscricao_estadual', '123456789012345', 'Inscrição estadual inválida: use somente números (até 14) ou ISENTO.'],
    ['cep', '8607-000', 'CEP inválido'],
    ['fone', '(43) 3325', 'Telefone inválido'],
    ['email', 'contato@', 'Email inválido'],
    ['site', 'javascript:alert(1)', 'Site inválido: informe um endereço como https://www.exemplo.com.br'],
    ['site', 'nao é um site', 'Site inválido: informe um endereço como https://www.exemplo.com.br'],
    ['razao', 'x'.repeat(10_000), 'A razão social deve ter no máximo 150 caracteres.'],
    ['endereco', 'x'.repeat(10_000), 'O endereço deve ter no máximo 150 caracteres.'],
    ['complemento', 'x'.repeat(10_000), 'O complemento deve ter no máximo 100 caracteres.'],
    ['city_id', 9999999, 'Cidade não encontrada.'],
    ['city_id', 'Londrina', 'Selecione a cidade na lista.'],
    ['logo', 'nao-existe.svg', 'Logo não encontrada.'],
    ['logo', '../../../etc/passwd', 'Logo não encontrada.'],
    ['representada_logo', 'outra.png', 'Logo representada não encontrada.'],
  ])('refuses an invalid %s (case %#) with a clear message and writes nothing', async (field, value, message) => {
    const before = await enterpriseCount();
    expectRefused(await post(enterpriseBody({ [field]: value })), 400, { field, message });
    expect(await enterpriseCount()).toBe(before);
  });

  it('refuses a CNPJ already registered, however it is written (409)', async () => {
    const existing = await createEnterprise(app.sut, app.admin);
    const formatted = `${existing.cnpj.slice(0, 2)}.${existing.cnpj.slice(2, 5)}.${existing.cnpj.slice(5, 8)}/${existing.cnpj.slice(8, 12)}-${existing.cnpj.slice(12)}`;
    const before = await enterpriseCount();
    const res = await post(enterpriseBody({ cnpj: formatted }));
    expectRefused(res, 409, { field: 'cnpj', message: 'Já existe uma empresa cadastrada com este CNPJ.' });
    expect(res.body.code).toBe('CNPJ_ALREADY_REGISTERED');
    expect(await enterpriseCount()).toBe(before);
  });

  it('refuses unknown fields', async () => {
    expectRefused(await post(enterpriseBody({ senha: 'x' })), 400);
  });

  it('refuses control characters and direction overrides in a name, naming the field, and stores nothing', async () => {
    const before = await enterpriseCount();
    for (const [fantasia, message] of [
      ['Agro\u0000 Norte', 'O texto contém caracteres de controle (invisíveis), que não são permitidos. Digite-o novamente.'],
      ['Agro\u0007 Norte', 'O texto contém caracteres de controle (invisíveis), que não são permitidos. Digite-o novamente.'],
      ['Agro\tNorte', 'O texto contém caracteres de controle (invisíveis), que não são permitidos. Digite-o novamente.'],
      ['Agro \u202Eetron\u202C', 'O texto contém caracteres que invertem a direção da escrita, que não são permitidos neste campo.'],
      ['Agro \u2066Norte\u2069', 'O texto contém caracteres que invertem a direção da escrita, que não são permitidos neste campo.'],
    ]) {
      expectRefused(await post(enterpriseBody({ fantasia })), 400, { field: 'fantasia', message });
    }
    expect(await enterpriseCount()).toBe(before);
  });

  it('stores text in Unicode NFC: an accent typed as a separate mark is the one character', async () => {
    const res = await post(enterpriseBody({ fantasia: 'Ma\u0301quinas Sa\u0303o Joa\u0303o' })).expect(201);
    expect(res.body.data.fantasia).toBe('Máquinas São João');
    expect((await app.sut.dataSource.getRepository(Enterprise).findOneByOrFail({ enterpriseId: res.body.id })).fantasia).toBe('Máquinas São João');
  });
});

describe('reading and updating a company', () => {
  it('answers one company with its city, and 404/400 for unknown or malformed ids', async () => {
    const created = await createEnterprise(app.sut, app.admin, { city_id: MARINGA });
    const res = await get(`/${created.enterprise_id}`).expect(200);
    expect(res.body.data).toMatchObject({ enterprise_id: created.enterprise_id, cidade_nome: 'Maringá', cidade_uf: 'PR' });
    expectRefused(await get('/999999'), 404);
    expect((await get('/999999')).body.message).toBe('Empresa não encontrada.');
    expectRefused(await get('/abc'), 400);
  });

  it('updates the editable fields and ignores the read-only ones sent back', async () => {
    const created = await createEnterprise(app.sut, app.admin);
    const res = await put(`/${created.enterprise_id}`, {
      ...created,
      fantasia: 'Terra Vermelha Matriz',
      enterprise_id: 12345,
      score: 99,
      ativo: 0,
      cidade_nome: 'Outra',
      cidade_uf: 'XX',
      created_at: '2000-01-01T00:00:00.000Z',
    }).expect(200);
    expect(res.body.data).toMatchObject({
      enterprise_id: created.enterprise_id,
      fantasia: 'Terra Vermelha Matriz',
      score: 0,
      ativo: 1,
      cidade_nome: 'Londrina',
      created_at: created.created_at,
    });
  });

  it('refuses to take another company’s CNPJ, and bad input changes nothing', async () => {
    const first = await createEnterprise(app.sut, app.admin);
    const second = await createEnterprise(app.sut, app.admin);
    expectRefused(await put(`/${second.enterprise_id}`, enterpriseBody({ cnpj: first.cnpj })), 409, { field: 'cnpj' });
    expectRefused(await put(`/${second.enterprise_id}`, enterpriseBody({ cnpj: second.cnpj, email: 'x' })), 400, { field: 'email' });
    const after = await get(`/${second.enterprise_id}`).expect(200);
    expect(after.body.data).toEqual(second);
    expectRefused(await put('/999999', enterpriseBody()), 404);
  });

  it('keeps its own CNPJ on update', async () => {
    const created = await createEnterprise(app.sut, app.admin);
    await put(`/${created.enterprise_id}`, enterpriseBody({ cnpj: created.cnpj, fantasia: 'Nova Fantasia' })).expect(200);
  });
});

describe('status', () => {
  it('deactivates and activates a company, and the active counter follows', async () => {
    const created = await createEnterprise(app.sut, app.admin);
    const active = (await get('/contador/ativos').expect(200)).body.total as number;
    const off = await patch(`/${created.enterprise_id}/status`, { ativo: 0 }).expect(200);
    expect(off.body).toMatchObject({ ok: true, ativo: 0 });
    expect((await get('/contador/ativos')).body.total).toBe(active - 1);
    await patch(`/${created.enterprise_id}/status`, { ativo: true }).expect(200);
    expect((await get('/contador/ativos')).body.total).toBe(active);
  });

  it('refuses a status other than 1/0 and an unknown company', async () => {
    const created = await createEnterprise(app.sut, app.admin);
    for (const ativo of ['sim', 2, null])
      expectRefused(await patch(`/${created.enterprise_id}/status`, { ativo }), 400, {
        field: 'ativo',
        message: 'Informe o status: 1 (ativa) ou 0 (inativa).',
      });
    expect((await get(`/${created.enterprise_id}`)).body.data.ativo).toBe(1);
    expectRefused(await patch('/999999/status', { ativo: 0 }), 404);
  });
});

describe('the list', () => {
  let marker: string;
  let ids: Record<string, number>;

  beforeAll(async () => {
    marker = `Lista${Date.now()}`;
    const make = async (fantasia: string, overrides: Record<string, unknown> = {}) =>
      (await createEnterprise(app.sut, app.admin, { fantasia: `${marker} ${fantasia}`, ...overrides })).enterprise_id;
    ids = {
      trator: await make('Tratores Paraná', {
        razao: 'Comércio de Máquinas São João LTDA',
        bairro: 'Jardim Ipiranga',
        city_id: MARINGA,
        inscricao_estadual: '4455667788',
      }),
      cem: await make('100% Agro', { razao: 'Cem Por Cento Agro_Peças LTDA', city_id: SORRISO }),
      inativa: await make('Inativa'),
    };
    await patch(`/${ids.inativa}/status`, { ativo: 0 }).expect(200);
    for (let index = 0; index < 22; index++) await make(`Página ${String(index).padStart(2, '0')}`);
  });

  it('pages by 20 by default, ordered by trade name, with total and pageSize, status todos by default', async () => {
    const first = await get(`?busca=${marker}`).expect(200);
    expect(first.body.pageSize).toBe(20);
    expect(first.body.total).toBe(25);
    expect(first.body.data).toHaveLength(20);
    expect(first.body.data[0]).toMatchObject({ fantasia: `${marker} 100% Agro`, cidade_nome: 'Sorriso', cidade_uf: 'MT' });
    const second = await get(`?busca=${marker}&page=2`).expect(200);
    expect(second.body.data).toHaveLength(5);
    const names = [...first.body.data, ...second.body.data].map((row: { fantasia: string }) => row.fantasia);
    expect(new Set(names).size).toBe(25);
  });

  it('filters by status', async () => {
    const ativos = await get(`?busca=${marker}&status=ativos&pageSize=100`).expect(200);
    expect(ativos.body.total).toBe(24);
    expect(ativos.body.data.every((row: { ativo: number }) => row.ativo === 1)).toBe(true);
    const inativos = await get(`?busca=${marker}&status=inativos`).expect(200);
    expect(inativos.body.data.map((row: { enterprise_id: number }) => row.enterprise_id)).toEqual([ids.inativa]);
  });

  it('serves the user form’s company dropdown: every active company at once', async () => {
    const res = await get('?status=ativos&pageSize=1000').expect(200);
    expect(res.body.data.length).toBe(res.body.total);
    expect(res.body.data.every((row: { ativo: number }) => row.ativo === 1)).toBe(true);
  });

  it.each([
    ['razão, ignoring accents and case', 'comercio de maquinas sao joao', 'trator'],
    ['fantasia', 'TRATORES PARANA', 'trator'],
    ['bairro', 'ipiranga', 'trator'],
    ['city without accents', 'maringa', 'trator'],
    ['IE digits', '4455667788', 'trator'],
    // Search matches words of letters and digits: % and _ separate words and are never wildcards.
    ['% as a separator, not a wildcard', '100% agro', 'cem'],
    ['_ as a separator, not a wildcard', 'agro_pecas', 'cem'],
  ])('finds by %s', async (_case, busca, key) => {
    const res = await get(`?busca=${encodeURIComponent(`${marker} ${busca}`)}`).expect(200);
    expect(res.body.data.map((row: { enterprise_id: number }) => row.enterprise_id)).toEqual([ids[key]]);
  });

  it('finds by CNPJ digits with or without punctuation, and by a part of it', async () => {
    const created = await createEnterprise(app.sut, app.admin, { fantasia: `${marker} CNPJ` });
    const cnpj = created.cnpj;
    const formatted = `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`;
    for (const busca of [cnpj, formatted, cnpj.slice(2, 10), formatted.slice(0, 10)]) {
      const res = await get(`?busca=${encodeURIComponent(busca)}`).expect(200);
      expect(
        res.body.data.map((row: { enterprise_id: number }) => row.enterprise_id),
        busca,
      ).toContain(created.enterprise_id);
    }
  });

  it('finds by UF together with another word', async () => {
    const res = await get(`?busca=${encodeURIComponent(`${marker} MT`)}&pageSize=100`).expect(200);
    expect(res.body.data.map((row: { enterprise_id: number }) => row.enterprise_id)).toEqual([ids.cem]);
  });

  it('treats SQL in the search as text', async () => {
    const before = await enterpriseCount();
    for (const busca of ["' OR '1'='1", "'; DROP TABLE enterprises; --", '" OR 1=1 --', '\\', '%_%']) {
      const res = await get(`?busca=${encodeURIComponent(busca)}`).expect(200);
      // The quotes, dashes and wildcards are only text: the search finds what its words alone find (a company
      // named "Orgânica" with a CNPJ starting with 1 is a fair match for "OR 1"), never every company.
      const words = busca.replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
      const plain = words ? (await get(`?busca=${encodeURIComponent(words)}`).expect(200)).body.total : 0;
      expect(res.body.total, busca).toBe(plain);
      if (before > 1) expect(res.body.total, busca).toBeLessThan(before);
    }
    expect(await enterpriseCount()).toBe(before);
  });

  it.each([
    ['page=abc', 'page', 'A página deve ser um número inteiro maior que zero.'],
    ['page=-1', 'page', 'A página deve ser um número inteiro maior que zero.'],
    ['page=1.5', 'page', 'A página deve ser um número inteiro maior que zero.'],
    ['pageSize=100000', 'pageSize', 'O tamanho da página deve estar entre 1 e 1000.'],
    ['pageSize=0', 'pageSize', 'O tamanho da página deve estar entre 1 e 1000.'],
    ['status=todas', 'status', 'Status inválido: use todos, ativos ou inativos.'],
    [`busca=${'a'.repeat(101)}`, 'busca', 'A busca deve ter no máximo 100 caracteres.'],
  ])('refuses the query parameter %$1s (case %#) and the list keeps working', async (query, field, message) => {
    expectRefused(await get(`?${query}`), 400, { field, message });
    await get('').expect(200);
  });
});

describe('linked users', () => {
  it('lists the app users of a company by name with their cargo and status; empty for a company without users', async () => {
    const company = await createEnterprise(app.sut, app.admin);
    const lonely = await createEnterprise(app.sut, app.admin);
    const cargo = await app.sut.dataSource.getRepository(Cargo).findOneByOrFail({ name: 'Vendedor' });
    await createAppUsers(app.sut, [
      {
        firstname: 'Bruna',
        lastname: 'Souza',
        email: `bruna${company.enterprise_id}@exemplo.com.br`,
        enterpriseId: company.enterprise_id,
        cargoId: cargo.cargoId,
        status: 1,
      },
      {
        firstname: 'Ademir',
        lastname: 'Lopes',
        email: null,
        enterpriseId: company.enterprise_id,
        cargoId: null,
        status: 0,
      },
    ]);
    const res = await get(`/${company.enterprise_id}/users`).expect(200);
    expect(res.body.data).toEqual([
      { user_id: expect.any(Number), firstname: 'Ademir', lastname: 'Lopes', email: null, cargo_nome: null, status: 0 },
      {
        user_id: expect.any(Number),
        firstname: 'Bruna',
        lastname: 'Souza',
        email: `bruna${company.enterprise_id}@exemplo.com.br`,
        cargo_nome: 'Vendedor',
        status: 1,
      },
    ]);
    expect((await get(`/${lonely.enterprise_id}/users`).expect(200)).body.data).toEqual([]);
    expectRefused(await get('/999999/users'), 404);
  });
});

describe('billing address (cobrança)', () => {
  it('starts empty, is created, read with its city, replaced and removed', async () => {
    const company = await createEnterprise(app.sut, app.admin);
    expect((await get(`/${company.enterprise_id}/cobranca`).expect(200)).body).toEqual({ ok: true, data: null });

    const saved = await put(`/${company.enterprise_id}/cobranca`, {
      endereco: 'Avenida Brasil',
      numero: '',
      complemento: 'Sala 3',
      bairro: 'Centro',
      cep: '87013-000',
      city_id: MARINGA,
    }).expect(200);
    expect(saved.body.data).toEqual({
      endereco: 'Avenida Brasil',
      numero: null,
      complemento: 'Sala 3',
      bairro: 'Centro',
      cep: '87013000',
      city_id: MARINGA,
      cidade_nome: 'Maringá',
      cidade_uf: 'PR',
    });
    expect((await get(`/${company.enterprise_id}/cobranca`)).body.data).toEqual(saved.body.data);

    await put(`/${company.enterprise_id}/cobranca`, {
      endereco: 'Rua Sergipe',
      numero: '100',
      complemento: null,
      bairro: 'Centro',
      cep: '86010-360',
      city_id: null,
    }).expect(200);
    expect((await get(`/${company.enterprise_id}/cobranca`)).body.data).toMatchObject({ endereco: 'Rua Sergipe', city_id: null, cidade_nome: null });
    expect(await app.sut.dataSource.getRepository(EnterpriseBilling).countBy({ enterpriseId: company.enterprise_id })).toBe(1);

    expect((await del(`/${company.enterprise_id}/cobranca`).expect(200)).body).toEqual({ ok: true, version: expect.any(Number) });
    expect((await get(`/${company.enterprise_id}/cobranca`)).body.data).toBeNull();
  });

  it('refuses a bad CEP, an unknown city, an empty address and an unknown company, changing nothing', async () => {
    const company = await createEnterprise(app.sut, app.admin);
    await put(`/${company.enterprise_id}/cobranca`, { endereco: 'Avenida Brasil', numero: '1', bairro: 'Centro', cep: '87013-000', city_id: MARINGA }).expect(
      200,
    );
    const before = (await get(`/${company.enterprise_id}/cobranca`)).body.data;
    expectRefused(await put(`/${company.enterprise_id}/cobranca`, { endereco: 'Outra', cep: '123' }), 400, { field: 'cep', message: 'CEP inválido' });
    expectRefused(await put(`/${company.enterprise_id}/cobranca`, { endereco: 'Outra', city_id: 1 }), 400, {
      field: 'city_id',
      message: 'Cidade não encontrada.',
    });
    expectRefused(await put(`/${company.enterprise_id}/cobranca`, { endereco: '', numero: ' ' }), 400, { field: 'endereco' });
    expectRefused(await put(`/${company.enterprise_id}/cobranca`, { endereco: 'x'.repeat(10_000) }), 400, { field: 'endereco' });
    expect((await get(`/${company.enterprise_id}/cobranca`)).body.data).toEqual(before);
    expectRefused(await put('/999999/cobranca', { endereco: 'Rua' }), 404);
    expectRefused(await get('/999999/cobranca'), 404);
  });

  it('goes with the company when it is removed from the database', async () => {
    const company = await createEnterprise(app.sut, app.admin);
    await put(`/${company.enterprise_id}/cobranca`, { endereco: 'Rua A', city_id: LONDRINA }).expect(200);
    await app.sut.dataSource.getRepository(Enterprise).delete({ enterpriseId: company.enterprise_id });
    expect(await app.sut.dataSource.getRepository(EnterpriseBilling).countBy({ enterpriseId: company.enterprise_id })).toBe(0);
  });
});

describe('access', () => {
  it('needs an admin session', async () => {
    const res = await request(app.sut.server).get('/api/admin/enterprises').set('X-Forwarded-For', app.admin.ip);
    expect(res.status).toBe(401);
    await request(app.sut.server).post('/api/admin/enterprises').set('X-Forwarded-For', app.admin.ip).send(enterpriseBody()).expect(401);
  });
});

describe('the /admin/empresas page', () => {
  const page = (query: string, headers: Record<string, string> = {}) =>
    request(app.sut.server)
      .get(`/admin/empresas${query}`)
      .set({ Cookie: app.admin.cookie, 'X-Forwarded-For': app.admin.ip, ...headers });
  const pageObject = (html: string) => JSON.parse(/<script data-page="app" type="application\/json">([\s\S]*?)<\/script>/.exec(html)![1]);

  it('opens on Ativos, with the list, the counts and the list state read from the URL', async () => {
    const first = pageObject((await page('').expect(200)).text);
    expect(first.component).toBe('Admin/Empresas');
    expect(first.props.filters).toEqual({ status: 'ativos', page: 1, busca: '', ordem: '', sentido: '' });
    expect(first.props.enterprises).toMatchObject({ page: 1, pageSize: 20, total: first.props.counts.ativos });
    expect(first.props.counts.todos).toBe(first.props.counts.ativos + first.props.counts.inativos);

    const inactive = pageObject((await page('?status=inativos&busca=%20x%20&ordem=cidade&sentido=desc').expect(200)).text);
    expect(inactive.props.filters).toEqual({ status: 'inativos', page: 1, busca: 'x', ordem: 'cidade', sentido: 'desc' });
  });

  it('falls back to the defaults on a malformed link instead of failing', async () => {
    // Each field is read with the API's own rules (ListEnterprisesQuery): one that breaks them takes its default.
    const res = pageObject((await page(`?status=todas&page=abc&busca=${'b'.repeat(300)}&ordem=razao&sentido=cima`).expect(200)).text);
    expect(res.props.filters).toEqual({ status: 'ativos', page: 1, busca: '', ordem: '', sentido: '' });
    const kept = pageObject((await page(`?status=inativos&page=0&busca=${'b'.repeat(100)}&ordem=cnpj`).expect(200)).text);
    expect(kept.props.filters).toEqual({ status: 'inativos', page: 1, busca: 'b'.repeat(100), ordem: 'cnpj', sentido: '' });
    expect(
      (
        await request(app.sut.server)
          .get(`/api/admin/enterprises?busca=${'b'.repeat(101)}`)
          .set(bearer(app.admin))
          .expect(400)
      ).body.errors,
    ).toEqual({
      busca: 'A busca deve ter no máximo 100 caracteres.',
    });
  });

  it('answers a partial reload with only the props asked for', async () => {
    const version = pageObject((await page('')).text).version;
    const res = await page('?status=todos', {
      'X-Inertia': 'true',
      'X-Inertia-Version': version,
      'X-Inertia-Partial-Component': 'Admin/Empresas',
      'X-Inertia-Partial-Data': 'enterprises,counts',
    }).expect(200);
    expect(Object.keys(res.body.props)).toEqual(expect.arrayContaining(['enterprises', 'counts']));
    expect(res.body.props.filters).toBeUndefined();
  });

  it('sends a visitor without a session to the login page', async () => {
    const res = await request(app.sut.server).get('/admin/empresas?status=inativos').set('X-Forwarded-For', app.admin.ip).expect(302);
    expect(res.headers.location).toBe(`/admin/login?next=${encodeURIComponent('/admin/empresas?status=inativos')}`);
  });
});
