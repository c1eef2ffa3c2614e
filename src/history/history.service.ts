import { Injectable, Logger } from '@nestjs/common';
import { utcDatetimeText } from '../common/sao-paulo-day.js';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, type ObjectLiteral } from 'typeorm';
import { AppException } from '../common/http/app.exception.js';
import { isMysql } from '../common/sql/sql-dialect.js';
import { formatCep, formatCnpj, formatCpf, formatPhone } from '../shared/br/index.js';
import {
  CHANGE_SOURCE_LABELS,
  HISTORY_OPERATION_LABELS,
  type EditConflictDetails,
  type FieldChangeView,
  type HistoryEntryView,
  type HistoryOperation,
  type HistoryPage,
  type RestorePreview,
} from '../shared/history.views.js';
import { ROLE_LABELS } from '../shared/team.views.js';
import { HistoryRepository, type HistoryRow, type WrittenEntry } from './history.repository.js';
import type { ChangeContext, ChangeRequest } from './change-context.js';
import { HISTORY_RESOURCES, type FieldFormat, type HistoryField, type HistoryResource, type HistoryResourceKey } from './history.resources.js';

/** A value in a history entry: what JSON_ARRAY made of a column. */
export type HistoryValue = string | number | boolean | null;

/** What a resource's module gives the history: its record as the API shows it, and how its values are put back. */
export interface RecordHandlers {
  view(id: number): Promise<{ version: number }>;
  /**
   * Saves `values` (columns → values of an entry's "before", only those its HISTORY_RESOURCES declaration marks
   * restorable) through the form's validation, against `change.expected`.
   */
  restore(id: number, values: Record<string, HistoryValue>, change: ChangeRequest): Promise<unknown>;
  /** Brings a deleted record back with its id (only resources that can be deleted). */
  recreate?(id: number, values: Record<string, HistoryValue>, change: ChangeRequest): Promise<unknown>;
}

/** Thrown inside a write when the row is no longer at the version the client read; HistoryService.run answers 412. */
class StaleVersion extends Error {
  constructor(
    readonly resource: HistoryResourceKey,
    readonly id: number,
    readonly expected: number,
  ) {
    super('stale version');
  }
}

export const HISTORY_PAGE_SIZE = 20;
/** The most records one committed transaction reports to its watchers (a bulk chunk changes at most 500). */
const COMMITTED_MAX = 1000;

/** A record a committed transaction changed. */
export interface CommittedRecord {
  resource: HistoryResourceKey;
  id: number;
  version: number;
  operation: HistoryOperation;
}

export type CommitWatcher = (records: CommittedRecord[], context: ChangeContext) => void;
const HISTORY_PAGE_MAX = 100;
export const REMOVED_VALUE = '(removido)';

