/** What the back office and API clients read of an import (POST/GET /api/admin/importacoes…). */

/** The kinds of record an import fills. */
export type ImportKind = 'empresas' | 'usuarios';

export const IMPORT_STATUSES = ['analisada', 'na_fila', 'processando', 'concluida', 'cancelada', 'falhou'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export const IMPORT_MODES = ['atualizar', 'criar'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

export const IMPORT_MODE_LABELS: Record<ImportMode, string> = {
  atualizar: 'Criar novos e atualizar existentes',
  criar: 'Somente criar novos',
};

/** The largest file an import takes. */
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;
/** Rows shown in the preview. */
export const IMPORT_SAMPLE_ROWS = 100;
/** Rows per chunk: each its own transaction. */
export const IMPORT_CHUNK_ROWS = 500;
/** Failed rows kept for the download. */
export const IMPORT_FAILURES_MAX = 100_000;

/** A field an import fills, as the mapping step lists it. */
export interface ImportFieldView {
  campo: string;
  rotulo: string;
  obrigatorio: boolean;
}

/** One row of the preview: its line in the file, its cells, and its errors by field (none: it would go in). */
export interface ImportSampleRow {
  linha: number;
  valores: string[];
  erros: Record<string, string>;
}

/** An import as analysed (POST) and as it goes (GET). */
export interface ImportView {
  id: number;
  tipo: ImportKind;
  status: ImportStatus;
  arquivo: string;
  colunas: string[];
  campos: ImportFieldView[];
  /** Field → column index (null: not imported). */
  mapeamento: Record<string, number | null>;
  modo: ImportMode | null;
  total: number;
  /** True while `total` is an estimate (before the run has read the whole file). */
  total_estimado: boolean;
  processadas: number;
  criadas: number;
  atualizadas: number;
  sem_alteracao: number;
  falhas: number;
  /** Failed rows beyond those kept for the download. */
  falhas_nao_guardadas: number;
  erro: string | null;
  criada_em: string;
  iniciada_em: string | null;
  concluida_em: string | null;
}

/** POST /api/admin/importacoes answers the import and its first rows checked. */
export interface ImportAnalysis extends ImportView {
  amostra: ImportSampleRow[];
}

/** What one chunk of an import did: rows created, updated and left as they were, and the rows that failed. */
export interface ImportChunkCounts {
  criadas: number;
  atualizadas: number;
  sem_alteracao: number;
  falhas: { line: number; error: string }[];
}

/** What a chunk of an import is told besides its rows: the mode and the fields the file's columns fill. */
export interface ImportChunkOptions<M> {
  onlyCreate: boolean;
  /** Fields with a column in the file: an existing record's other columns are left as they are. */
  fields: ReadonlySet<string>;
  importId: number;
  alsoInside?: (manager: M, counts: ImportChunkCounts) => Promise<void>;
}

/** The columns of an import's fields (`columns`: field → the record's properties it fills), once per chunk. */
export function writableColumns(fields: ReadonlySet<string>, columns: Record<string, string[]>): ReadonlySet<string> {
  return new Set([...fields].flatMap((field) => columns[field] ?? []));
}

/**
 * What an import changes in an existing record: the writable columns whose value differs (so a sheet without
 * the address leaves the address as it is).
 */
export function importedChanges<T extends object>(current: T, values: Partial<T>, writable: ReadonlySet<string>): Partial<T> {
  return Object.fromEntries(
    Object.entries(values).filter(([key, value]) => writable.has(key) && !sameImportedValue((current as Record<string, unknown>)[key], value)),
  ) as Partial<T>;
}

/**
 * Whether a column already holds what an import brings: dates by their instant, text alike whatever its line
 * endings (an XLSX keeps a line break as LF, a CSV from Windows as CRLF).
 */
export function sameImportedValue(current: unknown, next: unknown): boolean {
  if (current instanceof Date || next instanceof Date) {
    return current != null && next != null && new Date(current as Date).getTime() === new Date(next as Date).getTime();
  }
  if (typeof current === 'string' && typeof next === 'string') return current.replace(/\r\n?/g, '\n') === next.replace(/\r\n?/g, '\n');
  return current === next;
}

/**
 * How every screen, notification and event speaks of each kind of import: the one source of its words, read by
 * the dialog, the bell's summaries and the live events, so a users import never speaks of companies.
 */
export const IMPORT_KINDS_WORDS: Record<
  ImportKind,
  {
    title: string;
    /** The records, in the plural, and the agreement of the words that follow them ("criadas", "criados"). */
    plural: string;
    feminine: boolean;
    matched: string;
    existing: string;
    /** The resource the live events name, and the list the notification links to. */
    recurso: 'empresa' | 'usuario';
    link: string;
  }
> = {
  empresas: {
    title: 'Importar empresas',
    plural: 'empresas',
    feminine: true,
    matched: 'As empresas são reconhecidas pelo CNPJ: uma planilha enviada de novo não duplica nenhuma.',
    existing: 'O que fazer com as empresas que já existem (mesmo CNPJ)',
    recurso: 'empresa',
    link: '/admin/empresas',
  },
  usuarios: {
    title: 'Importar usuários',
    plural: 'usuários',
    feminine: false,
    matched:
      'Os usuários são reconhecidos pelo e-mail (ou, sem ele, pelo CPF): uma planilha enviada de novo não duplica nenhum. Os novos entram sem senha e a definem pelo "Esqueci minha senha" do aplicativo.',
    existing: 'O que fazer com os usuários que já existem (mesmo e-mail ou CPF)',
    recurso: 'usuario',
    link: '/admin/usuarios',
  },
};

const count = (value: number) => value.toLocaleString('pt-BR');

/** "1 criada", "2 criados": a count and its participle, agreeing with the kind and the number. */
function agreed(value: number, stem: string, feminine: boolean): string {
  return `${count(value)} ${stem}${feminine ? 'a' : 'o'}${value === 1 ? '' : 's'}`;
}

/** The labels of an import's counts, agreeing with its kind ("Criadas" for companies, "Criados" for users). */
export function importCountLabels(kind: ImportKind): { criadas: string; atualizadas: string; sem_alteracao: string; falhas: string } {
  const ending = IMPORT_KINDS_WORDS[kind].feminine ? 'as' : 'os';
  return { criadas: `Criad${ending}`, atualizadas: `Atualizad${ending}`, sem_alteracao: 'Sem alteração', falhas: 'Com erro' };
}

/**
 * The summary of an import that ended, as the bell and the live event say it: what kind, how it ended, and its
 * counts in words that agree ("Importação de usuários concluída: 1 criado, 2 atualizados…"). A cancelled one says
 * that the rows already written were kept.
 */
export function importSummary(
  kind: ImportKind,
  status: 'concluida' | 'cancelada',
  counts: { processadas: number; criadas: number; atualizadas: number; sem_alteracao: number; falhas: number },
): string {
  const words = IMPORT_KINDS_WORDS[kind];
  const f = words.feminine;
  const numbers = `${agreed(counts.criadas, 'criad', f)}, ${agreed(counts.atualizadas, 'atualizad', f)}, ${count(counts.sem_alteracao)} sem alteração, ${count(counts.falhas)} com erro`;
  if (status === 'concluida') return `Importação de ${words.plural} concluída: ${numbers}.`;
  const kept =
    counts.processadas === 0 ? 'nenhuma linha chegou a ser gravada' : `as ${count(counts.processadas)} linhas já processadas foram mantidas (${numbers})`;
  return `Importação de ${words.plural} cancelada: ${kept}.`;
}
