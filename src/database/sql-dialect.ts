import type { DataSource } from 'typeorm';

/** Whether a connection speaks MySQL/MariaDB (the production databases) rather than SQLite. */
export function isMysql(connection: Pick<DataSource, 'options'>): boolean {
  return connection.options.type === 'mysql' || connection.options.type === 'mariadb';
}

/**
 * The São Paulo day (YYYY-MM-DD) of a UTC datetime column or expression. Brasília time has had no daylight
 * saving since 2019: days are counted at UTC-3 (DESIGN.md section 6).
 */
export function saoPauloDay(expression: string, mysql: boolean): string {
  return mysql ? `DATE_FORMAT(DATE_SUB(${expression}, INTERVAL 3 HOUR), '%Y-%m-%d')` : `strftime('%Y-%m-%d', datetime(${expression}, '-3 hours'))`;
}

/** SQL for "these two values differ", NULL counting as a value. */
export function differs(a: string, b: string, mysql: boolean): string {
  return mysql ? `NOT (${a} <=> ${b})` : `${a} IS NOT ${b}`;
}
