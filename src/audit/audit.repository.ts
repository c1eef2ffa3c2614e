import type { EntityManager } from 'typeorm';
import { escapeLike, LIKE_ESCAPE } from '../common/search-text.js';
import { REMOVED_VALUE } from '../history/history.service.js';
import { isMysql } from '../common/sql/sql-dialect.js';
import type { AuditTarget } from './audit-targets.js';
import type { PersonalValuesInTrail } from './audit.service.js';

/** The audit trail's SQL: the erasure of a person's values from the summaries, on both databases. */

/**
 * LGPD: the person's values leave the trail when their account is erased; who did what, when, and on which
 * record stay. Runs in the erasure's transaction, one UPDATE per field over the record's entries (found by the
 * target index), never reading the trail. A summary that is not JSON (cut at MAX_SUMMARY) cannot be read
 * field by field and goes whole. An entry about no record whose search field holds one of `searches.values`
 * (an export filtered by the person's e-mail, say) gets that field redacted too.
 */
export async function redactPersonalValuesInTrail(manager: EntityManager, where: PersonalValuesInTrail): Promise<void> {
  const about = 'target_type = ? AND target_id = ?';
  const target = [where.targetType, where.targetId];
  for (const field of where.fields) {
    // The field as the request sent it (earlier entries), and its value before and after in a change's fields.
    const name = jsonPath(field);
    for (const path of [name, `$.alteracoes.${field}[0]`, `$.alteracoes.${field}[1]`]) {
      // A JSON null stays null (nothing was kept); SQLite reads it as SQL NULL, MariaDB as the text 'null'.
      await manager.query(
        `UPDATE audit_log SET summary = JSON_REPLACE(summary, ?, ?)
          WHERE ${about} AND JSON_VALID(summary) AND JSON_EXTRACT(summary, ?) IS NOT NULL AND JSON_EXTRACT(summary, ?) <> 'null'`,
        [path, REMOVED_VALUE, ...target, path, path],
      );
    }
  }
  await manager.query(`UPDATE audit_log SET summary = NULL WHERE ${about} AND summary IS NOT NULL AND NOT JSON_VALID(summary)`, target);
  const searches = where.searches;
  const values = [...new Set(searches?.values.map((value) => value.trim().toLowerCase()).filter(Boolean) ?? [])];
  if (!searches || values.length === 0 || searches.actions.length === 0) return;
  const path = jsonPath(searches.field);
  await manager.query(
    `UPDATE audit_log SET summary = JSON_REPLACE(summary, ?, ?)
      WHERE action IN (${searches.actions.map(() => '?').join(', ')}) AND JSON_VALID(summary)
        AND (${values.map(() => `LOWER(JSON_EXTRACT(summary, ?)) LIKE ? ${LIKE_ESCAPE}`).join(' OR ')})`,
    [path, REMOVED_VALUE, ...searches.actions, ...values.flatMap((value) => [path, `%${escapeLike(value)}%`])],
  );
}

/**
 * The names of records of one kind (AuditTarget.name: its columns joined by a space), by id; ids with no record
 * (deleted since) are absent.
 */
export async function targetNamesIn(manager: EntityManager, name: NonNullable<AuditTarget['name']>, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const columns = name.columns.map((column) => `COALESCE(${column}, '')`);
  const joined = isMysql(manager.connection) ? `CONCAT_WS(' ', ${columns.join(', ')})` : columns.join(" || ' ' || ");
  const rows = (await manager.query(
    `SELECT ${name.key} AS id, ${joined} AS name FROM ${name.table} WHERE ${name.key} IN (${ids.map(() => '?').join(', ')})`,
    ids,
  )) as {
    id: number | string;
    name: string;
  }[];
  return new Map(rows.map((row) => [Number(row.id), row.name.trim()]));
}

/**
 * The summaries of the deletions of records of one kind, by id (the latest of each): a deletion keeps the
 * record's name, which the entries about it before the deletion no longer find.
 */
export async function deletionSummariesIn(manager: EntityManager, targetType: string, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = (await manager.query(
    `SELECT target_id AS id, summary FROM audit_log
      WHERE target_type = ? AND target_id IN (${ids.map(() => '?').join(', ')}) AND summary LIKE ? ORDER BY id`,
    [targetType, ...ids, '%"operacao":"exclusao"%'],
  )) as { id: number | string; summary: string }[];
  return new Map(rows.map((row) => [Number(row.id), row.summary]));
}

/** A summary field's JSON path: names are the API's own (letters, digits, underscores). */
function jsonPath(field: string): string {
  if (!/^\w+$/.test(field)) throw new Error(`Not a summary field name: ${field}`);
  return `$.${field}`;
}
