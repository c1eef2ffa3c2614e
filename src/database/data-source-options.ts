import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { DataSourceOptions } from 'typeorm';
import type { DatabaseConfig } from '../config/app-config.js';
import { ENTITIES } from './entities.js';
import { MIGRATIONS } from './migrations/index.js';

/**
 * The one set of data-source options, used by the app, ormconfig.ts (TypeORM CLI) and the tests; `extra` entities
 * and migrations are those of modules added to the app (AppExtensions), after the app's own.
 */
export function dataSourceOptions(db: DatabaseConfig, extra: { entities?: Function[]; migrations?: Function[] } = {}): DataSourceOptions {
  const entities: Function[] = [...ENTITIES, ...(extra.entities ?? [])];
  const migrations: Function[] = [...MIGRATIONS, ...(extra.migrations ?? [])];
  const common = {
    entities,
    migrations,
    migrationsTableName: 'migrations',
    synchronize: false,
    migrationsRun: false,
    logging: false,
  } as const;

  if (db.type === 'mysql') {
    return {
      ...common,
      type: 'mysql',
      host: db.host,
      port: db.port,
      username: db.username,
      password: db.password,
      database: db.database,
      charset: 'utf8mb4_unicode_ci',
      timezone: 'Z',
      supportBigNumbers: true,
      // A database that does not answer fails the request within 2 s (503) instead of holding it.
      connectTimeout: 2000,
      extra: { connectionLimit: 10 },
    };
  }
  if (db.path !== ':memory:') mkdirSync(dirname(db.path), { recursive: true });
  return {
    ...common,
    type: 'better-sqlite3',
    database: db.path,
    // WAL lets readers go on while a write commits; a busy timeout rides out short write locks.
    prepareDatabase: (sqlite: { pragma(source: string): unknown }) => {
      sqlite.pragma('journal_mode = WAL');
      sqlite.pragma('busy_timeout = 5000');
    },
  };
}
