import { usePage } from '@inertiajs/react';
import { useEffect, useRef, useState } from 'react';
import type { EditConflictDetails } from '@shared/history.views';
import type { LiveResource, RecordChangedEvent } from '@shared/live.views';
import { api, ApiError, failureMessage } from './api';
import type { RecordPath } from './api-contract';
import { useLiveEvent } from './live';

export type EditConflict<V> = EditConflictDetails<V> & { message: string };

/** The part of a form (useApiForm) the conflict handling reads and writes. */
interface ConflictForm<F> {
  data: F;
  setData(data: F): void;
}

/**
 * How a history column (a field of `campos_alterados`) is held by a form: its field (when its name differs from
 * the column's) and how the admin's value reads beside the colleague's (the field's text itself by default).
 * A column no field holds is not written by the form's save.
 */
export interface ConflictColumn<F> {
  field?: keyof F;
  text?: (data: F) => string;
}

/** One of a colleague's values that "Manter as minhas alterações" replaces: the field, theirs and this admin's. */
export interface Overwrite {
  campo: string;
  rotulo: string;
  deles: string;
  seu: string;
}

/** Who saved a conflict's values, as a sentence ends: "outra pessoa", or this admin in another tab. */
export const conflictAuthor = (conflict: { por_voce: boolean }) => (conflict.por_voce ? 'você em outra aba' : 'outra pessoa');

/**
 * A form's side of edit conflicts, the same for every versioned record: the version the form read (sent as
 * If-Match and taken from each answer, so saving twice in a row never conflicts) and, after a colleague's save in
 * between (412 EDIT_CONFLICT, or "Ver alterações"), the conflict with the current record and the fields changed
 * since. At once, the fields this admin did not touch take the current values (the form shows what a save would
 * write, and never writes an old value back); the fields they typed keep their typing, and those that replace a
 * colleague's value are listed (`overwrites`).
 * - `keepMine`: saves the form as it is against the current version;
 * - `useCurrent`: the form shows the record as it is now, the admin's typing dropped.
 * `fieldsOf` turns a record into the form's fields; `save` is the form's own save; `columns` maps history
 * columns whose form field has another name or whose value reads otherwise.
 */
