import { isEnterpriseRequired } from '../shared/enterprise.views.js';

/**
 * What an import fills in, per kind of record, and the column headers each field is known by: the export's own
 * headers (a file exported from the app imports back), Portuguese names with and without accents, and the
 * usual short forms. The mapping guessed from a file's header row is shown to the admin, who can change it.
 * A field is importable only when the record's form (or its Ativar/Desativar) lets an admin write it: what only
 * the app writes (an app user's city, plan and device) is never offered, so an import cannot set it either.
 */
import type { ImportKind } from '../shared/import.views.js';

export type { ImportKind };

export interface ImportField {
  campo: string;
  rotulo: string;
  /** Headers that name this field, as written (compared without case, accents, spaces or punctuation). */
  nomes: string[];
  obrigatorio?: boolean;
}

/** A city is found by its IBGE code, or by its name and UF. */
const CITY_FIELDS: ImportField[] = [
  { campo: 'cidade', rotulo: 'Cidade', nomes: ['Cidade', 'Município', 'Municipio'] },
  { campo: 'uf', rotulo: 'UF', nomes: ['UF', 'Estado', 'Sigla UF'] },
  { campo: 'cidade_ibge', rotulo: 'Código IBGE da cidade', nomes: ['Código IBGE', 'IBGE', 'Cod IBGE', 'Código do Município', 'cidade_id'] },
];

export const IMPORT_FIELDS: Record<ImportKind, ImportField[]> = {
  empresas: [
    { campo: 'cnpj', rotulo: 'CNPJ', nomes: ['CNPJ'], obrigatorio: isEnterpriseRequired('cnpj') },
    { campo: 'fantasia', rotulo: 'Nome Fantasia', nomes: ['Nome Fantasia', 'Fantasia', 'Nome'], obrigatorio: isEnterpriseRequired('fantasia') },
    { campo: 'razao', rotulo: 'Razão Social', nomes: ['Razão Social', 'Razao', 'Empresa'], obrigatorio: isEnterpriseRequired('razao') },
    { campo: 'inscricao_estadual', rotulo: 'Inscrição Estadual', nomes: ['Inscrição Estadual', 'IE', 'Insc Estadual'] },
    { campo: 'endereco', rotulo: 'Endereço', nomes: ['Endereço', 'Logradouro', 'Rua'] },
    { campo: 'numero', rotulo: 'Número', nomes: ['Número', 'Nº', 'No', 'Num'] },
    { campo: 'complemento', rotulo: 'Complemento', nomes: ['Complemento'] },
    { campo: 'bairro', rotulo: 'Bairro', nomes: ['Bairro'] },
    { campo: 'cep', rotulo: 'CEP', nomes: ['CEP'] },
    ...CITY_FIELDS,
    { campo: 'fone', rotulo: 'Telefone', nomes: ['Telefone', 'Fone', 'Tel', 'Celular', 'WhatsApp'] },
    { campo: 'email', rotulo: 'Email', nomes: ['Email', 'E-mail', 'Correio eletrônico'] },
    { campo: 'site', rotulo: 'Site', nomes: ['Site', 'Website', 'Página'] },
    { campo: 'logo', rotulo: 'Logo', nomes: ['Logo', 'Marca', 'Logotipo'] },
    { campo: 'status', rotulo: 'Status', nomes: ['Status', 'Ativo', 'Situação'] },
  ],
  usuarios: [
    { campo: 'email', rotulo: 'Email', nomes: ['Email', 'E-mail', 'Correio eletrônico'], obrigatorio: true },
    { campo: 'firstname', rotulo: 'Nome', nomes: ['Nome', 'Primeiro nome', 'Nome completo'], obrigatorio: true },
    { campo: 'lastname', rotulo: 'Sobrenome', nomes: ['Sobrenome', 'Último nome'] },
    { campo: 'cpf', rotulo: 'CPF', nomes: ['CPF'] },
    { campo: 'fone', rotulo: 'Telefone', nomes: ['Telefone', 'Fone', 'Tel', 'Celular', 'WhatsApp'] },
    { campo: 'empresa', rotulo: 'Empresa (CNPJ ou nome)', nomes: ['Empresa', 'CNPJ da empresa', 'CNPJ', 'Revenda', 'Concessionária'] },
    { campo: 'cargo', rotulo: 'Cargo', nomes: ['Cargo', 'Função'] },
    { campo: 'ocupacao', rotulo: 'Ramo de Atividade', nomes: ['Ramo de Atividade', 'Ocupação', 'Atividade', 'Ramo'] },
    { campo: 'status', rotulo: 'Status', nomes: ['Status', 'Ativo', 'Situação'] },
  ],
};

/** A header as it is compared: no case, no accents, nothing but letters and digits (º counts as o). */
export function headerKey(header: string): string {
  return header
    .slice(0, 200)
    .replace(/º/g, 'o')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/**
 * The column of each field, guessed from the header row: a column whose header is one of the field's names,
 * each column used once. Every field's first (most specific) name is looked for before any field's second one,
 * so a file with "Nome Fantasia" and "Nome" gives each its own field. Fields with no column map to null.
 */
export function guessMapping(kind: ImportKind, headers: string[]): Record<string, number | null> {
  const keys = headers.map(headerKey);
  const taken = new Set<number>();
  const mapping: Record<string, number | null> = {};
  const fields = IMPORT_FIELDS[kind];
  for (const field of fields) mapping[field.campo] = null;
  const rounds = Math.max(...fields.map((field) => field.nomes.length));
  for (let round = 0; round < rounds; round++) {
    for (const field of fields) {
      if (mapping[field.campo] !== null || round >= field.nomes.length) continue;
      const wanted = headerKey(field.nomes[round]);
      const column = keys.findIndex((key, index) => key === wanted && !taken.has(index));
      if (column >= 0) {
        mapping[field.campo] = column;
        taken.add(column);
      }
    }
  }
  return mapping;
}

/** Whether a mapping reaches at least one field: a file none of whose columns means anything is refused. */
export function mapsAnything(mapping: Record<string, number | null>): boolean {
  return Object.values(mapping).some((column) => column !== null);
}
