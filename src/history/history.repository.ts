import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, type ObjectLiteral } from 'typeorm';
import { isMysql } from '../common/sql/sql-dialect.js';
import { formatCity } from '../shared/br/index.js';
import type { ChangeSource, HistoryOperation } from '../shared/history.views.js';
import type { FieldFormat, HistoryResource, HistoryResourceKey } from './history.resources.js';

/** An entry of record_history as the statements read it (column names as the database spells them). */
export interface HistoryRow {
  id: number | string;
  record_id: number | string;
  version: number | string;
  operation: HistoryOperation;
  changed_at: Date | string;
  actor_id: number | string | null;
  actor_name: string | null;
  source: ChangeSource;
  restored_from: number | string | null;
  changes: string;
}

/** An entry a transaction wrote: which record, at which version, by which operation (and, when asked, what changed). */
export interface WrittenEntry {
  entryId: number;
  resource: HistoryResourceKey;
  id: number;
  version: number;
  operation: HistoryOperation;
  changes?: string;
}

/** Who makes the changes of a transaction, as the database's triggers read it (actor name already cut to its column). */
export interface HistoryContextValues {
  actorId: number | null;
  actorName: string | null;
  source: ChangeSource | null;
  restoredFrom: number | null;
}

const HISTORY_COLUMNS = 'id, record_id, version, operation, changed_at, actor_id, actor_name, source, restored_from, changes';

/** Where a column holding an id finds the name shown for it: the columns read, and the name made of them. */
const LOOKUPS: Partial<Record<FieldFormat, { table: string; key: string; columns: string; name: (row: Record<string, string>) => string }>> = {
  // A city as every screen writes it ("Campinas - SP").
  city: { table: 'cities', key: 'city_id', columns: 'name, code', name: (row) => formatCity(row.name, row.code) },
  enterprise: { table: 'enterprises', key: 'enterprise_id', columns: 'fantasia AS name', name: (row) => row.name },
  cargo: { table: 'cargos', key: 'cargo_id', columns: 'name', name: (row) => row.name },
  ocupacao: { table: 'ocupacoes', key: 'ocupacao_id', columns: 'name', name: (row) => row.name },
  admin: { table: 'admins', key: 'admin_id', columns: 'name', name: (row) => row.name },
};

/**
 * The history's SQL: the change context the triggers read, the versioned writes and reads of any versioned
 * record, the entries of record_history, and the names shown for ids. Statements that belong to a write's
 * transaction take its EntityManager.
 */