export function useEditConflict<V extends { version: number }, F extends object>(
  record: V | null,
  fieldsOf: (record: V) => F,
  form: ConflictForm<F>,
  save: () => Promise<void>,
  watched?: WatchedRecord,
  columns: Record<string, ConflictColumn<F>> = {},
) {
  const [version, setVersion] = useState<number | undefined>(record?.version);
  const [conflict, setConflict] = useState<EditConflict<V> | null>(null);
  /** The record as the form last read it (after a conflict: the current one): what "this admin edited" is measured against. */
  const read = useRef<F | null>(record ? fieldsOf(record) : null);
  const [resave, setResave] = useState(false);
  const latestSave = useRef(save);
  latestSave.current = save;
  const [remote, setRemote] = useColleagueChange(watched, version);
  const [previewError, setPreviewError] = useState<string | null>(null);

  useEffect(() => {
    setVersion(record?.version);
    setConflict(null);
    read.current = record ? fieldsOf(record) : null;
  }, [record]);

  // A save asked for by keepMine runs once the form holds the current version.
  useEffect(() => {
    if (!resave) return;
    setResave(false);
    void latestSave.current();
  }, [resave]);

  // The panel opens at the top of the form, where the admin may not be looking.
  useEffect(() => {
    if (conflict) document.getElementById('conflito-titulo')?.scrollIntoView({ block: 'nearest' });
  }, [conflict]);

  /** A conflict arrives: the untouched fields take the current values; the version stays until the admin chooses. */
  function open(found: EditConflict<V>) {
    const current = fieldsOf(found.atual);
    form.setData(keepEdited(read.current ?? form.data, form.data, current));
    read.current = current;
    setConflict(found);
  }

  function adopt(current: V, data: F) {
    form.setData(data);
    read.current = fieldsOf(current);
    setVersion(current.version);
    setConflict(null);
    setRemote(null);
  }

  const fieldOf = (column: string): keyof F | undefined => columns[column]?.field ?? (read.current && column in read.current ? (column as keyof F) : undefined);
  const textOf = (column: string, field: keyof F): string => {
    const value = form.data[field];
    const text = columns[column]?.text?.(form.data) ?? (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
    return text.trim() === '' ? '—' : text;
  };
  // The colleague's fields this admin's form still holds another value for: what keeping theirs would replace.
  const overwrites: Overwrite[] = [];
  if (conflict && read.current) {
    for (const changed of conflict.campos_alterados) {
      const field = fieldOf(changed.campo);
      if (field === undefined || changed.oculto) continue;
      if (JSON.stringify(form.data[field]) === JSON.stringify(read.current[field])) continue;
      overwrites.push({ campo: changed.campo, rotulo: changed.rotulo, deles: changed.depois_texto, seu: textOf(changed.campo, field) });
    }
  }

  return {
    version,
    conflict,
    overwrites,
    /** Takes a failed save: true (and the conflict kept) when it was a 412 EDIT_CONFLICT. */
    take(failure: unknown): boolean {
      if (!(failure instanceof ApiError) || failure.status !== 412 || failure.code !== 'EDIT_CONFLICT' || !failure.body) return false;
      open({ ...(failure.body as unknown as EditConflictDetails<V>), message: failure.message });
      return true;
    },
    /** A save went through: its answer is the version read from now on. */
    saved(current: V) {
      read.current = fieldsOf(current);
      setVersion(current.version);
      if (remote && remote.versao <= current.version) setRemote(null);
    },
    /** "Alterado por {nome} agora há pouco": a colleague saved this record while the form was open. */
    remote: conflict ? null : remote,
    previewError,
    /** "Ver alterações": what the colleague changed, shown as a conflict (keep mine, or use theirs). */
    async preview() {
      if (!watched || version === undefined) return;
      setPreviewError(null);
      try {
        const answer = await api('GET', `${watched.path}/alteracoes?desde=${version}`);
        // The changes route serves every versioned resource: its current record is this form's own view.
        open({ ...answer, atual: answer.atual as V, message: answer.mensagem });
      } catch (failure) {
        setPreviewError(failureMessage(failure, 'Não foi possível carregar as alterações.'));
      }
    },
    keepMine() {
      if (!conflict) return;
      adopt(conflict.atual, keepEdited(read.current ?? form.data, form.data, fieldsOf(conflict.atual)));
      setResave(true);
    },
    useCurrent() {
      if (conflict) adopt(conflict.atual, fieldsOf(conflict.atual));
    },
    /**
     * Under a field a colleague changed meanwhile: "Valor atual, salvo por outra pessoa: …" when the admin's own
     * value would replace it, "Atualizado com o valor salvo por outra pessoa." when the field took it.
     */
    hint(...fieldColumns: string[]): string | undefined {
      if (!conflict) return undefined;
      const changed = conflict.campos_alterados.find((field) => fieldColumns.includes(field.campo));
      if (!changed) return undefined;
      const replaced = overwrites.some((overwrite) => overwrite.campo === changed.campo);
      return replaced
        ? `Valor atual, salvo por ${conflictAuthor(conflict)}: ${changed.depois_texto}`
        : `Atualizado com o valor salvo por ${conflictAuthor(conflict)}.`;
    },
  };
}

/** A colleague's save of a record announced live: who, and the version it made. */
export interface ColleagueChange {
  nome: string;
  versao: number;
  removido: boolean;
}

/**
 * Watches the live events for a colleague's change of the record open on screen (read at `version`): the
 * admin's own saves are not one (they come back as events too, sometimes before the save's answer).
 */
export function useColleagueChange(watched: WatchedRecord | undefined, version: number | undefined) {
  const [remote, setRemote] = useState<ColleagueChange | null>(null);
  const me = usePage<{ admin?: { id: number } | null }>().props.admin?.id;
  useEffect(() => setRemote(null), [watched?.recurso, watched?.id]);
  useLiveEvent<RecordChangedEvent>('registro.alterado', (event) => {
    if (!watched || event.recurso !== watched.recurso || version === undefined) return;
    const hit = event.registros.find((entry) => entry.id === watched.id);
    if (!hit || hit.versao <= version || (event.por && event.por.id === me)) return;
    setRemote({ nome: event.por?.nome || (event.origem === 'banco' ? 'Sistema' : 'Aplicativo'), versao: hit.versao, removido: hit.operacao === 'exclusao' });
  });
  return [remote, setRemote] as const;
}

/** The record a form edits, as the live events name it, and its API path (e.g. /admin/enterprises/7). */
export interface WatchedRecord {
  recurso: LiveResource;
  id: number;
  path: RecordPath;
}

export type EditConflictState = ReturnType<typeof useEditConflict<{ version: number }, object>>;

/** The fields of `mine` that differ from `read` (what this admin edited), laid over `current`. */
export function keepEdited<F extends object>(read: F, mine: F, current: F): F {
  const merged = { ...current };
  for (const key of Object.keys(mine) as (keyof F)[]) {
    if (JSON.stringify(mine[key]) !== JSON.stringify(read[key])) merged[key] = mine[key];
  }
  return merged;
}
