import { DataSource } from 'typeorm';
import type { DatabaseConfig } from '../config/app-config.js';
import { dataSourceOptions } from './data-source-options.js';

/** A database problem at start-up, with a message fit to print as the one line an operator reads. */
export class DatabaseStartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DatabaseStartupError';
  }
}

export function describeDatabase(db: DatabaseConfig): string {
  return db.type === 'sqlite' ? `SQLite at ${db.path}` : `MySQL at ${db.host}:${db.port}/${db.database}`;
}

/**
 * Connects to the configured database. A MySQL database that does not exist yet is created (utf8mb4),
 * so a fresh server works with no manual step; any other failure becomes one clear line.
 */
export async function openDatabase(db: DatabaseConfig, extra: { entities?: Function[]; migrations?: Function[] } = {}): Promise<DataSource> {
  try {
    return await new DataSource(dataSourceOptions(db, extra)).initialize();
  } catch (error) {
    if (db.type === 'mysql' && errorCode(error) === 'ER_BAD_DB_ERROR') {
      await createMysqlDatabase(db);
      try {
        return await new DataSource(dataSourceOptions(db, extra)).initialize();
      } catch (retryError) {
        throw new DatabaseStartupError(explain(db, retryError));
      }
    }
    throw new DatabaseStartupError(explain(db, error));
  }
}

export async function createMysqlDatabase(db: Extract<DatabaseConfig, { type: 'mysql' }>): Promise<void> {
  const server = new DataSource({ ...dataSourceOptions({ ...db, database: '' }), database: undefined, entities: [], migrations: [] } as never);
  try {
    await server.initialize();
    await server.query(`CREATE DATABASE IF NOT EXISTS \`${db.database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  } catch (error) {
    throw new DatabaseStartupError(explain(db, error));
  } finally {
    if (server.isInitialized) await server.destroy();
  }
}

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : undefined;
}

function explain(db: DatabaseConfig, error: unknown): string {
  const where = describeDatabase(db);
  const code = errorCode(error);
  switch (code) {
    case 'ECONNREFUSED':
      return `Cannot reach ${where}: connection refused (is the server running?)`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `Cannot reach ${where}: unknown host`;
    case 'ETIMEDOUT':
      return `Cannot reach ${where}: connection timed out`;
    case 'ER_ACCESS_DENIED_ERROR':
    case 'ER_DBACCESS_DENIED_ERROR':
      return `Cannot open ${where}: access denied (check DB_USER and DB_PASSWORD)`;
    case 'SQLITE_CANTOPEN':
      return `Cannot open ${where}: the file cannot be created or opened (check DB_PATH)`;
    default:
      return `Cannot open ${where}: ${error instanceof Error ? error.message : String(error)}`;
  }
}
