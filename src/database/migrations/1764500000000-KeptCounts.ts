import { MigrationInterface, QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';
import { differsSql as differs, isMysqlRunner, saoPauloDaySql as saoPauloDay } from './frozen-sql.js';

/**
 * Counts kept by the database itself, so that no list, counter or chart counts a million rows per request
 * (bench/README.md): triggers on app_users, enterprises and contacts keep, in the same transaction as the
 * write and whoever makes it,
 * - `row_counts`: rows per status, users without a company, and a version bumped by every write (the key of
 *   cached search totals);
 * - `daily_counts`: rows per São Paulo day and status (registration date filters and the dashboard series);
 * - `enterprise_user_counts`: users per company (the dashboard donut).
 * Also: a FULLTEXT index over the search columns on MySQL/MariaDB, a column for the company and cargo words of
 * each user, and the index for the answered contacts tab. (This migration also filled the search columns with
 * the app's code of the time; SearchOwnedByDatabase, which replaced them, computes them again, in SQL.)
 */
export class KeptCounts1764500000000 implements MigrationInterface {
  name = 'KeptCounts1764500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = isMysqlRunner(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'row_counts',
        columns: [
          { name: 'subject', type: 'varchar', length: '40', isPrimary: true },
          { name: 'bucket', type: 'varchar', length: '20', isPrimary: true },
          { name: 'total', type: 'bigint', default: 0 },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'daily_counts',
        columns: [
          { name: 'subject', type: 'varchar', length: '40', isPrimary: true },
          { name: 'day', type: 'varchar', length: '10', isPrimary: true },
          { name: 'bucket', type: 'varchar', length: '20', isPrimary: true },
          { name: 'total', type: 'integer', default: 0 },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'enterprise_user_counts',
        columns: [
          { name: 'enterprise_id', type: 'integer', isPrimary: true },
          { name: 'total', type: 'integer', default: 0 },
        ],
        indices: [new TableIndex({ name: 'idx_enterprise_user_counts_total', columnNames: ['total'] })],
      }),
    );
    await queryRunner.addColumn('app_users', new TableColumn({ name: 'org_search', type: 'varchar', length: '400', default: "''" }));
    await queryRunner.createIndex('contacts', new TableIndex({ name: 'idx_contacts_status_responded', columnNames: ['status', 'responded_at'] }));

    for (const sql of countTriggers(mysql)) await queryRunner.query(sql);
    for (const sql of backfill(mysql)) await queryRunner.query(sql);
    if (mysql) for (const index of FULLTEXT_INDEXES) await queryRunner.query(`ALTER TABLE ${index.table} ADD FULLTEXT INDEX ${index.name} (${index.columns})`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const mysql = isMysqlRunner(queryRunner);
    if (mysql) for (const index of FULLTEXT_INDEXES) await queryRunner.query(`ALTER TABLE ${index.table} DROP INDEX ${index.name}`);
    for (const name of COUNT_TRIGGERS) await queryRunner.query(`DROP TRIGGER IF EXISTS ${name}`);
    await queryRunner.dropIndex('contacts', 'idx_contacts_status_responded');
    await queryRunner.dropColumn('app_users', 'org_search');
    await queryRunner.dropTable('enterprise_user_counts');
    await queryRunner.dropTable('daily_counts');
    await queryRunner.dropTable('row_counts');
  }
}

/** The search indexes (MySQL/MariaDB): the columns whose words the search boxes match. */
export const FULLTEXT_INDEXES = [
  { table: 'enterprises', name: 'ft_enterprises_search', columns: 'search_text' },
  { table: 'app_users', name: 'ft_app_users_search', columns: 'search_text, org_search' },
];

export const COUNT_TRIGGERS = [
  'trg_app_users_insert',
  'trg_app_users_update',
  'trg_app_users_delete',
  'trg_enterprises_insert',
  'trg_enterprises_update',
  'trg_enterprises_delete',
  'trg_contacts_insert',
  'trg_contacts_update',
  'trg_contacts_delete',
];

/** `INSERT ... SELECT ... WHERE condition` adding `delta` to a kept count, creating its row if needed. */
function add(mysql: boolean, table: string, keys: Record<string, string>, delta: string, condition = '1 = 1'): string {
  const columns = Object.keys(keys);
  const upsert = mysql
    ? 'ON DUPLICATE KEY UPDATE total = total + VALUES(total)'
    : `ON CONFLICT(${columns.join(', ')}) DO UPDATE SET total = total + excluded.total`;
  return `INSERT INTO ${table} (${columns.join(', ')}, total) SELECT ${Object.values(keys).join(', ')}, ${delta}${mysql ? ' FROM DUAL' : ''} WHERE ${condition} ${upsert}`;
}

function trigger(name: string, event: 'INSERT' | 'UPDATE' | 'DELETE', table: string, statements: string[]): string {
  return `CREATE TRIGGER ${name} AFTER ${event} ON ${table} FOR EACH ROW BEGIN ${statements.map((statement) => `${statement};`).join(' ')} END`;
}

