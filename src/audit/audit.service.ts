import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, In, Repository, type EntityManager } from 'typeorm';
import { DEFAULT_PAGE_SIZE } from '../common/http/page.query.js';
import type { WrittenChange } from '../history/change-context.js';
import { HISTORY_RESOURCES, type HistoryResourceKey } from '../history/history.resources.js';
import { HistoryService, mergeChanges, type HistoryValue } from '../history/history.service.js';
import {
  AUDIT_GROUP_ACTIONS,
  describeAuditField,
  type AuditAction,
  type AuditChangeSummary,
  type AuditEntryView,
  type AuditGroup,
  type AuditTargetView,
} from '../shared/audit-actions.js';
import type { FieldChangeView, HistoryOperation } from '../shared/history.views.js';
import { AuditEntry } from './audit-entry.entity.js';
import { auditTarget, type AuditTarget } from './audit-targets.js';
import { deletionSummariesIn, redactPersonalValuesInTrail, targetNamesIn } from './audit.repository.js';

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

const cut = (value: unknown) => (typeof value === 'string' && value.length > 200 ? `${value.slice(0, 200)}…` : value);

/**
 * What a request's committed writes did to one record, from the history entries they produced (oldest first):
 * each changed field before and after, long texts cut; null when they did not touch it. A deletion keeps only
 * the record's name (its audit target's name columns), enough to say what was deleted.
 */
