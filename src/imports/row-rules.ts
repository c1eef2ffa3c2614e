import { createHash } from 'node:crypto';
import { ValidationFailedException } from '../common/http/app.exception.js';
import { ENTERPRISE_REQUIRED } from '../shared/enterprise.views.js';
import type { ImportKind } from '../shared/import.views.js';
import { validatedInput } from '../common/http/validation.pipe.js';
import { EnterpriseInput } from '../enterprises/dto/enterprise.input.js';
import { UpdateUserInput } from '../users/dto/update-user.input.js';

/**
 * A spreadsheet row checked by the same rules as the form: its cells (by field, as the mapping picked them) turned
 * into the form's input, the references the form picks from a list (city, logo) looked up by what a sheet holds
 * (a city's name and UF or IBGE code, a logo's file name), then the form's DTO validation. Every error is the
 * form's own message, by field.
 */
export type RowCells = Record<string, string | undefined>;

export interface CheckedRow<T> {
  value: T | null;
  /** The status the row asks for (Ativa/Inativa…), or null when it says nothing. */
  ativo: 0 | 1 | null;
  errors: Record<string, string>;
}

/** What a row's references are looked up in. */
export interface RowLookups {
  /** The municipalities of a name (in a UF when given), as CitiesService.named answers. */
  citiesNamed(name: string, uf: string | null): Promise<{ cityId: number }[]>;
  /** Whether a municipality's IBGE code exists. */
  cityExists(id: number): Promise<boolean>;
  /** A logo's stored file name from what a sheet says (its file name, with or without the extension), or null. */
  logo(name: string): Promise<string | null>;
}

const YES = new Set(['ativa', 'ativo', 'sim', 's', '1', 'true', 'verdadeiro', 'x']);
const NO = new Set(['inativa', 'inativo', 'nao', 'não', 'n', '0', 'false', 'falso']);

/** A status cell: 1, 0, null when empty, or undefined when it is not a status. */
export function statusOf(cell: string | undefined): 0 | 1 | null | undefined {
  const text = (cell ?? '').trim().toLowerCase().slice(0, 20);
  if (text === '') return null;
  if (YES.has(text)) return 1;
  if (NO.has(text)) return 0;
  return undefined;
}

const filled = (cell: string | undefined) => (cell ?? '').trim().slice(0, 1_000);

/**
 * A CNPJ (14) or CPF (11) that a spreadsheet kept as a number has lost its leading zeros ("01.234…" becomes
 * 1234…): a cell of digits only, shorter than the document, gets them back. Punctuated text is left as written.
 */
export function leadingZerosBack(cell: string, length: 11 | 14): string {
  return /^\d+$/.test(cell) && cell.length < length ? cell.padStart(length, '0') : cell;
}

/**
 * The city a row names: by IBGE code when it has one, else by name in its UF (or alone when the name is in one
 * UF only). Undefined when the row names no city.
 */
export async function cityOf(
  cells: RowCells,
  lookups: Pick<RowLookups, 'citiesNamed' | 'cityExists'>,
): Promise<{ id: number } | { error: string } | undefined> {
  const code = filled(cells.cidade_ibge);
  if (code) {
    if (!/^\d{7}$/.test(code)) return { error: 'Código IBGE inválido: use os 7 dígitos do município.' };
    return (await lookups.cityExists(Number(code))) ? { id: Number(code) } : { error: 'Cidade não encontrada para este código IBGE.' };
  }
  const name = filled(cells.cidade);
  if (!name) return undefined;
  const uf = filled(cells.uf) || null;
  // "Londrina - PR" or "Londrina/PR" in the city's column names its UF too.
  const inline = uf ? null : /^(.+?)\s*[-/,]\s*([A-Za-z]{2})$/.exec(name);
  const found = await lookups.citiesNamed(inline ? inline[1] : name, inline ? inline[2] : uf);
  if (found.length === 1) return { id: found[0].cityId };
  if (found.length === 0) return { error: uf ? `Cidade não encontrada em ${uf.toUpperCase()}.` : 'Cidade não encontrada.' };
  return { error: 'Há mais de uma cidade com este nome: informe a UF.' };
}

/** Runs a DTO's validation, answering its errors by field instead of throwing them. */
async function validated<T extends object>(type: new () => T, input: Record<string, unknown>): Promise<{ value: T | null; errors: Record<string, string> }> {
  try {
    return { value: await validatedInput(type, input), errors: {} };
  } catch (error) {
    if (error instanceof ValidationFailedException) return { value: null, errors: { ...error.errors } };
    throw error;
  }
}

/** A company's row: the form's input, its status, and its errors by field (the form's messages). */
export async function checkCompanyRow(cells: RowCells, lookups: RowLookups, hasLogoColumn: boolean): Promise<CheckedRow<EnterpriseInput>> {
  const errors: Record<string, string> = {};
  const input: Record<string, unknown> = {};
  for (const field of ['razao', 'fantasia', 'cnpj', 'inscricao_estadual', 'endereco', 'numero', 'complemento', 'bairro', 'cep', 'fone', 'email', 'site']) {
    const value = filled(cells[field]);
    input[field] = value === '' ? null : value;
  }
  // A required field left empty is refused by the form's own rule, with its message.
  for (const required of Object.keys(ENTERPRISE_REQUIRED)) if (input[required] === null) input[required] = '';
  input.cnpj = leadingZerosBack(input.cnpj as string, 14);

  const city = await cityOf(cells, lookups);
  if (city && 'error' in city) errors.cidade = city.error;
  else input.city_id = city?.id ?? null;

  const logoName = filled(cells.logo);
  // No logo is no logo: the placeholder stands in for it wherever the company is shown.
  if (!hasLogoColumn || logoName === '') input.logo = null;
  else {
    const logo = await lookups.logo(logoName);
    if (logo) input.logo = logo;
    else errors.logo = 'Logo não encontrada: use o nome do arquivo de uma das logos cadastradas.';
  }

  const ativo = statusOf(cells.status);
  if (ativo === undefined) errors.status = 'Status inválido: use Ativa ou Inativa.';

  const checked = await validated(EnterpriseInput, input);
  // The form's messages first, then what only a sheet can get wrong (a city or a logo by name).
  const all = { ...checked.errors, ...errors };
  return { value: Object.keys(all).length === 0 ? checked.value : null, ativo: ativo ?? null, errors: all };
}