/**
 * One table's kept counts: rows per `status` column, per São Paulo day of `dateColumn` and status, and its
 * version; `extra` adds what else a row of that table counts for.
 */
function tableTriggers(
  mysql: boolean,
  table: string,
  subject: string,
  status: string,
  dateColumn: string,
  extra: (row: 'NEW' | 'OLD', sign: string, update: boolean) => string[] = () => [],
): string[] {
  const counts = (row: 'NEW' | 'OLD', sign: string, condition?: string) => [
    add(mysql, 'row_counts', { subject: `'${subject}.status'`, bucket: `${row}.${status}` }, sign, condition),
    add(mysql, 'daily_counts', { subject: `'${subject}'`, day: saoPauloDay(`${row}.${dateColumn}`, mysql), bucket: `${row}.${status}` }, sign, condition),
  ];
  const version = add(mysql, 'row_counts', { subject: `'${subject}.version'`, bucket: "''" }, '1');
  const moved = `(${differs(`OLD.${status}`, `NEW.${status}`, mysql)} OR ${differs(`OLD.${dateColumn}`, `NEW.${dateColumn}`, mysql)})`;
  return [
    trigger(`trg_${table}_insert`, 'INSERT', table, [...counts('NEW', '1'), ...extra('NEW', '1', false), version]),
    trigger(`trg_${table}_update`, 'UPDATE', table, [
      ...counts('OLD', '-1', moved),
      ...counts('NEW', '1', moved),
      ...extra('OLD', '-1', true),
      ...extra('NEW', '1', true),
      version,
    ]),
    trigger(`trg_${table}_delete`, 'DELETE', table, [...counts('OLD', '-1'), ...extra('OLD', '-1', false), version]),
  ];
}

export function countTriggers(mysql: boolean): string[] {
  // A user's company; an update only moves the count when the company changed.
  const company = (row: 'NEW' | 'OLD', sign: string, update: boolean) => {
    const when = (condition: string) => (update ? `${condition} AND ${differs('OLD.enterprise_id', 'NEW.enterprise_id', mysql)}` : condition);
    return [
      add(mysql, 'row_counts', { subject: "'app_users.no_enterprise'", bucket: "''" }, sign, when(`${row}.enterprise_id IS NULL`)),
      add(mysql, 'enterprise_user_counts', { enterprise_id: `${row}.enterprise_id` }, sign, when(`${row}.enterprise_id IS NOT NULL`)),
    ];
  };
  const users = tableTriggers(mysql, 'app_users', 'app_users', 'status', 'date_added', company);
  const enterprises = tableTriggers(mysql, 'enterprises', 'enterprises', 'ativo', 'created_at');
  // MySQL does not fire triggers for foreign-key actions: when a company is deleted its users (set to no
  // company by the foreign key) are moved to "no company" here. SQLite fires the users' update trigger.
  if (mysql) {
    enterprises[2] = enterprises[2].replace(
      ' END',
      ` ${add(mysql, 'row_counts', { subject: "'app_users.no_enterprise'", bucket: "''" }, 'COALESCE((SELECT total FROM enterprise_user_counts WHERE enterprise_id = OLD.enterprise_id), 0)')}; DELETE FROM enterprise_user_counts WHERE enterprise_id = OLD.enterprise_id; END`,
    );
  }
  const contacts = tableTriggers(mysql, 'contacts', 'contacts', 'status', 'created_at');
  return [...users, ...enterprises, ...contacts];
}

/** Counts the rows already there, once, when the triggers start keeping them (also after a bulk load). */
export function backfill(mysql: boolean): string[] {
  const perStatus = (table: string, subject: string, status: string, dateColumn: string) => [
    `INSERT INTO row_counts (subject, bucket, total) SELECT '${subject}.status', ${status}, COUNT(*) FROM ${table} GROUP BY ${status}`,
    `INSERT INTO row_counts (subject, bucket, total) VALUES ('${subject}.version', '', 0)`,
    `INSERT INTO daily_counts (subject, day, bucket, total) SELECT '${subject}', ${saoPauloDay(dateColumn, mysql)}, ${status}, COUNT(*) FROM ${table} GROUP BY ${saoPauloDay(dateColumn, mysql)}, ${status}`,
  ];
  return [
    ...perStatus('app_users', 'app_users', 'status', 'date_added'),
    "INSERT INTO row_counts (subject, bucket, total) SELECT 'app_users.no_enterprise', '', COUNT(*) FROM app_users WHERE enterprise_id IS NULL",
    'INSERT INTO enterprise_user_counts (enterprise_id, total) SELECT enterprise_id, COUNT(*) FROM app_users WHERE enterprise_id IS NOT NULL GROUP BY enterprise_id',
    ...perStatus('enterprises', 'enterprises', 'ativo', 'created_at'),
    ...perStatus('contacts', 'contacts', 'status', 'created_at'),
  ];
}
