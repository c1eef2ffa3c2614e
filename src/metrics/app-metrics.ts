import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Where a statement's time is counted: its first keyword. */
export type StatementKind = 'select' | 'insert' | 'update' | 'delete' | 'other';

const KIND = /^\s*(select|insert|update|delete)\b/i;
/** A statement's kind from its first keyword (read on its first 20 characters). */
export const statementKind = (sql: string): StatementKind => (KIND.exec(sql.slice(0, 20))?.[1].toLowerCase() as StatementKind | undefined) ?? 'other';

/** What the database pool holds now (MySQL/MariaDB; null on SQLite). */
export type PoolState = { inUse: number; idle: number; waiting: number } | null;

/** Figures read when Prometheus scrapes, from the parts of the app that hold them. */
export interface MetricSources {
  pool(): PoolState;
  openStreams(): number;
  /** The requests this instance is answering now, event streams excepted. */
  requestsInFlight(): number;
  importsWaiting(): Promise<{ queued: number; running: number }>;
  mailWaiting(): Promise<number | null>;
  /** Whether the database answers a query now. */
  databaseUp(): Promise<boolean>;
  /** Whether Redis answers (null without REDIS_URL). */
  redisUp(): boolean | null;
  /** The disk holding the uploads; null when they are kept in object storage. */
  uploadsDisk: (() => Promise<{ available: number; size: number }>) | null;
}

/**
 * The app's Prometheus metrics, in a registry of their own (several apps may live in one test process): request
 * duration by method, route template and status class (a path no route matches counts as "unmatched", so random
 * URLs add no series), statement duration by kind, the database pool, open event streams, the import and e-mail
 * queues, login failures and lock-outs, and Node's own (event-loop lag, heap, CPU, handles).
 */
export class AppMetrics {
  readonly registry = new Registry();
  readonly http = new Histogram({
    name: 'agromaq_http_request_duration_seconds',
    help: 'Duration of HTTP requests, by method, route template and status class (aborted: the client hung up first).',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  readonly queries = new Histogram({
    name: 'agromaq_db_query_duration_seconds',
    help: 'Duration of database statements, by kind.',
    labelNames: ['kind'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
    registers: [this.registry],
  });
  readonly loginFailures = new Counter({
    name: 'agromaq_login_failures_total',
    help: 'Refused admin logins (wrong password or code, unauthorized IP, locked out).',
    registers: [this.registry],
  });
  readonly lockouts = new Counter({
    name: 'agromaq_login_lockouts_total',
    help: 'Admin logins refused because an IP or an account is locked out for too many attempts.',
    registers: [this.registry],
  });

  readonly rateLimited = new Counter({
    name: 'agromaq_rate_limited_total',
    help: 'Requests refused with 429 by a rate limit, by the name of the limit.',
    labelNames: ['limit'] as const,
    registers: [this.registry],
  });
  readonly rateLimitFallbacks = new Counter({
    name: 'agromaq_rate_limit_local_total',
    help: 'Rate-limit checks counted in the instance memory because the shared storage (Redis) was away, by limit.',
    labelNames: ['limit'] as const,
    registers: [this.registry],
  });
  readonly mailFailed = new Counter({
    name: 'agromaq_mail_failed_total',
    help: 'E-mails given up after every try (kept in the failed set with REDIS_URL).',
    registers: [this.registry],
  });
  readonly mailErrors = new Counter({
    name: 'agromaq_mail_send_errors_total',
    help: 'Tries to send an e-mail that the mail server refused or that failed (each is tried again until given up).',
    registers: [this.registry],
  });

  constructor(sources: MetricSources) {
    collectDefaultMetrics({ register: this.registry, prefix: 'agromaq_' });
    const pool = new Gauge({
      name: 'agromaq_db_pool_connections',
      help: 'Database pool connections by state (MySQL/MariaDB).',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        const now = sources.pool();
        if (!now) return;
        pool.set({ state: 'in_use' }, now.inUse);
        pool.set({ state: 'idle' }, now.idle);
        pool.set({ state: 'waiting' }, now.waiting);
      },
    });
    /** A figure of this instance read when Prometheus scrapes. */
    const reading = (name: string, help: string, read: () => number) => {
      const gauge: Gauge = new Gauge({
        name,
        help,
        registers: [this.registry],
        collect(): void {
          gauge.set(read());
        },
      });
    };
    reading('agromaq_event_streams_open', 'Live event streams (back-office tabs) open on this instance.', () => sources.openStreams());
    reading(
      'agromaq_http_requests_in_flight',
      'Requests this instance is answering now, event streams excepted (an import gives way while there are some).',
      () => sources.requestsInFlight(),
    );
    const imports = new Gauge({
      name: 'agromaq_import_queue',
      help: 'Imports waiting for a run or running, across instances.',
      labelNames: ['state'] as const,
      registers: [this.registry],
      async collect() {
        const now = await sources.importsWaiting().catch(() => null);
        if (!now) return;
        imports.set({ state: 'na_fila' }, now.queued);
        imports.set({ state: 'processando' }, now.running);
      },
    });
    const mail = new Gauge({
      name: 'agromaq_mail_queue_waiting',
      help: 'E-mails waiting to be sent (the shared queue with REDIS_URL).',
      registers: [this.registry],
      async collect() {
        const waiting = await sources.mailWaiting().catch(() => null);
        if (waiting !== null) mail.set(waiting);
      },
    });
    const up = new Gauge({
      name: 'agromaq_dependency_up',
      help: 'Whether a dependency answers when scraped (1) or not (0): the database, and Redis when configured.',
      labelNames: ['part'] as const,
      registers: [this.registry],
      async collect() {
        up.set({ part: 'database' }, (await sources.databaseUp().catch(() => false)) ? 1 : 0);
        const redis = sources.redisUp();
        if (redis !== null) up.set({ part: 'redis' }, redis ? 1 : 0);
      },
    });
    const uploadsDisk = sources.uploadsDisk;
    if (!uploadsDisk) return;
    const available = new Gauge({
      name: 'agromaq_uploads_disk_available_bytes',
      help: 'Bytes free for the app on the disk of the uploads (local storage only).',
      registers: [this.registry],
      async collect() {
        const now = await uploadsDisk().catch(() => null);
        if (now) available.set(now.available);
      },
    });
    const size = new Gauge({
      name: 'agromaq_uploads_disk_size_bytes',
      help: 'Size of the disk of the uploads (local storage only).',
      registers: [this.registry],
      async collect() {
        const now = await uploadsDisk().catch(() => null);
        if (now) size.set(now.size);
      },
    });
  }

  /** A request refused by a rate limit; the per-IP login limit is a lock-out of a login as well. */
  observeRateLimited(limit: string): void {
    this.rateLimited.inc({ limit });
    if (limit === 'login-ip') {
      this.loginFailures.inc();
      this.lockouts.inc();
    }
  }

  /** A request answered (its status) or given up by its client (null): route template (or "unmatched"), method and status class. */
  observeRequest(method: string, route: string, status: number | null, seconds: number): void {
    this.http.observe({ method, route, status_class: status === null ? 'aborted' : `${Math.floor(status / 100)}xx` }, seconds);
  }
}
