import type { QueryRunner } from 'typeorm';

/*
 * The SQL the migrations write, kept here as it was when they were written: a migration is history, so it
 * never imports the app's live code, whose rules may change after it ran.
 */

export const isMysqlRunner = (queryRunner: QueryRunner) => ['mysql', 'mariadb'].includes(queryRunner.connection.options.type);

/** The São Paulo day (UTC−3, no daylight saving since 2019) of a UTC datetime, as YYYY-MM-DD. */
export const saoPauloDaySql = (expression: string, mysql: boolean) =>
  mysql ? `DATE_FORMAT(DATE_SUB(${expression}, INTERVAL 3 HOUR), '%Y-%m-%d')` : `strftime('%Y-%m-%d', datetime(${expression}, '-3 hours'))`;

/** "These two values differ", NULL counting as a value. */
export const differsSql = (a: string, b: string, mysql: boolean) => (mysql ? `NOT (${a} <=> ${b})` : `${a} IS NOT ${b}`);
