import { Global, Injectable, Module } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { BoundedCache } from '../common/bounded-cache.js';
import { plainQuery } from '../common/sql/plain-query.js';
import { isMysql } from '../common/sql/sql-dialect.js';

/** How many exact search totals are remembered (each is a few bytes). */
const CACHE_ENTRIES = 2000;

/**
 * Reads the counts the database keeps with triggers (migration KeptCounts1764500000000): rows per status,
 * per São Paulo day, users per company, and each table's version. A count that must be computed (a search)
 * is remembered under the versions of the tables it reads, so it stays exact: any write changes a version.
 */
@Injectable()
export class KeptCounts {
  private readonly cache = new BoundedCache<string, { value: unknown }>(CACHE_ENTRIES);
  private readonly computing = new Map<string, Promise<unknown>>();

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The totals of a subject per bucket, e.g. `app_users.status` → {'1' → 900, '0' → 100}. */
  async buckets(subject: string): Promise<Map<string, number>> {
    const rows = (await plainQuery(this.dataSource, 'SELECT bucket, total FROM row_counts WHERE subject = ?', [subject])) as {
      bucket: string;
      total: number | string;
    }[];
    return new Map(rows.map((row) => [String(row.bucket), Number(row.total)]));
  }

  async total(subject: string, bucket = ''): Promise<number> {
    const rows = (await plainQuery(this.dataSource, 'SELECT total FROM row_counts WHERE subject = ? AND bucket = ?', [subject, bucket])) as {
      total: number | string;
    }[];
    return Number(rows[0]?.total ?? 0);
  }

  /** A subject's rows per bucket over São Paulo days `from`..`to` (inclusive, YYYY-MM-DD, either open). */
  async daysPerBucket(subject: string, from?: string, to?: string): Promise<Map<string, number>> {
    const rows = (await plainQuery(
      this.dataSource,
      `SELECT bucket, SUM(total) AS total FROM daily_counts WHERE subject = ?${from ? ' AND day >= ?' : ''}${to ? ' AND day <= ?' : ''} GROUP BY bucket`,
      [subject, ...(from ? [from] : []), ...(to ? [to] : [])],
    )) as { bucket: string; total: number | string }[];
    return new Map(rows.map((row) => [String(row.bucket), Number(row.total)]));
  }

  /** A subject's rows per São Paulo day from `from` on, all buckets together. */
  async perDay(subject: string, from: string): Promise<Map<string, number>> {
    const rows = (await plainQuery(this.dataSource, 'SELECT day, SUM(total) AS total FROM daily_counts WHERE subject = ? AND day >= ? GROUP BY day', [
      subject,
      from,
    ])) as { day: string; total: number | string }[];
    return new Map(rows.map((row) => [String(row.day), Number(row.total)]));
  }

  /**
   * The companies with the most users, most first: the `limit` largest counts and every company tied with
   * the last of them, so that the caller can break ties by name.
   */
  async topEnterprises(limit: number): Promise<{ enterprise_id: number; name: string; total: number }[]> {
    const top = (await plainQuery(this.dataSource, `SELECT total FROM enterprise_user_counts WHERE total > 0 ORDER BY total DESC LIMIT ${Number(limit)}`)) as {
      total: number | string;
    }[];
    if (top.length === 0) return [];
    const floor = Number(top[top.length - 1].total);
    const rows = (await plainQuery(
      this.dataSource,
      'SELECT c.enterprise_id, e.fantasia AS name, c.total FROM enterprise_user_counts c INNER JOIN enterprises e ON e.enterprise_id = c.enterprise_id WHERE c.total >= ?',
      [floor],
    )) as { enterprise_id: number | string; name: string; total: number | string }[];
    return rows
      .map((row) => ({ enterprise_id: Number(row.enterprise_id), name: row.name, total: Number(row.total) }))
      .sort((a, b) => b.total - a.total || a.name.localeCompare(b.name, 'pt-BR') || a.enterprise_id - b.enterprise_id)
      .slice(0, limit);
  }

  /**
   * A value computed from `tables` (e.g. a search total), remembered until any of them is written to.
   * The versions are read before computing, so a write during the computation is never hidden. Requests that
   * ask for a value being computed wait for that computation instead of starting their own.
   */
  async remembered<T>(tables: string[], key: string, compute: () => Promise<T>): Promise<T> {
    const rows = (await plainQuery(
      this.dataSource,
      `SELECT subject, total FROM row_counts WHERE bucket = '' AND subject IN (${tables.map(() => '?').join(', ')})`,
      tables.map((table) => `${table}.version`),
    )) as { subject: string; total: number | string }[];
    const versions = tables.map((table) => String(rows.find((row) => row.subject === `${table}.version`)?.total ?? 0)).join(',');
    const cacheKey = `${versions}|${key}`;
    const hit = this.cache.get(cacheKey);
    if (hit) return hit.value as T;
    const running = this.computing.get(cacheKey);
    if (running) return running as Promise<T>;
    const computation = compute()
      .then((value) => {
        this.cache.set(cacheKey, { value });
        return value;
      })
      .finally(() => this.computing.delete(cacheKey));
    this.computing.set(cacheKey, computation);
    return computation;
  }
}

/**
 * A subject's buckets as one column of another statement (`1=900,0=100`), so that a list page reads its rows and
 * the counts it is laid out by in one statement, hence one snapshot. The subject is bound as `:keptSubject`. For
 * subjects of a few buckets (the statuses): MySQL's GROUP_CONCAT stops at group_concat_max_len (1 KB by default).
 */
export function bucketsColumn(on: Pick<DataSource, 'options'>): string {
  const pairs = isMysql(on) ? "GROUP_CONCAT(bucket, '=', total SEPARATOR ',')" : "group_concat(bucket || '=' || total, ',')";
  return `(SELECT ${pairs} FROM row_counts WHERE subject = :keptSubject)`;
}

/** The buckets bucketsColumn read (none when the subject has no row yet). */
export function parseBuckets(column: unknown): Map<string, number> {
  const buckets = new Map<string, number>();
  const text = typeof column === 'string' ? column : Buffer.isBuffer(column) ? column.toString('utf8') : '';
  if (text === '') return buckets;
  for (const pair of text.split(',')) {
    const at = pair.lastIndexOf('=');
    buckets.set(pair.slice(0, at), Number(pair.slice(at + 1)));
  }
  return buckets;
}

/** Counts per status bucket ('1' active, '0' inactive) as the status filters show them. */
export function statusCounts(perStatus: Map<string, number>): { todos: number; ativos: number; inativos: number } {
  const ativos = perStatus.get('1') ?? 0;
  const inativos = perStatus.get('0') ?? 0;
  return { todos: ativos + inativos, ativos, inativos };
}

/** Global: every domain's lists and counters read the kept counts. */
@Global()
@Module({ providers: [KeptCounts], exports: [KeptCounts] })
export class KeptCountsModule {}
