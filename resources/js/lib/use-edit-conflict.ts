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
 * A form's side of edit conflicts, the same for every versioned record: the version the form read (sent as
 * If-Match and taken from each answer, so saving twice in a row never conflicts) and, after a colleague's save in
 * between (412 EDIT_CONFLICT), the conflict with the current record and the fields changed since.
 * - `keepMine`: the current record with only the fields this admin edited laid over it, saved again against its
 *   version;
 * - `useCurrent`: the form shows the record as it is now, the admin's typing dropped.
 * `fieldsOf` turns a record into the form's fields; `save` is the form's own save.
 */
export function useEditConflict<V extends { version: number }, F extends object>(
  record: V | null,
  fieldsOf: (record: V) => F,
  form: ConflictForm<F>,
  save: () => Promise<void>,
  watched?: WatchedRecord,
) {
  const [version, setVersion] = useState<number | undefined>(record?.version);
  const [conflict, setConflict] = useState<EditConflict<V> | null>(null);
  /** The record as the form last read it: what "this admin edited" is measured against. */
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

  // A save asked for by keepMine runs once the form holds the merged values.
  useEffect(() => {
    if (!resave) return;
    setResave(false);
    void latestSave.current();
  }, [resave]);

  // The panel opens at the top of the form, where the admin may not be looking.
  useEffect(() => {
    if (conflict) document.getElementById('conflito-titulo')?.scrollIntoView({ block: 'nearest' });
  }, [conflict]);

  function adopt(current: V, data: F) {
    form.setData(data);
    read.current = fieldsOf(current);
    setVersion(current.version);
    setConflict(null);
    setRemote(null);
  }

  return {
    version,
    conflict,
    /** Takes a failed save: true (and the conflict kept) when it was a 412 EDIT_CONFLICT. */
    take(failure: unknown): boolean {
      if (!(failure instanceof ApiError) || failure.status !== 412 || failure.code !== 'EDIT_CONFLICT' || !failure.body) return false;
      setConflict({ ...(failure.body as unknown as EditConflictDetails<V>), message: failure.message });
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
        setConflict({ ...answer, atual: answer.atual as V, message: answer.mensagem });
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
    /** "Valor atual, salvo por outra pessoa: …" under a field a colleague changed meanwhile. */
    hint(...columns: string[]): string | undefined {
      const changed = conflict?.campos_alterados.find((field) => columns.includes(field.campo));
      return changed ? `Valor atual, salvo por outra pessoa: ${changed.depois_texto}` : undefined;
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