@Injectable()
export class HistoryRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Whether the values of a format are ids whose names are read (namesOf). */
  static namesFormat(format: FieldFormat): boolean {
    return !!LOOKUPS[format];
  }

  /** Sets who makes the transaction's changes (null values: nobody), where the database's triggers read it. */
  async setContext(manager: EntityManager, context: HistoryContextValues): Promise<void> {
    const values = [context.actorId, context.actorName, context.source, context.restoredFrom];
    if (isMysql(this.dataSource)) {
      await manager.query('SET @history_actor_id = ?, @history_actor_name = ?, @history_source = ?, @history_restored_from = ?', values);
    } else {
      await manager.query('UPDATE history_context SET actor_id = ?, actor_name = ?, source = ?, restored_from = ? WHERE id = 1', values);
    }
  }

  /** The id of the latest entry the transaction sees (0 with none). */
  async lastEntryId(manager: EntityManager): Promise<number> {
    const rows = (await manager.query('SELECT MAX(id) AS id FROM record_history')) as { id: number | string | null }[];
    return Number(rows[0]?.id ?? 0);
  }

  /** The first `limit` entries after the entry `after`, in id order: which record each is of, and with `changes` what changed. */
  async entriesAfter(manager: EntityManager, after: number, limit: number, changes = false): Promise<WrittenEntry[]> {
    const rows = (await manager.query(
      `SELECT id, resource, record_id, version, operation${changes ? ', changes' : ''} FROM record_history WHERE id > ? ORDER BY id LIMIT ${limit}`,
      [after],
    )) as { id: number | string; resource: string; record_id: number | string; version: number | string; operation: HistoryOperation; changes?: string }[];
    return rows.map((row) => ({
      entryId: Number(row.id),
      resource: row.resource as HistoryResourceKey,
      id: Number(row.record_id),
      version: Number(row.version),
      operation: row.operation,
      ...(changes ? { changes: row.changes } : {}),
    }));
  }

  /**
   * Writes `values` (entity properties) to one record, only at version `expected` when it is given, in one
   * statement (`UPDATE … WHERE id = ? AND version = ?`); how many rows it changed.
   */
  async updateAtVersion(manager: EntityManager, resource: HistoryResource, id: number, expected: number | undefined, values: ObjectLiteral): Promise<number> {
    const query = manager.createQueryBuilder().update(resource.entity).set(values).where(`${resource.idColumn} = :historyRecordId`, { historyRecordId: id });
    if (expected !== undefined) query.andWhere('version = :historyExpected', { historyExpected: expected });
    const { affected } = await query.execute();
    return affected ?? 0;
  }

  /** Deletes one record when `where` (columns → values) holds, only at version `expected` when it is given; how many rows went. */
  async deleteAtVersion(manager: EntityManager, resource: HistoryResource, id: number, expected: number | undefined, where: ObjectLiteral): Promise<number> {
    const query = manager.createQueryBuilder().delete().from(resource.entity).where(`${resource.idColumn} = :historyRecordId`, { historyRecordId: id });
    for (const [column, value] of Object.entries(where)) query.andWhere(`${column} = :where_${column}`, { [`where_${column}`]: value });
    if (expected !== undefined) query.andWhere('version = :historyExpected', { historyExpected: expected });
    const { affected } = await query.execute();
    return affected ?? 0;
  }

  /** A record's version, held until the transaction ends (MySQL: FOR UPDATE); null when there is no such record. */
  async lockedVersion(manager: EntityManager, resource: HistoryResource, id: number): Promise<number | null> {
    const lock = isMysql(this.dataSource) ? ' FOR UPDATE' : '';
    const [row] = (await manager.query(`SELECT version FROM ${resource.table} WHERE ${resource.idColumn} = ?${lock}`, [id])) as { version: number | string }[];
    return row ? Number(row.version) : null;
  }

  /** Whether the record is there, as the transaction sees it. */
  async recordExistsIn(manager: EntityManager, resource: HistoryResource, id: number): Promise<boolean> {
    const rows = (await manager.query(`SELECT version FROM ${resource.table} WHERE ${resource.idColumn} = ?`, [id])) as unknown[];
    return rows.length > 0;
  }

  /** Whether the record is there. */
  async recordExists(resource: HistoryResource, id: number): Promise<boolean> {
    return ((await this.dataSource.query(`SELECT 1 AS one FROM ${resource.table} WHERE ${resource.idColumn} = ?`, [id])) as unknown[]).length > 0;
  }

  /** The latest 200 entries of a record after version `version`, newest first. */
  entriesSinceVersion(key: HistoryResourceKey, id: number, version: number): Promise<HistoryRow[]> {
    return this.dataSource.query(
      `SELECT ${HISTORY_COLUMNS} FROM record_history WHERE resource = ? AND record_id = ? AND version > ? ORDER BY id DESC LIMIT 200`,
      [key, id, version],
    ) as Promise<HistoryRow[]>;
  }

  /** Up to `limit` entries of a record before the entry `before` (all, without it), newest first. */
  entriesBefore(key: HistoryResourceKey, id: number, before: number | undefined, limit: number): Promise<HistoryRow[]> {
    return this.dataSource.query(
      `SELECT ${HISTORY_COLUMNS} FROM record_history WHERE resource = ? AND record_id = ?${before ? ' AND id < ?' : ''} ORDER BY id DESC LIMIT ${limit}`,
      before ? [key, id, before] : [key, id],
    ) as Promise<HistoryRow[]>;
  }

  /** Every entry of a record, oldest first. */
  entries(key: HistoryResourceKey, id: number): Promise<HistoryRow[]> {
    return this.dataSource.query(`SELECT ${HISTORY_COLUMNS} FROM record_history WHERE resource = ? AND record_id = ? ORDER BY id`, [key, id]) as Promise<
      HistoryRow[]
    >;
  }

  /** Whether a record has any entry. */
  async hasEntries(key: HistoryResourceKey, id: number): Promise<boolean> {
    const rows = (await this.dataSource.query('SELECT id FROM record_history WHERE resource = ? AND record_id = ? LIMIT 1', [key, id])) as unknown[];
    return rows.length > 0;
  }

  /** One entry of a record, or undefined. */
  async entry(key: HistoryResourceKey, id: number, entryId: number): Promise<HistoryRow | undefined> {
    const [row] = (await this.dataSource.query(`SELECT ${HISTORY_COLUMNS} FROM record_history WHERE id = ? AND resource = ? AND record_id = ?`, [
      entryId,
      key,
      id,
    ])) as HistoryRow[];
    return row;
  }

  /** The changes (JSON text) of every entry of a record, in the transaction. */
  changesOf(manager: EntityManager, key: HistoryResourceKey, id: number): Promise<{ id: number | string; changes: string }[]> {
    return manager.query('SELECT id, changes FROM record_history WHERE resource = ? AND record_id = ?', [key, id]) as Promise<
      { id: number | string; changes: string }[]
    >;
  }

  /** Replaces the changes (JSON text) of one entry, in the transaction. */
  async writeChanges(manager: EntityManager, entryId: number | string, changes: string): Promise<void> {
    await manager.query('UPDATE record_history SET changes = ? WHERE id = ?', [changes, entryId]);
  }

  /** The first `limit` entries after the entry `after`, in id order: their id and time. */
  entryTimesAfter(after: number, limit: number): Promise<{ id: number | string; changed_at: Date | string }[]> {
    return this.dataSource.query(`SELECT id, changed_at FROM record_history WHERE id > ? ORDER BY id LIMIT ${limit}`, [after]) as Promise<
      { id: number | string; changed_at: Date | string }[]
    >;
  }

  /**
   * Deletes the entries from id `first` to `last` changed before `before` (UTC datetime text); how many went when
   * the driver says it (MySQL/MariaDB), else null.
   */
  async deleteOlderBetween(first: number | string, last: number | string, before: string): Promise<number | null> {
    const result = (await this.dataSource.query('DELETE FROM record_history WHERE id >= ? AND id <= ? AND changed_at < ?', [first, last, before])) as
      { affectedRows?: number } | unknown[];
    return Array.isArray(result) ? null : (result.affectedRows ?? null);
  }

  /** The names shown for ids of a format (namesFormat): a city's "Campinas - SP", a company's fantasia, … */
  async namesOf(format: FieldFormat, ids: number[]): Promise<Map<number, string>> {
    const spec = LOOKUPS[format]!;
    const rows = (await this.dataSource.query(
      `SELECT ${spec.key} AS lookup_id, ${spec.columns} FROM ${spec.table} WHERE ${spec.key} IN (${ids.map(() => '?').join(', ')})`,
      ids,
    )) as (Record<string, string> & { lookup_id: number | string })[];
    return new Map(rows.map((row) => [Number(row.lookup_id), spec.name(row)]));
  }

  /** Every entry of a record after the entry `after`, oldest first. */
  entriesAfterEntry(key: HistoryResourceKey, id: number, after: number): Promise<HistoryRow[]> {
    return this.dataSource.query(`SELECT ${HISTORY_COLUMNS} FROM record_history WHERE resource = ? AND record_id = ? AND id > ? ORDER BY id`, [
      key,
      id,
      after,
    ]) as Promise<HistoryRow[]>;
  }
}
