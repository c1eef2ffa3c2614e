/** What the back office and API clients read of a record's history (GET …/:id/historico) and of an edit conflict (412). */

export const CHANGE_SOURCES = ['formulario', 'api', 'lote', 'importacao', 'banco'] as const;
export type ChangeSource = (typeof CHANGE_SOURCES)[number];

export const CHANGE_SOURCE_LABELS: Record<ChangeSource, string> = {
  formulario: 'Formulário',
  api: 'API',
  lote: 'Lote',
  importacao: 'Importação',
  banco: 'Banco de dados',
};

export type HistoryOperation = 'criacao' | 'alteracao' | 'exclusao';

export const HISTORY_OPERATION_LABELS: Record<HistoryOperation, string> = {
  criacao: 'Criação',
  alteracao: 'Alteração',
  exclusao: 'Exclusão',
};

/** One field of a change: its label, and its values before and after, raw and as the screens show them. */
export interface FieldChangeView {
  campo: string;
  rotulo: string;
  antes: unknown;
  depois: unknown;
  antes_texto: string;
  depois_texto: string;
  /** A secret (a password) whose change is recorded without its values. */
  oculto: boolean;
}

export interface HistoryEntryView {
  id: number;
  versao: number;
  operacao: HistoryOperation;
  operacao_rotulo: string;
  em: string;
  /** The admin's name, or "Aplicativo", "Sistema" or "Importação" when no admin made the change. */
  quem: string;
  admin_id: number | null;
  origem: ChangeSource;
  origem_rotulo: string;
  /** The entry whose values this change restored. */
  restaurado_de: number | null;
  /** Whether "Restaurar estes valores" applies (there are values before it to put back). */
  restauravel: boolean;
  campos: FieldChangeView[];
}

export interface HistoryPage {
  data: HistoryEntryView[];
  /** Pass as `antes` for the next (older) page; null when there is none. */
  proximo: number | null;
}

/** The body of a 412 EDIT_CONFLICT, besides statusCode, code and message. */
export interface EditConflictDetails<T = unknown> {
  /** The record as it is now (with its version), to compare and save against. */
  atual: T;
  versao_atual: number;
  /** The fields changed since the client's version, with the other person's values. */
  campos_alterados: FieldChangeView[];
  alterado_por: string;
  alterado_em: string;
}

/** The header the back office sends so its changes are recorded as made from a form (API clients send none). */
export const FORM_ORIGIN_HEADER = 'X-Origem';
