import type { DataSource } from 'typeorm';
import { SAO_PAULO_UTC_OFFSET_HOURS } from '../common/sao-paulo-day.js';

/** Whether a connection speaks MySQL/MariaDB (the production databases) rather than SQLite. */
export function isMysql(connection: Pick<DataSource, 'options'>): boolean {
  return connection.options.type === 'mysql' || connection.options.type === 'mariadb';
}

/** The São Paulo day (YYYY-MM-DD) of a UTC datetime column or expression, in SQL (see common/sao-paulo-day.ts). */
export function saoPauloDay(expression: string, mysql: boolean): string {
  const hours = SAO_PAULO_UTC_OFFSET_HOURS;
  return mysql
    ? `DATE_FORMAT(DATE_SUB(${expression}, INTERVAL ${hours} HOUR), '%Y-%m-%d')`
    : `strftime('%Y-%m-%d', datetime(${expression}, '-${hours} hours'))`;
}

/** SQL for "these two values differ", NULL counting as a value. */
export function differs(a: string, b: string, mysql: boolean): string {
  return mysql ? `NOT (${a} <=> ${b})` : `${a} IS NOT ${b}`;
}
