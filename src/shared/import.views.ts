/** What the back office and API clients read of an import (POST/GET /api/admin/importacoes…). */

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
  tipo: 'empresas' | 'usuarios';
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
