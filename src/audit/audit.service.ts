import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository, type EntityManager } from 'typeorm';
import { DEFAULT_PAGE_SIZE } from '../common/http/page.query.js';
import { AUDIT_GROUP_ACTIONS, type AuditAction, type AuditEntryView, type AuditGroup } from '../shared/audit-actions.js';
import { AuditEntry } from './audit-entry.entity.js';
import { redactPersonalValuesInTrail } from './audit.repository.js';

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

  /** LGPD: the person's values leave the trail when their account is erased, in the erasure's transaction. */
  async redactPersonalValues(manager: EntityManager, where: PersonalValuesInTrail): Promise<void> {
    await redactPersonalValuesInTrail(manager, where);
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