export function changeSummary(written: readonly WrittenChange[], key: HistoryResourceKey, id: number): AuditChangeSummary | null {
  const mine = written.filter((entry) => entry.resource === key && entry.recordId === id);
  if (mine.length === 0) return null;
  const last = mine[mine.length - 1].operation;
  const operacao: HistoryOperation = mine.some((entry) => entry.operation === 'criacao') && last !== 'exclusao' ? 'criacao' : last;
  const merged = mergeChanges(mine.map((entry) => entry.changes));
  const kept = operacao === 'exclusao' ? (auditTarget(key)?.name?.columns ?? []) : Object.keys(merged);
  const alteracoes = Object.fromEntries(kept.filter((column) => Object.hasOwn(merged, column)).map((column) => [column, merged[column].map(cut)]));
  return { alteracoes, operacao };
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

  constructor(
    @InjectRepository(AuditEntry) private readonly entries: Repository<AuditEntry>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly history: HistoryService,
  ) {}

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
      data: await this.views(rows),
      total,
      page,
      pageSize,
    };
  }

  /** Every entry about one record (e.g. `user` 42), oldest first. */
  async about(targetType: string, targetId: number): Promise<AuditEntryView[]> {
    const rows = await this.entries.find({ where: { targetType, targetId }, order: { createdAt: 'ASC', id: 'ASC' } });
    return this.views(rows);
  }

  /**
   * Entries as the audit page shows them: the record each is about by name, with the page that opens it, and the
   * fields a write changed in the history's words (labels, names for ids, formatted values, no secrets).
   */
  private async views(rows: AuditEntry[]): Promise<AuditEntryView[]> {
    const summaries = rows.map((row) => parseSummary(row.summary));
    const changes = summaries.map(changesOf);
    const names = await this.targetNames(rows);
    const fields = await this.fieldViews(rows, changes);
    const sent = await this.sentFields(rows, summaries, changes);
    return rows.map((row, index) => {
      const summary = summaries[index];
      const change = changes[index];
      return {
        id: row.id,
        admin_id: row.adminId,
        admin_username: row.adminUsername,
        ip: row.ip,
        action: row.action as AuditAction,
        target_type: row.targetType,
        target_id: row.targetId,
        summary,
        created_at: new Date(row.createdAt).toISOString(),
        alvo: targetView(row, names),
        operacao: change?.operacao ?? null,
        campos: fields[index],
        enviados: sent[index],
        restaurado:
          (row.action === 'history.restore' || row.action === 'history.revert') && typeof summary?.entrada === 'number'
            ? { entrada: summary.entrada, em: textOrNull(summary.entrada_em), por: textOrNull(summary.entrada_por), versao: row.action === 'history.revert' }
            : null,
      };
    });
  }

  /**
   * The fields kept by entries without changes, in the summary's order: a record's own columns through its
   * history (labels, names for ids, formatted values), any other field by the trail's own words.
   */
  private async sentFields(
    rows: AuditEntry[],
    summaries: (Record<string, unknown> | null)[],
    changes: (AuditChangeSummary | null)[],
  ): Promise<({ rotulo: string; texto: string }[] | null)[]> {
    const kept = rows.map((row, index) =>
      changes[index] || !summaries[index] || row.action === 'history.restore' || row.action === 'history.revert' ? null : summaries[index],
    );
    const described = new Map<number, Map<string, FieldChangeView>>();
    for (const [key, indexes] of byHistoryResource(rows, (index) => kept[index] !== null)) {
      const views = await this.history.describeChanges(
        key,
        indexes.map((index) => scalarColumns(kept[index]!, key)),
        indexes.map(() => 'alteracao'),
      );
      indexes.forEach((index, at) => described.set(index, new Map(views[at].map((field) => [field.campo, field]))));
    }
    return kept.map((summary, index) => {
      if (!summary) return null;
      // A bulk run is said apart ("Alterado em lote").
      return Object.entries(summary)
        .filter(([field]) => field !== 'em_lote')
        .map(([field, value]) => {
          const view = described.get(index)?.get(field);
          return view ? { rotulo: view.rotulo, texto: view.depois_texto } : describeAuditField(field, value);
        });
    });
  }

  /** The current name of each record the entries are about, by target type and id. */
  private async targetNames(rows: AuditEntry[]): Promise<Map<string, Map<number, TargetName>>> {
    const wanted = new Map<string, Set<number>>();
    for (const row of rows) {
      if (!row.targetType || !row.targetId || !auditTarget(row.targetType)?.name) continue;
      if (!wanted.has(row.targetType)) wanted.set(row.targetType, new Set());
      wanted.get(row.targetType)!.add(row.targetId);
    }
    const names = new Map<string, Map<number, TargetName>>();
    for (const [type, ids] of wanted) {
      const target = auditTarget(type)!;
      const found = new Map<number, TargetName>();
      for (const [id, name] of await targetNamesIn(this.dataSource.manager, target.name!, [...ids])) found.set(id, { name, exists: true });
      // A record deleted since: its name as its deletion's entry kept it.
      const gone = [...ids].filter((id) => !found.has(id));
      for (const [id, summary] of await deletionSummariesIn(this.dataSource.manager, type, gone)) {
        const name = keptName(target, changesOf(parseSummary(summary)));
        if (name) found.set(id, { name, exists: false });
      }
      names.set(type, found);
    }
    return names;
  }

  /** Each entry's changed fields through its resource's history (one read of names per resource), or as kept. */
  private async fieldViews(rows: AuditEntry[], changes: (AuditChangeSummary | null)[]): Promise<(FieldChangeView[] | null)[]> {
    const fields: (FieldChangeView[] | null)[] = changes.map((change) => (change ? plainFields(change) : null));
    for (const [key, indexes] of byHistoryResource(rows, (index) => changes[index] !== null)) {
      const views = await this.history.describeChanges(
        key,
        indexes.map((index) => changes[index]!.alteracoes as Record<string, HistoryValue[]>),
        indexes.map((index) => changes[index]!.operacao),
      );
      indexes.forEach((index, at) => (fields[index] = views[at]));
    }
    // A creation lists the values it set; a deletion names what it deleted (the target), no fields.
    return fields.map((list, index) => {
      if (!list) return null;
      if (changes[index]!.operacao === 'exclusao') return [];
      return changes[index]!.operacao === 'criacao' ? list.filter((field) => field.oculto || field.depois_texto !== '—') : list;
    });
  }
}