/** What an app user's row names: its company, cargo and ramo de atividade. */
export interface UserRowLookups {
  /** The company of a CNPJ (digits, with or without punctuation) or of a name (fantasia or razão). */
  enterprise(cnpjOrName: string): Promise<{ id: number } | { error: string }>;
  cargo(name: string): Promise<number | null>;
  ocupacao(name: string): Promise<number | null>;
}

/**
 * An app user's row: the 'Editar Usuário' form's input, nothing more (the city, the plan and the device are the
 * app's: no import writes them).
 */
export type UserRow = UpdateUserInput;

/** An app user's row by the 'Editar Usuário' form's rules, with its company, cargo and ramo found by name. */
export async function checkUserRow(cells: RowCells, lookups: UserRowLookups): Promise<CheckedRow<UserRow>> {
  const errors: Record<string, string> = {};
  const input: Record<string, unknown> = {};
  for (const field of ['firstname', 'lastname', 'email', 'fone', 'cpf']) {
    const value = filled(cells[field]);
    input[field] = value === '' ? null : value;
  }
  for (const required of ['firstname', 'lastname', 'email']) if (input[required] === null) input[required] = '';
  if (typeof input.cpf === 'string') input.cpf = leadingZerosBack(input.cpf, 11);

  const company = filled(cells.empresa);
  if (company) {
    const found = await lookups.enterprise(company);
    if ('error' in found) errors.empresa = found.error;
    else input.enterprise_id = found.id;
  }
  for (const [field, column, message] of [
    ['cargo', 'cargo_id', 'Cargo não encontrado: use um dos cargos da lista do formulário.'],
    ['ocupacao', 'ocupacao_id', 'Ramo de atividade não encontrado: use um dos ramos da lista do formulário.'],
  ] as const) {
    const name = filled(cells[field]);
    if (!name) continue;
    const id = await (field === 'cargo' ? lookups.cargo(name) : lookups.ocupacao(name));
    if (id === null) errors[field] = message;
    else input[column] = id;
  }

  const ativo = statusOf(cells.status);
  if (ativo === undefined) errors.status = 'Status inválido: use Ativo ou Inativo.';

  const checked = await validated(UpdateUserInput, input);
  const all = { ...checked.errors, ...errors };
  if (Object.keys(all).length > 0 || !checked.value) return { value: null, ativo: ativo ?? null, errors: all };
  return { value: checked.value, ativo: ativo ?? null, errors: {} };
}

/**
 * What a row of each kind is recognized by, as the import matches records: a company by its CNPJ, an app user
 * by e-mail and by CPF. Each is the row's own in the file: a later row with the same one is refused as
 * repeated (with the line of the first), never merged into it. Read from the cells as written, the way the
 * import reads them (CNPJ and CPF as digits, their leading zeros back; an e-mail without case), so a run that
 * resumes finds the same keys in the rows it skips.
 */
const FILE_KEYS: Record<ImportKind, { field: string; label: string; noun: string; key: (cell: string) => number | null }[]> = {
  empresas: [{ field: 'cnpj', label: 'CNPJ', noun: 'CNPJ', key: (cell) => digitsKey(leadingZerosBack(cell, 14), 14) }],
  usuarios: [
    { field: 'email', label: 'E-mail', noun: 'e-mail', key: (cell) => textKey(cell.toLowerCase()) },
    { field: 'cpf', label: 'CPF', noun: 'CPF', key: (cell) => digitsKey(leadingZerosBack(cell, 11), 11) },
  ],
};

/** A CNPJ or CPF as a number (14 digits fit exactly in one), or null when the cell is no such number. */
function digitsKey(cell: string, length: number): number | null {
  const digits = cell.replace(/\D/g, '');
  return digits.length === length ? Number(digits) : null;
}

/** A text as a 52-bit number (the first bytes of its SHA-1): a million e-mails never meet by chance. */
function textKey(cell: string): number | null {
  const text = cell.trim();
  if (text === '') return null;
  return parseInt(createHash('sha1').update(text).digest('hex').slice(0, 13), 16);
}

/**
 * The keys seen in a file so far, each with the line of its first row: numbers, so a file of a million rows
 * holds a few tens of megabytes, not its texts.
 */
export class FileKeys {
  private readonly seen: Map<number, number>[];

  constructor(private readonly kind: ImportKind) {
    this.seen = FILE_KEYS[kind].map(() => new Map());
  }

  /**
   * Notes the row's keys and answers, for a key a row before it has, that field's error (the row is refused);
   * an empty object otherwise.
   */
  check(cells: RowCells, line: number): Record<string, string> {
    const errors: Record<string, string> = {};
    FILE_KEYS[this.kind].forEach(({ field, label, noun, key }, index) => {
      const value = key(filled(cells[field]));
      if (value === null) return;
      const first = this.seen[index].get(value);
      if (first === undefined) this.seen[index].set(value, line);
      else if (first !== line) errors[field] = `${label} repetido na planilha: a linha ${first.toLocaleString('pt-BR')} já tem este ${noun}.`;
    });
    return errors;
  }
}
