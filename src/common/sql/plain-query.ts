import { QueryFailedError, type DataSource } from 'typeorm';

/** The part of mysql2's callback pool a plain read uses. */
interface CallbackPool {
  query(sql: string, values: unknown[], callback: (error: Error | null, rows: unknown) => void): void;
}

/**
 * A plain read for the statements every request runs (authorization, kept counts, the health check): on
 * MySQL/MariaDB straight on the driver's pool, without the query runner TypeORM sets up for each call (its
 * promise wrapper captures a stack trace per query, and it broadcasts events nobody here listens to); on
 * SQLite, and when the pool is a replication cluster, through TypeORM as usual. A failure is TypeORM's
 * QueryFailedError either way, so the error filter treats both alike.
 */
export function plainQuery<T>(dataSource: DataSource, sql: string, values: unknown[] = []): Promise<T[]> {
  const pool = dataSource.options.type === 'mysql' ? (dataSource.driver as unknown as { pool?: CallbackPool }).pool : undefined;
  if (!pool) return dataSource.query(sql, values) as Promise<T[]>;
  const started = performance.now();
  const finish = starting?.(sql) ?? null;
  return new Promise<T[]>((resolve, reject) => {
    pool.query(sql, values, (error, rows) => {
      observer?.(sql, (performance.now() - started) / 1000);
      finish?.(error);
      if (error) reject(new QueryFailedError(sql, values, error));
      else resolve(rows as T[]);
    });
  });
}

let observer: ((sql: string, seconds: number) => void) | null = null;

/** Who is told each plain read's time (the metrics); TypeORM's own statements are timed by its subscribers. */
export function setQueryObserver(next: (sql: string, seconds: number) => void): void {
  observer = next;
}

let starting: ((sql: string) => ((error: Error | null) => void) | null) | null = null;

/**
 * Who is told when a plain read starts, in its caller's context, and may return what to call when it ends (the
 * statement's span, while tracing); TypeORM's own statements reach tracing through its subscribers.
 */
export function setStatementStart(next: (sql: string) => ((error: Error | null) => void) | null): void {
  starting = next;
}