/** Fields of an entry's summary that are a value each, as the history formats them (a record's own columns only). */
function scalarColumns(summary: Record<string, unknown>, key: HistoryResourceKey): Record<string, HistoryValue[]> {
  const fields = HISTORY_RESOURCES[key].fields;
  const columns: Record<string, HistoryValue[]> = {};
  for (const [column, value] of Object.entries(summary)) {
    if (!Object.hasOwn(fields, column) || fields[column].format === 'secret') continue;
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) columns[column] = [value as HistoryValue, value as HistoryValue];
  }
  return columns;
}

/** The indexes of the entries `wanted` keeps, by the history resource their record belongs to (one read each). */
function byHistoryResource(rows: AuditEntry[], wanted: (index: number) => boolean): Map<HistoryResourceKey, number[]> {
  const groups = new Map<HistoryResourceKey, number[]>();
  rows.forEach((row, index) => {
    const key = wanted(index) && row.targetType ? auditTarget(row.targetType)?.history : undefined;
    if (!key) return;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key)!.push(index);
  });
  return groups;
}

function parseSummary(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    // A summary cut at its length limit is not JSON any more.
    return null;
  }
}

const OPERATIONS: readonly string[] = ['criacao', 'alteracao', 'exclusao'];

/** The changes a summary keeps (AuditChangeSummary), or null for an entry that kept the fields sent. */
function changesOf(summary: Record<string, unknown> | null): AuditChangeSummary | null {
  const changes = summary?.alteracoes;
  if (!changes || typeof changes !== 'object' || Array.isArray(changes)) return null;
  const pairs = Object.entries(changes as Record<string, unknown>).filter((entry): entry is [string, unknown[]] => Array.isArray(entry[1]));
  const operation = typeof summary.operacao === 'string' && OPERATIONS.includes(summary.operacao) ? (summary.operacao as HistoryOperation) : 'alteracao';
  return { ...summary, alteracoes: Object.fromEntries(pairs), operacao: operation };
}

/** A change of a record no history describes: each field under its own name, values as kept. */
function plainFields(change: AuditChangeSummary): FieldChangeView[] {
  const text = (value: unknown) =>
    value === null || value === undefined || value === '' ? '—' : typeof value === 'object' ? JSON.stringify(value) : String(value as string);
  return Object.entries(change.alteracoes).map(([column, pair]) => ({
    campo: column,
    rotulo: column,
    antes: pair[0] ?? null,
    depois: pair[1] ?? null,
    antes_texto: pair.length === 0 ? 'alterado' : text(pair[0]),
    depois_texto: pair.length === 0 ? 'alterado' : text(pair[1]),
    oculto: pair.length === 0,
    // The trail tells what happened; restoring is the history's.
    restauravel: false,
  }));
}

const textOrNull = (value: unknown) => (typeof value === 'string' && value ? value : null);

/** The record an entry is about: its kind, its name now (or, when it is gone, as its deletion kept it) and its page. */
/** A record's name, and whether the record is still there (a link opens it) or was deleted (its name as kept). */
interface TargetName {
  name: string;
  exists: boolean;
}

function targetView(row: AuditEntry, names: Map<string, Map<number, TargetName>>): AuditTargetView | null {
  if (!row.targetType) return null;
  // An admin's own login or confirmation: the admin is already named as who did it.
  if (row.targetType === 'admin' && row.targetId !== null && row.targetId === row.adminId && row.action.startsWith('login.')) return null;
  const target = auditTarget(row.targetType);
  const unnamed = row.targetId ? `#${row.targetId}` : null;
  if (!target) return { tipo: row.targetType, nome: unnamed, url: null };
  const found = row.targetId ? names.get(row.targetType)?.get(row.targetId) : undefined;
  return { tipo: target.label, nome: found?.name || unnamed, url: found?.exists ? (target.url?.(row.targetId!) ?? null) : null };
}

/** The name a deletion kept of its record: its target's name columns, as they were before. */
function keptName(target: AuditTarget, change: AuditChangeSummary | null): string | null {
  const name = (target.name?.columns ?? [])
    .map((column) => change?.alteracoes[column]?.[0])
    .filter((value): value is string => typeof value === 'string' && value !== '')
    .join(' ');
  return name || null;
}
