import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource } from 'typeorm';
import { createApp, type AppExtensions } from '../../src/app.js';
import { loadConfig, type AppConfig } from '../../src/config/app-config.js';

export const usingMysql = process.env.DB_TYPE === 'mysql';

/**
 * After a test writes a thousand rows or more at once: on MySQL/MariaDB, has InnoDB write those rows' FULLTEXT
 * entries out of its cache now (rebuilding the tables), instead of a moment later, when a search running at that
 * instant can miss them (seen on MariaDB under load). The tests that call it check the app's rules, not that
 * engine's timing; docs/performance.md states the limit. Nothing to do on SQLite.
 */
export async function settleFulltext(sut: TestApp, tables: string[]): Promise<void> {
  if (!usingMysql) return;
  for (const table of tables) await sut.dataSource.query(`OPTIMIZE TABLE ${table}`);
}

export interface TestApp {
  app: NestFastifyApplication;
  config: AppConfig;
  dataSource: DataSource;
  /** The HTTP server, for supertest. */
  server: ReturnType<NestFastifyApplication['getHttpServer']>;
  close(): Promise<void>;
}

/**
 * The environment of one test database: a fresh SQLite file, or a fresh MySQL/MariaDB database when
 * DB_TYPE=mysql (DB_HOST, DB_PORT, DB_USER, DB_PASSWORD as for the app; 127.0.0.1:3306 root by default).
 */
export function testDatabaseEnv(): Record<string, string> {
  const name = `agromaq_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const uploads = { UPLOADS_DIR: join(tmpdir(), `${name}_uploads`), OUTBOX_DIR: join(tmpdir(), `${name}_outbox`) };
  if (!usingMysql) return { DB_TYPE: 'sqlite', DB_PATH: join(tmpdir(), `${name}.sqlite`), ...uploads };
  return {
    ...uploads,
    DB_TYPE: 'mysql',
    DB_HOST: process.env.DB_HOST ?? '127.0.0.1',
    DB_PORT: process.env.DB_PORT ?? '3306',
    DB_USER: process.env.DB_USER ?? 'root',
    DB_PASSWORD: process.env.DB_PASSWORD ?? '',
    DB_NAME: name,
  };
}

export function testConfig(env: Record<string, string> = {}): AppConfig {
  // TRUST_PROXY=loopback lets a test speak from any address with X-Forwarded-For, as a proxy would.
  return loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', TRUST_PROXY: 'loopback', ...testDatabaseEnv(), ...env },
    { secretsFile: null },
  );
}

/** Starts the whole app on its own new database (created and migrated), and drops it on close. */
export async function startTestApp(env: Record<string, string> = {}, extensions?: AppExtensions): Promise<TestApp> {
  const config = testConfig(env);
  const { app, dataSource } = await createApp(config, { extensions });
  return {
    app,
    config,
    dataSource,
    server: app.getHttpServer(),
    async close() {
      await app.close();
      if (dataSource.isInitialized) await dataSource.destroy();
      await dropDatabase(config);
    },
  };
}

export async function dropDatabase(config: AppConfig): Promise<void> {
  rmSync(config.uploadsDir, { recursive: true, force: true });
  rmSync(config.mail.outboxDir, { recursive: true, force: true });
  const db = config.db;
  if (db.type === 'sqlite') {
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${db.path}${suffix}`, { force: true });
    return;
  }
  const server = new DataSource({ type: 'mysql', host: db.host, port: db.port, username: db.username, password: db.password });
  await server.initialize();
  try {
    await server.query(`DROP DATABASE IF EXISTS \`${db.database}\``);
  } finally {
    await server.destroy();
  }
}
