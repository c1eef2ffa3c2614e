import { access, statfs } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Global, Inject, Injectable, Logger, Module, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { plainQuery, setQueryObserver } from '../common/sql/plain-query.js';
import { LiveEvents } from '../live/live-events.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/app-config.js';
import { LiveStreams } from '../live/live-streams.js';
import { interactiveRequests } from '../common/http/interactive-load.js';
import { MailService } from '../mail/mail.service.js';
import { AppMetrics, statementKind, type PoolState } from './app-metrics.js';

/** mysql2's pool, as far as its state is read (its own fields: mysql2 has no public accessor). */
interface PoolInternals {
  _allConnections?: { length: number };
  _freeConnections?: { length: number };
  _connectionQueue?: { length: number };
}

/**
 * Serves /metrics (Prometheus text) on METRICS_PORT, a port of its own that the public server and nginx never
 * expose; nothing is served without it.
 */
@Injectable()
export class MetricsServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(MetricsServer.name);
  private server: Server | null = null;

  constructor(
    private readonly metrics: AppMetrics,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The port /metrics listens on, once it does (METRICS_PORT=0 picks a free one). */
  get port(): number | null {
    return (this.server?.address() as AddressInfo | null)?.port ?? null;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.metricsPort === null) return;
    const server = createServer((req, res) => {
      if (req.method !== 'GET' || req.url !== '/metrics') {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
        return;
      }
      this.metrics.registry.metrics().then(
        (text) => res.writeHead(200, { 'Content-Type': this.metrics.registry.contentType, 'Cache-Control': 'no-store' }).end(text),
        (error: Error) => {
          this.logger.error(`Metrics failed: ${error.message}`);
          res.writeHead(500).end();
        },
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.config.metricsPort ?? 0, this.config.host, resolve);
    });
    this.server = server;
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise((resolve) => server.close(resolve));
  }
}

/** The folder itself, or the closest one above it that exists (the uploads' folder is made at the first upload). */
async function nearestFolder(folder: string): Promise<string> {
  let path = resolve(folder);
  while (
    !(await access(path).then(
      () => true,
      () => false,
    )) &&
    dirname(path) !== path
  )
    path = dirname(path);
  return path;
}

/** The app's metrics: one registry per app, its figures read from the parts that hold them when scraped. */
@Global()
@Module({
  providers: [
    {
      provide: AppMetrics,
      inject: [DataSource, ModuleRef, APP_CONFIG],
      useFactory: (dataSource: DataSource, modules: ModuleRef, config: AppConfig) => {
        const metrics = new AppMetrics({
          pool: (): PoolState => {
            const pool = dataSource.options.type === 'mysql' ? (dataSource.driver as unknown as { pool?: PoolInternals }).pool : undefined;
            if (!pool?._allConnections) return null;
            const all = pool._allConnections.length;
            const idle = pool._freeConnections?.length ?? 0;
            return { inUse: all - idle, idle, waiting: pool._connectionQueue?.length ?? 0 };
          },
          openStreams: () => modules.get(LiveStreams, { strict: false }).size,
          requestsInFlight: interactiveRequests,
          importsWaiting: async () => {
            const rows = (await dataSource.query(
              "SELECT status, COUNT(*) AS total FROM imports WHERE status IN ('na_fila', 'processando') GROUP BY status",
            )) as { status: string; total: number | string }[];
            const count = (status: string) => Number(rows.find((row) => row.status === status)?.total ?? 0);
            return { queued: count('na_fila'), running: count('processando') };
          },
          mailWaiting: () => modules.get(MailService, { strict: false }).waiting(),
          databaseUp: async () => {
            await plainQuery(dataSource, 'SELECT 1');
            return true;
          },
          redisUp: () => (config.redis.url ? modules.get(LiveEvents, { strict: false }).log.live : null),
          uploadsDisk: config.s3
            ? null
            : async () => {
                const disk = await statfs(await nearestFolder(config.uploadsDir));
                return { available: disk.bavail * disk.bsize, size: disk.blocks * disk.bsize };
              },
        });
        // Statements through TypeORM, and the plain reads that go around it.
        dataSource.subscribers.push({
          afterQuery: (event: { query: string; executionTime?: number }) => {
            if (event.executionTime !== undefined) metrics.queries.observe({ kind: statementKind(event.query) }, event.executionTime / 1000);
          },
        });
        setQueryObserver((sql, seconds) => metrics.queries.observe({ kind: statementKind(sql) }, seconds));
        return metrics;
      },
    },
    MetricsServer,
  ],
  exports: [AppMetrics, MetricsServer],
})
export class MetricsModule {}