const SAO_PAULO = 'America/Sao_Paulo';
const timeFormat = new Intl.DateTimeFormat('pt-BR', { timeZone: SAO_PAULO, hour: '2-digit', minute: '2-digit' });
const dateFormat = new Intl.DateTimeFormat('pt-BR', { timeZone: SAO_PAULO, day: '2-digit', month: '2-digit', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('pt-BR', { timeZone: SAO_PAULO, dateStyle: 'short', timeStyle: 'short' });

/** A datetime as the database gives it (a Date, or UTC text without a zone) as a Date. */
export function utcDate(value: Date | string): Date {
  if (value instanceof Date) return value;
  return new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value.replace(' ', 'T')}Z`);
}

/**
 * Versions, edit conflicts, history and restore, once for every resource declared in HISTORY_RESOURCES. The
 * database raises versions and writes history (RecordHistory migration); this service gives each write its
 * context (who, from where) inside the write's transaction, turns a stale write into 412 EDIT_CONFLICT, reads a
 * record's history with labels and formatted values, and restores an entry's values through the resource's form.
 */
@Injectable()
export class HistoryService {
  private readonly handlers = new Map<HistoryResourceKey, RecordHandlers>();
  private readonly watchers: CommitWatcher[] = [];
  private readonly logger = new Logger(HistoryService.name);
  /** SQLite has one connection: writes with a context take turns, so no other write runs inside one's context. */
  private turn: Promise<unknown> = Promise.resolve();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly repository: HistoryRepository,
  ) {}

  register(key: HistoryResourceKey, handlers: RecordHandlers): void {
    this.handlers.set(key, handlers);
  }

  /**
   * Runs `work` in one transaction whose changes the history records as made by `context`. A stale versioned
   * write inside it (updateRow/deleteRow/lockVersion) rolls it all back and answers 412 with the conflict.
   * Never called from inside another run: on SQLite the second would wait for the first.
   */
  async run<T>(context: ChangeContext, work: (manager: EntityManager) => Promise<T>): Promise<T> {
    let written: WrittenEntry[] = [];
    let result: T;
    const recorded = context.written;
    try {
      result = await this.inTurn(() =>
        this.dataSource.transaction(async (manager) => {
          await this.setContext(manager, context);
          // The first read of the transaction: on MySQL/MariaDB (REPEATABLE READ) it fixes the snapshot, so the
          // entries read after the work with a greater id are this transaction's own (others' are not visible).
          const before = this.watchers.length > 0 || recorded ? await this.repository.lastEntryId(manager) : null;
          try {
            const value = await work(manager);
            if (before !== null) written = await this.repository.entriesAfter(manager, before, COMMITTED_MAX, recorded !== undefined);
            return value;
          } finally {
            await this.setContext(manager, null);
          }
        }),
      );
    } catch (error) {
      if (error instanceof StaleVersion) throw await this.conflict(error.resource, error.id, error.expected, context.actorId);
      throw error;
    }
    if (recorded) {
      for (const entry of written)
        recorded.push({ entryId: entry.entryId, resource: entry.resource, recordId: entry.id, operation: entry.operation, changes: entry.changes ?? '{}' });
    }
    if (written.length > 0 && this.watchers.length > 0) {
      const records: CommittedRecord[] = written.map(({ resource, id, version, operation }) => ({ resource, id, version, operation }));
      for (const watcher of this.watchers) {
        try {
          watcher(records, context);
        } catch (error) {
          this.logger.warn(`A watcher of committed changes failed: ${(error as Error).message}`);
        }
      }
    }
    return result;
  }

  /**
   * Calls `watcher` after each committed transaction of `run` that changed versioned records, with the records
   * (resource, id, version and operation, as their history entries say) and who changed them.
   */
  watchCommits(watcher: CommitWatcher): void {
    this.watchers.push(watcher);
  }

  private inTurn<T>(work: () => Promise<T>): Promise<T> {
    if (isMysql(this.dataSource)) return work();
    const next = this.turn.then(work, work);
    this.turn = next.catch(() => undefined);
    return next;
  }

  private async setContext(manager: EntityManager, context: ChangeContext | null): Promise<void> {
    await this.repository.setContext(manager, {
      actorId: context?.actorId ?? null,
      actorName: context?.actorName?.slice(0, 120) ?? null,
      source: context?.source ?? null,
      restoredFrom: context?.restoredFrom ?? null,
    });
  }

  /**
   * Writes `values` (entity properties) to one record; with `expected`, only if it is still at that version, in
   * the same statement (`UPDATE … WHERE id = ? AND version = ?`), so of two saves of one version exactly one wins.
   * Returns whether the record was there; a stale version throws (run answers 412).
   */
  async updateRow(manager: EntityManager, key: HistoryResourceKey, id: number, expected: number | undefined, values: ObjectLiteral): Promise<boolean> {
    const resource = HISTORY_RESOURCES[key];
    if (await this.repository.updateAtVersion(manager, resource, id, expected, values)) return true;
    return this.staleOrMissing(manager, resource, id, expected);
  }

  /** Deletes one record (and only if `where` holds), with the same version check as updateRow. */
  async deleteRow(manager: EntityManager, key: HistoryResourceKey, id: number, expected: number | undefined, where: ObjectLiteral = {}): Promise<boolean> {
    const resource = HISTORY_RESOURCES[key];
    if (await this.repository.deleteAtVersion(manager, resource, id, expected, where)) return true;
    return this.staleOrMissing(manager, resource, id, expected);
  }

  /**
   * Inside a write's transaction: holds the record (MySQL: FOR UPDATE) and refuses with 412 if it is no longer at
   * `expected`, for writes of a record's other rows (a company's billing address) or several statements.
   */
  async lockVersion(manager: EntityManager, key: HistoryResourceKey, id: number, expected: number | undefined): Promise<void> {
    if (expected === undefined) return;
    const version = await this.repository.lockedVersion(manager, HISTORY_RESOURCES[key], id);
    if (version !== null && version !== expected) throw new StaleVersion(key, id, expected);
  }

  private async staleOrMissing(manager: EntityManager, resource: HistoryResource, id: number, expected: number | undefined): Promise<boolean> {
    if (!(await this.repository.recordExistsIn(manager, resource, id))) return false;
    if (expected !== undefined) throw new StaleVersion(resource.key, id, expected);
    return true;
  }

  /** The 412 answer: who changed the record since `expected`, when, which fields (with their values now), and the record. */
  async conflict(key: HistoryResourceKey, id: number, expected: number, asker: number | null = null): Promise<AppException> {
    const { message, details } = await this.changesSince(key, id, expected, asker);
    return new AppException(412, 'EDIT_CONFLICT', message, undefined, details as unknown as Record<string, unknown>);
  }

  /**
   * What changed in a record since version `expected`: the record now, each field changed with its value then
   * and now, who made the latest change and when, and the sentence that says so. A 412's body, and what a form
   * shows when a colleague's save arrives live ("Ver alterações"). `asker`: the admin who asks; when every change
   * since was theirs (another tab or window of their own), the sentence says so instead of naming them.
   */
  async changesSince(
    key: HistoryResourceKey,
    id: number,
    expected: number,
    asker: number | null = null,
  ): Promise<{ message: string; details: EditConflictDetails }> {
    const resource = HISTORY_RESOURCES[key];
    const current = await this.handler(key).view(id);
    const rows = await this.repository.entriesSinceVersion(key, id, expected);
    // Oldest first: each field's value when the client read it, and its value now.
    const merged = new Map(Object.entries(mergeChanges([...rows].reverse().map((row) => row.changes))));
    const [fields] = await this.fieldViews(resource, [merged]);
    const byAsker = (row: HistoryRow) => asker !== null && row.actor_id !== null && Number(row.actor_id) === asker;
    const yours = rows.length > 0 && rows.every(byAsker);
    // The latest change by someone else names who to talk to; the asker's own changes in between do not.
    const latest = yours ? rows[0] : (rows.find((row) => !byAsker(row)) ?? rows[0]);
    const who = latest ? whoOf(latest) : null;
    const when = latest ? utcDate(latest.changed_at) : null;
    const noun = resource.noun;
    const moment = when ? momentText(when) : '';
    const object = noun.subject.charAt(0).toLowerCase() + noun.subject.slice(1);
    const message = yours
      ? `Você alterou ${object} em outra aba ou janela ${moment}, depois de abri-${noun.pronoun === 'a' ? 'la' : 'lo'} aqui.`
      : who
        ? `${noun.subject} foi ${noun.changed} por ${who} ${moment}, depois que você ${noun.pronoun} abriu.`
        : `${noun.subject} foi ${noun.changed} depois que você ${noun.pronoun} abriu.`;
    const details: EditConflictDetails = {
      atual: current,
      versao_atual: current.version,
      campos_alterados: fields,
      alterado_por: who ?? '',
      alterado_em: when?.toISOString() ?? '',
      por_voce: yours,
    };
    return { message, details };
  }

  /**
   * Changes of one resource (`{"column": [before, after]}`, each of the kind `operations` says) as the history shows
   * them: labels, names for ids, formatted values, secrets without their values. The audit trail reads its
   * entries' changes through it, so both screens say a field the same way.
   */
  async describeChanges(key: HistoryResourceKey, changes: Record<string, HistoryValue[]>[], operations: HistoryOperation[]): Promise<FieldChangeView[][]> {
    return this.fieldViews(
      HISTORY_RESOURCES[key],
      changes.map((change) => new Map(Object.entries(change))),
      operations,
    );
  }

  /** When an entry was made and by whom (null when there is no such entry): what a restore's audit entry names. */
  async entryOrigin(key: HistoryResourceKey, id: number, entryId: number): Promise<{ em: string; quem: string } | null> {
    const row = await this.repository.entry(key, id, entryId);
    return row ? { em: utcDate(row.changed_at).toISOString(), quem: whoOf(row) } : null;
  }

  /** A record's history, newest first, `limit` entries before the entry `before` (keyset). */
  async list(key: HistoryResourceKey, id: number, before?: number, limit = HISTORY_PAGE_SIZE): Promise<HistoryPage> {
    const size = Math.min(Math.max(limit, 1), HISTORY_PAGE_MAX);
    const rows = await this.repository.entriesBefore(key, id, before, size + 1);
    const page = rows.slice(0, size);
    return { data: await this.entryViews(HISTORY_RESOURCES[key], page), proximo: rows.length > size ? Number(page[page.length - 1].id) : null };
  }

  /** Every entry of a record, oldest first (the data-subject copy). */
  async all(key: HistoryResourceKey, id: number): Promise<HistoryEntryView[]> {
    return this.entryViews(HISTORY_RESOURCES[key], await this.repository.entries(key, id));
  }

  /** Whether the record has any entry in its history (a deleted one keeps its history). */
  async known(key: HistoryResourceKey, id: number): Promise<boolean> {
    return this.repository.hasEntries(key, id);
  }

  /**
   * Puts an entry's "before" values back as a new change (itself an entry, marked as restored from it), through
   * the resource's form validation and the version check; a deleted record comes back with its id.
   */
  async restore(key: HistoryResourceKey, id: number, entryId: number, change: ChangeRequest): Promise<unknown> {
    const row = await this.entryOrFail(key, id, entryId);
    const resource = HISTORY_RESOURCES[key];
    const values = restorableValues(resource, row);
    if (!values) throw new AppException(422, 'NOTHING_TO_RESTORE', 'Esta alteração não tem valores anteriores que possam ser restaurados.');
    const handlers = this.handler(key);
    const restoring: ChangeRequest = { context: { ...change.context, restoredFrom: entryId }, expected: change.expected };
    const exists = await this.repository.recordExists(resource, id);
    if (row.operation === 'exclusao' || !exists) {
      if (exists) throw new AppException(409, 'RECORD_EXISTS', `${resource.noun.subject} já existe: restaure uma alteração, não a exclusão.`);
      if (!handlers.recreate)
        throw new AppException(409, 'CANNOT_RECREATE', `${resource.noun.subject} foi ${resource.noun.removed} e não pode ser recriada aqui.`);
      await handlers.recreate(id, values, restoring);
    } else {
      await handlers.restore(id, values, restoring);
    }
    return handlers.view(id);
  }

  /**
   * "Voltar a esta versão": every restorable field as it was right after the entry, all later changes undone in
   * one new change (one entry, marked as restored from this one), through the form's validation and the version
   * check. Fields no admin writes (HistoryField.restorable unset) stay as they are, whoever changed them later.
   * Returns the record, and what was put back.
   */
  async revert(key: HistoryResourceKey, id: number, entryId: number, change: ChangeRequest): Promise<{ record: unknown; preview: RestorePreview }> {
    const row = await this.entryOrFail(key, id, entryId);
    const resource = HISTORY_RESOURCES[key];
    if (!(await this.repository.recordExists(resource, id))) {
      throw new AppException(409, 'RECORD_DELETED', `${resource.noun.subject} foi ${resource.noun.removed}: restaure a exclusão antes de voltar a uma versão.`);
    }
    const later = await this.repository.entriesAfterEntry(key, id, entryId);
    const { values, preview } = await this.laterChanges(resource, row, later, 'voltar', change.context.actorId);
    if (Object.keys(values).length === 0) throw new AppException(422, 'NOTHING_TO_RESTORE', 'Os campos editáveis já estão como nesta versão: nada a desfazer.');
    const restoring: ChangeRequest = { context: { ...change.context, restoredFrom: entryId }, expected: change.expected };
    const handlers = this.handler(key);
    await handlers.restore(id, values, restoring);
    return { record: await handlers.view(id), preview };
  }

  /** What a restore (`restaurar`, the entry's "before" values) or `voltar` (the version after the entry) would write now. */
  async preview(key: HistoryResourceKey, id: number, entryId: number, mode: RestorePreview['modo'], asker: number | null = null): Promise<RestorePreview> {
    const row = await this.entryOrFail(key, id, entryId);
    const later = await this.repository.entriesAfterEntry(key, id, entryId);
    return (await this.laterChanges(HISTORY_RESOURCES[key], row, later, mode, asker)).preview;
  }

  private async entryOrFail(key: HistoryResourceKey, id: number, entryId: number): Promise<HistoryRow> {
    const row = await this.repository.entry(key, id, entryId);
    if (!row) throw new AppException(404, 'HISTORY_ENTRY_NOT_FOUND', 'Registro do histórico não encontrado.');
    return row;
  }

  /**
   * From an entry and the entries after it (oldest first): each column's value now, who changed it after the
   * entry, and the value a restore gives it: its value before the entry (`restaurar`, the entry's columns only) or
   * right after it (`voltar`, every column changed later: the "before" of its first later change). Only restorable
   * columns are written; the others changed later are named as kept. An erased value (LGPD) is never put back.
   * `asker`: the admin who asks, so the people besides them whose later changes are undone can be named.
   */
  private async laterChanges(
    resource: HistoryResource,
    row: HistoryRow,
    later: HistoryRow[],
    mode: RestorePreview['modo'],
    asker: number | null,
  ): Promise<{ values: Record<string, HistoryValue>; preview: RestorePreview }> {
    const own = parseChanges(row.changes);
    const now = new Map<string, HistoryValue>();
    const then = new Map<string, HistoryValue>();
    const changedBy = new Map<string, string[]>();
    const byOthers = new Map<string, string[]>();
    for (const [column, pair] of Object.entries(own)) if (pair.length === 2) now.set(column, pair[1]);
    for (const entry of later) {
      for (const [column, pair] of Object.entries(parseChanges(entry.changes))) {
        if (pair.length !== 2) continue;
        if (!then.has(column)) then.set(column, pair[0]);
        now.set(column, pair[1]);
        const names = changedBy.get(column) ?? [];
        if (!names.includes(whoOf(entry))) names.push(whoOf(entry));
        changedBy.set(column, names);
        if (asker === null || entry.actor_id === null || Number(entry.actor_id) !== asker) {
          const others = byOthers.get(column) ?? [];
          if (!others.includes(whoOf(entry))) others.push(whoOf(entry));
          byOthers.set(column, others);
        }
      }
    }
    const target = new Map<string, HistoryValue>();
    const kept: string[] = [];
    if (mode === 'restaurar') {
      for (const [column, value] of Object.entries(restorableValues(resource, row) ?? {})) target.set(column, value);
    } else {
      for (const [column, value] of then) {
        const field = resource.fields[column];
        if (!field || field.format === 'secret') continue;
        if (!field.restorable) {
          if (!sameValue(value, now.get(column))) kept.push(field.label);
          continue;
        }
        target.set(column, value);
      }
    }
    const values: Record<string, HistoryValue> = {};
    const pairs = new Map<string, [unknown, unknown]>();
    for (const [column, value] of target) {
      // A row deleted (restaurar of a deletion) has no value now.
      const current = row.operation === 'exclusao' && later.length === 0 ? null : (now.get(column) ?? null);
      if (value === REMOVED_VALUE || current === REMOVED_VALUE) return { values: {}, preview: this.emptyPreview(row, mode) };
      if (mode === 'voltar' && sameValue(value, current)) continue;
      values[column] = value;
      pairs.set(column, [current, value]);
    }
    const [fields] = await this.fieldViews(resource, [pairs]);
    return {
      values,
      preview: {
        modo: mode,
        versao: Number(row.version),
        em: utcDate(row.changed_at).toISOString(),
        campos: fields.map((field) => ({
          campo: field.campo,
          rotulo: field.rotulo,
          atual_texto: field.antes_texto,
          restaurado_texto: field.depois_texto,
          alterado_depois_por: changedBy.get(field.campo) ?? [],
        })),
        mantidos: [...new Set(kept)],
        outras_pessoas: [...new Set([...pairs.keys()].flatMap((column) => byOthers.get(column) ?? []))],
      },
    };
  }

  private emptyPreview(row: HistoryRow, mode: RestorePreview['modo']): RestorePreview {
    return { modo: mode, versao: Number(row.version), em: utcDate(row.changed_at).toISOString(), campos: [], mantidos: [], outras_pessoas: [] };
  }

  /**
   * LGPD: every personal value in a record's history becomes "(removido)" (the account's deletion). Runs in the
   * deletion's transaction, after the deletion's own entry was written.
   */
  async redact(manager: EntityManager, key: HistoryResourceKey, id: number): Promise<void> {
    const resource = HISTORY_RESOURCES[key];
    const personal = new Set(Object.entries(resource.fields).flatMap(([column, field]) => (field.personal ? [column] : [])));
    const rows = await this.repository.changesOf(manager, key, id);
    for (const row of rows) {
      const changes = parseChanges(row.changes);
      let touched = false;
      for (const [column, pair] of Object.entries(changes)) {
        if (!personal.has(column) || pair.length === 0) continue;
        changes[column] = pair.map((value) => (value === null ? null : REMOVED_VALUE));
        touched = true;
      }
      if (touched) await this.repository.writeChanges(manager, row.id, JSON.stringify(changes));
    }
  }

  /**
   * Deletes entries older than `days`, `batch` rows at a time in primary-key order (each batch its own short
   * statement, so the tables written meanwhile are never locked); returns how many went.
   */
  async prune(days: number, batch = 5000): Promise<number> {
    const cutoff = new Date(Date.now() - days * 86_400_000);
    let removed = 0;
    let after = 0;
    for (;;) {
      const rows = await this.repository.entryTimesAfter(after, batch);
      const old = rows.filter((row) => utcDate(row.changed_at) < cutoff);
      if (old.length > 0) {
        removed += (await this.repository.deleteOlderBetween(old[0].id, old[old.length - 1].id, utcDatetimeText(cutoff))) ?? old.length;
      }
      // Entries are written in time order: a batch with a recent entry ends the pruning.
      if (rows.length < batch || old.length < rows.length) return removed;
      after = Number(rows[rows.length - 1].id);
    }
  }

  private handler(key: HistoryResourceKey): RecordHandlers {
    const handlers = this.handlers.get(key);
    if (!handlers) throw new Error(`No history handlers registered for ${key}`);
    return handlers;
  }

  private async entryViews(resource: HistoryResource, rows: HistoryRow[]): Promise<HistoryEntryView[]> {
    const parsed = rows.map((row) => new Map(Object.entries(parseChanges(row.changes))));
    const fields = await this.fieldViews(
      resource,
      parsed,
      rows.map((row) => row.operation),
    );
    return rows.map((row, index) => ({
      id: Number(row.id),
      versao: Number(row.version),
      operacao: row.operation,
      operacao_rotulo: HISTORY_OPERATION_LABELS[row.operation] ?? row.operation,
      em: utcDate(row.changed_at).toISOString(),
      quem: whoOf(row),
      admin_id: row.actor_id === null ? null : Number(row.actor_id),
      origem: row.source,
      origem_rotulo: CHANGE_SOURCE_LABELS[row.source] ?? row.source,
      restaurado_de: row.restored_from === null ? null : Number(row.restored_from),
      restauravel: restorableValues(resource, row) !== null,
      campos: fields[index],
    }));
  }

  /** Each change's fields with labels and values as the screens show them (names of cities, companies, …). */
  /** `operations`: each change's kind, so a secret reads "definida" at a creation and "alterada" after it. */
  private async fieldViews(resource: HistoryResource, changes: Map<string, unknown[]>[], operations: HistoryOperation[] = []): Promise<FieldChangeView[][]> {
    const wanted = new Map<FieldFormat, Set<number>>();
    for (const change of changes) {
      for (const [column, pair] of change) {
        const format = resource.fields[column]?.format;
        if (!format || !HistoryRepository.namesFormat(format)) continue;
        for (const value of pair)
          if (typeof value === 'number' || (typeof value === 'string' && /^\d{1,10}$/.test(value))) {
            if (!wanted.has(format)) wanted.set(format, new Set());
            wanted.get(format)!.add(Number(value));
          }
      }
    }
    const names = new Map<FieldFormat, Map<number, string>>();
    for (const [format, ids] of wanted) names.set(format, await this.repository.namesOf(format, [...ids]));
    const order = Object.keys(resource.fields);
    return changes.map((change, index) =>
      [...change.entries()]
        .filter(([column, pair]) => resource.fields[column] && !(operations[index] === 'criacao' && setsInitial(resource.fields[column], pair)))
        .sort(([a], [b]) => order.indexOf(a) - order.indexOf(b))
        .map(([column, pair]) => {
          const field = resource.fields[column];
          const hidden = field.format === 'secret' || pair.length === 0;
          const [before, after] = hidden ? [null, null] : pair;
          const secret = operations[index] === 'criacao' ? 'definida' : 'alterada';
          const text = (value: unknown) => (hidden ? secret : formatValue(field.format, value, names.get(field.format)));
          return {
            campo: column,
            rotulo: field.label,
            antes: before,
            depois: after,
            antes_texto: text(before),
            depois_texto: text(after),
            oculto: hidden,
            restauravel: !hidden && field.restorable === true,
          };
        }),
    );
  }
}

/**
 * Several entries' changes of one record (JSON text, oldest first) as one: each column's value before the first
 * entry that changed it and after the last. A column that ends as it started stays (a change and its undoing).
 */
export function mergeChanges(changes: string[]): Record<string, HistoryValue[]> {
  const merged: Record<string, HistoryValue[]> = {};
  for (const text of changes) {
    for (const [column, pair] of Object.entries(parseChanges(text))) {
      const known = Object.hasOwn(merged, column) ? merged[column] : undefined;
      merged[column] = known && known.length > 0 && pair.length > 0 ? [known[0], pair[1]] : pair;
    }
  }
  return merged;
}

function parseChanges(text: string): Record<string, HistoryValue[]> {
  try {
    const parsed = JSON.parse(text) as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, HistoryValue[]>) : {};
  } catch {
    return {};
  }
}

/** A creation's value that is the one the system gives every new record (HistoryField.initial): nobody's change. */
function setsInitial(field: HistoryField, pair: unknown[]): boolean {
  return field.initial !== undefined && pair.length === 2 && (pair[0] === null || pair[0] === undefined) && String(pair[1]) === String(field.initial);
}

/**
 * An entry's "before" values that can be put back; null when there are none (a creation, or a change of columns
 * no admin writes). A change puts back only the columns its resource declares restorable (what an admin's form
 * or action writes); a deletion brings the record back with every value it had. Secrets never come back.
 */
function restorableValues(resource: HistoryResource, row: HistoryRow): Record<string, HistoryValue> | null {
  if (row.operation === 'criacao') return null;
  const whole = row.operation === 'exclusao';
  const values: Record<string, HistoryValue> = {};
  for (const [column, pair] of Object.entries(parseChanges(row.changes))) {
    const field = resource.fields[column];
    if (!field || field.format === 'secret' || pair.length === 0) continue;
    // An entry of an erased account (LGPD) puts nothing back.
    if (pair[0] === REMOVED_VALUE || pair[1] === REMOVED_VALUE) return null;
    if (whole || field.restorable) values[column] = pair[0];
  }
  return Object.keys(values).length > 0 ? values : null;
}

/** Two history values as the same value (a number and its text, as JSON_ARRAY and the triggers may give them). */
function sameValue(a: HistoryValue | undefined, b: HistoryValue | undefined): boolean {
  if (a === null || a === undefined || a === '') return b === null || b === undefined || b === '';
  return b !== null && b !== undefined && String(a) === String(b);
}

function whoOf(row: Pick<HistoryRow, 'actor_name' | 'source'>): string {
  if (row.actor_name) return row.actor_name;
  if (row.source === 'importacao') return 'Importação';
  if (row.source === 'api') return 'Aplicativo';
  return 'Sistema';
}

/** "às 14:32" today (São Paulo), "em 24/11/2026 às 14:32" another day. */
function momentText(when: Date): string {
  const sameDay = dateFormat.format(when) === dateFormat.format(new Date());
  return sameDay ? `às ${timeFormat.format(when)}` : `em ${dateFormat.format(when)} às ${timeFormat.format(when)}`;
}

const STATUS_TEXT: Partial<Record<FieldFormat, Record<string, string>>> = {
  active: { '1': 'Ativo', '0': 'Inativo', true: 'Ativo', false: 'Inativo' },
  'user-status': { '1': 'Ativo', '0': 'Inativo' },
  'contact-status': { pendente: 'Pendente', respondido: 'Respondido' },
  channel: { whatsapp: 'WhatsApp', email: 'E-mail' },
  role: ROLE_LABELS,
};

/** A value as the screens show it; an empty one as "—". */
export function formatValue(format: FieldFormat, value: unknown, names?: Map<number, string>): string {
  if (value === null || value === undefined || value === '') return '—';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value as HistoryValue);
  if (text === REMOVED_VALUE) return text;
  switch (format) {
    case 'cnpj':
      return /^\d{14}$/.test(text) ? formatCnpj(text) : text;
    case 'cpf':
      return /^\d{11}$/.test(text) ? formatCpf(text) : text;
    case 'phone':
      return /^\d{10,11}$/.test(text) ? formatPhone(text) : text;
    case 'cep':
      return /^\d{8}$/.test(text) ? formatCep(text) : text;
    case 'datetime': {
      const date = utcDate(text);
      return Number.isNaN(date.getTime()) ? text : dateTimeFormat.format(date);
    }
    case 'city':
    case 'enterprise':
    case 'cargo':
    case 'ocupacao':
    case 'admin':
      return names?.get(Number(value)) ?? `#${text}`;
    default:
      return STATUS_TEXT[format]?.[text] ?? text;
  }
}
