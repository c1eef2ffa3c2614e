import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository, type EntityManager } from 'typeorm';
import { DEFAULT_PAGE_SIZE } from '../common/http/page.query.js';
import { escapeLike, LIKE_ESCAPE } from '../common/search-text.js';
import { REMOVED_VALUE } from '../history/history.service.js';
import { AUDIT_GROUP_ACTIONS, type AuditAction, type AuditEntryView, type AuditGroup } from '../shared/audit-actions.js';
import { AuditEntry } from './audit-entry.entity.js';

export interface AuditRecord {
  adminId: number | null;
  adminUsername: string | null;
  ip: string | null;
  action: AuditAction;
  targetType?: string | null;
  targetId?: number | null;
  summary?: Record<string, unknown> | null;
}

/** Field names whose values never go into the trail. */
const SECRET_FIELDS = /pass|senha|otp|token|secret/i;
const MAX_SUMMARY = 4000;

/** The fields of a request body worth keeping, secrets removed and long texts cut. */
export function summarize(body: unknown): Record<string, unknown> | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const entries = Object.entries(body as Record<string, unknown>)
    .filter(([key]) => !SECRET_FIELDS.test(key))
    .map(([key, value]) => [key, typeof value === 'string' && value.length > 200 ? `${value.slice(0, 200)}…` : value]);
  return entries.length > 0 ? Object.fromEntries(entries) : null;
}

/** Where an erasure finds a person's values in the trail. */
export interface PersonalValuesInTrail {
  /** The kind of record (`user`) and its id: every entry about it. */
  targetType: string;
  targetId: number;
  /** The summary's fields that hold the person's values: each value (null kept) becomes "(removido)", as in the record's history. */
  fields: readonly string[];
  /** Entries about no one record whose field `field` may hold the person's values (an export's search). */
  searches?: { actions: readonly string[]; field: string; values: readonly string[] };
}

/** The audit trail: every admin write and login attempt. Recording never fails the request it describes. */
@Injectable()
export class AuditService {
  private readonly logger = new Logger(AuditService.name);

  constructor(@InjectRepository(AuditEntry) private readonly entries: Repository<AuditEntry>) {}

  async record(entry: AuditRecord): Promise<void> {
    try {
      const summary = entry.summary ? JSON.stringify(entry.summary).slice(0, MAX_SUMMARY) : null;
      await this.entries.insert({
        adminId: entry.adminId,
        adminUsername: entry.adminUsername?.slice(0, 60) ?? null,
        ip: entry.ip?.slice(0, 45) ?? null,
        action: entry.action,
        targetType: entry.targetType ?? null,
        targetId: entry.targetId ?? null,
        summary,
      });
    } catch (error) {
      this.logger.error(`Could not record ${entry.action} in the audit trail: ${(error as Error).message}`);
    }
  }

  /**
   * LGPD: the person's values leave the trail when their account is erased; who did what, when, and on which
   * record stay. Runs in the erasure's transaction, one UPDATE per field over the record's entries (found by the
   * target index), never reading the trail. A summary that is not JSON (cut at MAX_SUMMARY) cannot be read
   * field by field and goes whole. An entry about no record whose search field holds one of `searches.values`
   * (an export filtered by the person's e-mail, say) gets that field redacted too.
   */
  async redactPersonalValues(manager: EntityManager, where: PersonalValuesInTrail): Promise<void> {
    const about = 'target_type = ? AND target_id = ?';
    const target = [where.targetType, where.targetId];
    for (const field of where.fields) {
      const path = jsonPath(field);
      // A JSON null stays null (nothing was kept); SQLite reads it as SQL NULL, MariaDB as the text 'null'.
      await manager.query(
        `UPDATE audit_log SET summary = JSON_REPLACE(summary, ?, ?)
          WHERE ${about} AND JSON_VALID(summary) AND JSON_EXTRACT(summary, ?) IS NOT NULL AND JSON_EXTRACT(summary, ?) <> 'null'`,
        [path, REMOVED_VALUE, ...target, path, path],
      );
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

  /** Newest first. */
  async list(filters: {
    page?: number;
    pageSize?: number;
    action?: AuditAction;
    group?: AuditGroup;
  }): Promise<{ data: AuditEntryView[]; total: number; page: number; pageSize: number }> {
    const page = filters.page ?? 1;
    const pageSize = filters.pageSize ?? DEFAULT_PAGE_SIZE;
    const [rows, total] = await this.entries.findAndCount({
      where: filters.action ? { action: filters.action } : filters.group ? { action: In(AUDIT_GROUP_ACTIONS[filters.group]) } : {},
      order: { createdAt: 'DESC', id: 'DESC' },
      skip: (page - 1) * pageSize,
      take: pageSize,
    });
    return {
      data: rows.map(entryView),
      total,
      page,
      pageSize,
    };
  }

  /** Every entry about one record (e.g. `user` 42), oldest first. */
  async about(targetType: string, targetId: number): Promise<AuditEntryView[]> {
    const rows = await this.entries.find({ where: { targetType, targetId }, order: { createdAt: 'ASC', id: 'ASC' } });
    return rows.map(entryView);
  }
}

/** A summary field's JSON path: names are the API's own (letters, digits, underscores). */
function jsonPath(field: string): string {
  if (!/^\w+$/.test(field)) throw new Error(`Not a summary field name: ${field}`);
  return `$.${field}`;
}

function entryView(row: AuditEntry): AuditEntryView {
  return {
    id: row.id,
    admin_id: row.adminId,
    admin_username: row.adminUsername,
    ip: row.ip,
    action: row.action as AuditAction,
    target_type: row.targetType,
    target_id: row.targetId,
    summary: row.summary ? (JSON.parse(row.summary) as Record<string, unknown>) : null,
    created_at: new Date(row.createdAt).toISOString(),
  };
}
