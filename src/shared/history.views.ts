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
  /** Whether a restore puts this field back (an admin writes it in the back office); the others stay as they are. */
  restauravel: boolean;
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
  /** Every change since the client's version was made by the admin who asks (in another tab or window). */
  por_voce: boolean;
}

/**
 * What a restore will write, before it is confirmed (GET …/historico/:entradaId/restaurar or …/voltar):
 * `restaurar` puts an entry's "before" values back; `voltar` puts every field back as it was right after the
 * entry, undoing all later changes in one step.
 */
export interface RestorePreview {
  modo: 'restaurar' | 'voltar';
  /** The version the record goes back to (voltar), or the entry's own version (restaurar). */
  versao: number;
  /** When the entry was made. */
  em: string;
  /** Each field that changes: its value now and the value it gets back, and who changed it after the entry. */
  campos: RestoreFieldView[];
  /** Fields changed after the entry that no restore writes (what only the app or the system writes): they stay as they are. */
  mantidos: string[];
  /** Who besides the admin asking changed those fields after the entry: their changes are undone too. */
  outras_pessoas: string[];
}

export interface RestoreFieldView {
  campo: string;
  rotulo: string;
  atual_texto: string;
  restaurado_texto: string;
  /** Who changed this field after the entry, oldest first, each named once ("Aplicativo", "Sistema" when no admin). */
  alterado_depois_por: string[];
}

/** The header the back office sends so its changes are recorded as made from a form (API clients send none). */
export const FORM_ORIGIN_HEADER = 'X-Origem';
