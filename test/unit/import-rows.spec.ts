import { ENTERPRISE_REQUIRED } from '../../src/shared/enterprise.views.js';
import { IMPORT_FIELDS } from '../../src/imports/import-fields.js';
import { describe, expect, it } from 'vitest';
import { checkCompanyRow, cityOf, leadingZerosBack, statusOf, type RowLookups } from '../../src/imports/row-rules.js';

// A spreadsheet row goes through the company form's own rules (issue 31), with the references a sheet names
// (a city by name and UF or IBGE code, a logo by file name) looked up.
const CITIES = [
  { cityId: 4113700, name: 'Londrina', code: 'PR' },
  { cityId: 3550308, name: 'São Paulo', code: 'SP' },
  { cityId: 3106200, name: 'Bom Jesus', code: 'MG' },
  { cityId: 4302402, name: 'Bom Jesus', code: 'RS' },
];
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
const lookups: RowLookups = {
  citiesNamed: async (name, uf) => CITIES.filter((city) => fold(city.name) === fold(name) && (!uf || city.code === uf.toUpperCase())),
  cityExists: async (id) => CITIES.some((city) => city.cityId === id),
  logo: async (name) => ['john-deere.svg', 'valtra.png'].find((file) => file === name || file.replace(/\.\w+$/, '') === name.toLowerCase()) ?? null,
};

const good = { cnpj: '11.222.333/0001-81', fantasia: 'Agro Sul', razao: 'Agro Sul Máquinas Ltda', cidade: 'londrina', uf: 'pr', fone: '(43) 3325-1000' };

describe('a company row', () => {
  it('passes the form rules and becomes the form input, with the city found and no logo (the placeholder stands in)', async () => {
    const row = await checkCompanyRow(good, lookups, false);
    expect(row.errors).toEqual({});
    expect(row.value).toMatchObject({ cnpj: '11.222.333/0001-81', fantasia: 'Agro Sul', city_id: 4113700, logo: null });
    expect(row.ativo).toBeNull();
  });

  it("gets the form's own messages, and a sheet's own for a city or logo it names wrongly", async () => {
    const row = await checkCompanyRow({ ...good, cnpj: '11.222.333/0001-82', email: 'sem-arroba', cidade: 'Atlântida', logo: 'massey' }, lookups, true);
    expect(row.value).toBeNull();
    expect(row.errors).toEqual({
      cnpj: 'CNPJ inválido',
      email: 'Email inválido',
      cidade: 'Cidade não encontrada em PR.',
      logo: 'Logo não encontrada: use o nome do arquivo de uma das logos cadastradas.',
    });
    expect((await checkCompanyRow({ cnpj: '', fantasia: ' ', razao: '' }, lookups, false)).errors).toMatchObject({
      cnpj: 'Informe o CNPJ.',
      fantasia: 'Informe o nome fantasia.',
      razao: 'Informe a razão social.',
    });
  });

  it('finds the logo by file name with or without its extension, and reads the status words of a sheet', async () => {
    expect((await checkCompanyRow({ ...good, logo: 'Valtra' }, lookups, true)).value?.logo).toBe('valtra.png');
    expect((await checkCompanyRow({ ...good, logo: '' }, lookups, true)).value?.logo).toBeNull();
    expect((await checkCompanyRow({ ...good, status: 'Inativa' }, lookups, false)).ativo).toBe(0);
    expect((await checkCompanyRow({ ...good, status: 'talvez' }, lookups, false)).errors.status).toBe('Status inválido: use Ativa ou Inativa.');
    expect([statusOf('Ativo'), statusOf('SIM'), statusOf('0'), statusOf(''), statusOf('x'.repeat(10_000))]).toEqual([1, 1, 0, null, undefined]);
  });
});

describe("a company's required fields", () => {
  it('are ENTERPRISE_REQUIRED alone, with its messages, in the form’s rules, the import’s rows and the import’s mapping', async () => {
    // An empty row, as the form's DTO refuses it: the required fields, and nothing else (not the logo).
    expect((await checkCompanyRow({ cnpj: '', fantasia: '', razao: '' }, lookups, true)).errors).toEqual(ENTERPRISE_REQUIRED);
    const required = IMPORT_FIELDS.empresas.filter((field) => field.obrigatorio).map((field) => field.campo);
    expect(required.toSorted()).toEqual(Object.keys(ENTERPRISE_REQUIRED).toSorted());
  });
});

describe('a CNPJ or CPF a spreadsheet kept as a number', () => {
  it('gets its leading zeros back; punctuated or full-length text is left as written', () => {
    expect(leadingZerosBack('191', 14)).toBe('00000000000191');
    expect(leadingZerosBack('1234567890', 11)).toBe('01234567890');
    expect(leadingZerosBack('11222333000181', 14)).toBe('11222333000181');
    expect(leadingZerosBack('00.000.000/0001-91', 14)).toBe('00.000.000/0001-91');
    expect(leadingZerosBack('', 14)).toBe('');
  });

  it('passes the form rules once the zeros are back (a CNPJ with a leading zero, as Excel saves it)', async () => {
    const result = await checkCompanyRow({ cnpj: '191', fantasia: 'Banco', razao: 'Banco Ltda' }, lookups, false);
    expect(result.errors).toEqual({});
  });
});

describe("a row's city", () => {
  it('by IBGE code, by name and UF, by "Cidade - UF" in one column, or by a name found in one UF only', async () => {
    expect(await cityOf({ cidade_ibge: '3550308' }, lookups)).toEqual({ id: 3550308 });
    expect(await cityOf({ cidade: 'SAO PAULO', uf: 'sp' }, lookups)).toEqual({ id: 3550308 });
    expect(await cityOf({ cidade: 'Bom Jesus - RS' }, lookups)).toEqual({ id: 4302402 });
    expect(await cityOf({ cidade: 'Londrina' }, lookups)).toEqual({ id: 4113700 });
    expect(await cityOf({}, lookups)).toBeUndefined();
  });

  it('says why a city cannot be told', async () => {
    expect(await cityOf({ cidade: 'Bom Jesus' }, lookups)).toEqual({ error: 'Há mais de uma cidade com este nome: informe a UF.' });
    expect(await cityOf({ cidade_ibge: '123' }, lookups)).toEqual({ error: 'Código IBGE inválido: use os 7 dígitos do município.' });
    expect(await cityOf({ cidade_ibge: '9999999' }, lookups)).toEqual({ error: 'Cidade não encontrada para este código IBGE.' });
  });
});
