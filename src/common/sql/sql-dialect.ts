import type { DataSource } from 'typeorm';

/** Whether a connection speaks MySQL/MariaDB (the production databases) rather than SQLite. */
export function isMysql(connection: Pick<DataSource, 'options'>): boolean {
  return connection.options.type === 'mysql' || connection.options.type === 'mariadb';
}
