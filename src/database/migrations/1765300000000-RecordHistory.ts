import { MigrationInterface, QueryRunner } from 'typeorm';
import { isMysqlRunner } from './frozen-sql.js';

/** A table whose rows carry a version and a history, as the columns were when this ran. */
interface Tracked {
  table: string;
  key: string;
  /** The resource its history entries belong to. */
  resource: string;
  /** The record's own data; bookkeeping (dates, derived search columns, last login) raises nothing. */
  columns: string[];
  /** Columns whose change is recorded without its values (password hashes). */
  hidden?: string[];
}

const TRACKED: Tracked[] = [
  {
    table: 'enterprises',
    key: 'enterprise_id',
    resource: 'empresa',
    columns: [
      'razao',
      'fantasia',
      'cnpj',
      'inscricao_estadual',
      'endereco',
      'numero',
      'complemento',
      'bairro',
      'cep',
      'city_id',
      'fone',
      'email',
      'site',
      'logo',
      'representada_logo',
      'ativo',
      'score',
    ],
  },
  {
    table: 'app_users',
    key: 'user_id',
    resource: 'usuario',
    columns: [
      'firstname',
      'lastname',
      'email',
      'fone',
      'cpf',
      'enterprise_id',
      'cargo_id',
      'ocupacao_id',
      'city_id',
      'status',
      'password_hash',
      'plano_valido',
      'device_id',
    ],
    hidden: ['password_hash'],
  },
  {
    table: 'contacts',
    key: 'id',
    resource: 'contato',
    columns: [
      'nome',
      'email',
      'telefone',
      'mensagem',
      'origem',
      'status',
      'response_channel',
      'responded_at',
      'responded_by',
      'sender_ip',
      'user_agent',
      'created_at',
    ],
  },
  {
    table: 'admins',
    key: 'admin_id',
    resource: 'admin',
    columns: ['username', 'email', 'name', 'role', 'active', 'password_hash'],
    hidden: ['password_hash'],
  },
];

/** The billing address belongs to its company: its changes raise the company's version and join its history. */
const BILLING = {
  table: 'enterprise_billing',
  key: 'enterprise_id',
  prefix: 'cobranca_',
  columns: ['endereco', 'numero', 'complemento', 'bairro', 'cep', 'city_id'],
};

/** Who makes a change: MySQL session variables, or SQLite's one-row table, set by the app inside its transaction. */
const context = (name: 'actor_id' | 'actor_name' | 'source' | 'restored_from', mysql: boolean) =>
  mysql ? `@history_${name}` : `(SELECT ${name} FROM history_context WHERE id = 1)`;

const differs = (a: string, b: string, mysql: boolean) => (mysql ? `NOT (BINARY ${a} <=> BINARY ${b})` : `${a} IS NOT ${b}`);

/**
 * The changed columns as a JSON object `{"column": [before, after]}` (a hidden column as `[]`), built with
 * string functions only, the same on both databases. `old`/`next` name the rows (NULL for a side that is not there).
 */
function changes(columns: string[], hidden: string[], old: string | null, next: string | null, mysql: boolean, prefix = ''): string {
  const value = (row: string | null, column: string) => (row ? `${row}.${column}` : 'NULL');
  const parts = columns.map((column) => {
    const before = value(old, column);
    const after = value(next, column);
    const changed = old && next ? differs(before, after, mysql) : `${old ? before : after} IS NOT NULL`;
    const pair = hidden.includes(column) ? `'[]'` : mysql ? `JSON_ARRAY(${before}, ${after})` : `json_array(${before}, ${after})`;
    const member = mysql ? `CONCAT(',"${prefix}${column}":', ${pair})` : `',"${prefix}${column}":' || ${pair}`;
    return `CASE WHEN ${changed} THEN ${member} ELSE '' END`;
  });
  const all = mysql ? `CONCAT(${parts.join(', ')})` : parts.join(' || ');
  return mysql ? `CONCAT('{', SUBSTRING(${all}, 2), '}')` : `'{' || substr(${all}, 2) || '}'`;
}

function anyChanged(columns: string[], mysql: boolean): string {
  return columns.map((column) => differs(`OLD.${column}`, `NEW.${column}`, mysql)).join(' OR ');
}

function historyInsert(resource: string, recordId: string, version: string, operation: string, json: string, mysql: boolean, where?: string): string {
  const now = mysql ? 'UTC_TIMESTAMP(3)' : "strftime('%Y-%m-%d %H:%M:%f', 'now')";
  const values = [
    `'${resource}'`,
    recordId,
    version,
    `'${operation}'`,
    now,
    context('actor_id', mysql),
    context('actor_name', mysql),
    `COALESCE(${context('source', mysql)}, 'banco')`,
    context('restored_from', mysql),
    json,
  ];
  const columns = 'resource, record_id, version, operation, changed_at, actor_id, actor_name, source, restored_from, changes';
  const from = mysql ? ' FROM DUAL' : '';
  return `INSERT INTO record_history (${columns}) SELECT ${values.join(', ')}${from}${where ? ` WHERE ${where}` : ''}`;
}

/** The triggers that write history entries on insert (a bulk load drops them and creates them again). */
export const HISTORY_ENTRY_TRIGGERS = [...TRACKED.map((t) => `trg_${t.table}_history_insert`), 'trg_enterprise_billing_history_insert'];

const HISTORY_TRIGGERS = [
  ...TRACKED.flatMap((t) => [`trg_${t.table}_version`, `trg_${t.table}_history_insert`, `trg_${t.table}_history_update`, `trg_${t.table}_history_delete`]),
  'trg_enterprise_billing_history_insert',
  'trg_enterprise_billing_history_update',
  'trg_enterprise_billing_history_delete',
];

/** The CREATE TRIGGER of each of HISTORY_ENTRY_TRIGGERS. */
export function historyEntryTriggers(mysql: boolean): string[] {
  const all = [...TRACKED.flatMap((t) => trackedTriggers(t, mysql)), ...billingTriggers(mysql)];
  return all.filter((sql) => HISTORY_ENTRY_TRIGGERS.some((name) => sql.startsWith(`CREATE TRIGGER ${name} `)));
}

function trackedTriggers(t: Tracked, mysql: boolean): string[] {
  const hidden = t.hidden ?? [];
  const changed = anyChanged(t.columns, mysql);
  const insert = historyInsert(t.resource, `NEW.${t.key}`, 'NEW.version', 'criacao', changes(t.columns, hidden, null, 'NEW', mysql), mysql);
  const remove = historyInsert(t.resource, `OLD.${t.key}`, 'OLD.version + 1', 'exclusao', changes(t.columns, hidden, 'OLD', null, mysql), mysql);
  const update = (version: string) => historyInsert(t.resource, `NEW.${t.key}`, version, 'alteracao', changes(t.columns, hidden, 'OLD', 'NEW', mysql), mysql);
  if (mysql) {
    return [
      // Any change of the record's data, or a write of the version itself (a child row's change), raises it by one.
      `CREATE TRIGGER trg_${t.table}_version BEFORE UPDATE ON ${t.table} FOR EACH ROW SET NEW.version = IF(${changed} OR NEW.version <> OLD.version, OLD.version + 1, OLD.version)`,
      `CREATE TRIGGER trg_${t.table}_history_insert AFTER INSERT ON ${t.table} FOR EACH ROW ${insert}`,
      `CREATE TRIGGER trg_${t.table}_history_update AFTER UPDATE ON ${t.table} FOR EACH ROW ${update('NEW.version')}${` WHERE ${changed}`}`,
      `CREATE TRIGGER trg_${t.table}_history_delete AFTER DELETE ON ${t.table} FOR EACH ROW ${remove}`,
    ];
  }
  // SQLite cannot change NEW: the trigger writes the version to the row just updated. It fires only when a
  // column of the record's data is named by the UPDATE and changed, so the derived columns' own updates and
  // this trigger's write of the version raise nothing more.
  return [
    `CREATE TRIGGER trg_${t.table}_version AFTER UPDATE OF ${t.columns.join(', ')} ON ${t.table} WHEN ${changed} BEGIN UPDATE ${t.table} SET version = OLD.version + 1 WHERE ${t.key} = NEW.${t.key}; ${update('OLD.version + 1')}; END`,
    `CREATE TRIGGER trg_${t.table}_history_insert AFTER INSERT ON ${t.table} BEGIN ${insert}; END`,
    `CREATE TRIGGER trg_${t.table}_history_delete AFTER DELETE ON ${t.table} BEGIN ${remove}; END`,
  ];
}

function billingTriggers(mysql: boolean): string[] {
  const b = BILLING;
  const raise = (row: string) => `UPDATE enterprises SET version = version + 1 WHERE enterprise_id = ${row}.enterprise_id`;
  const version = (row: string) => `(SELECT version FROM enterprises WHERE enterprise_id = ${row}.enterprise_id)`;
  // A billing row removed with its company (the foreign key's cascade) leaves no entry: the company's own is there.
  const entry = (row: string, old: string | null, next: string | null) =>
    historyInsert(
      'empresa',
      `${row}.enterprise_id`,
      version(row),
      'alteracao',
      changes(b.columns, [], old, next, mysql, b.prefix),
      mysql,
      `${version(row)} IS NOT NULL`,
    );
  const changed = anyChanged(b.columns, mysql);
  const body = (statements: string[]) => `BEGIN ${statements.map((statement) => `${statement};`).join(' ')} END`;
  const each = mysql ? ' FOR EACH ROW' : '';
  const update = mysql
    ? body([`IF ${changed} THEN ${raise('NEW')}; ${entry('NEW', 'OLD', 'NEW')}; END IF`])
    : `WHEN ${changed} ${body([raise('NEW'), entry('NEW', 'OLD', 'NEW')])}`;
  return [
    `CREATE TRIGGER trg_enterprise_billing_history_insert AFTER INSERT ON ${b.table}${each} ${body([raise('NEW'), entry('NEW', null, 'NEW')])}`,
    `CREATE TRIGGER trg_enterprise_billing_history_update AFTER UPDATE ON ${b.table}${each} ${update}`,
    `CREATE TRIGGER trg_enterprise_billing_history_delete AFTER DELETE ON ${b.table}${each} ${body([raise('OLD'), entry('OLD', 'OLD', null)])}`,
  ];
}

/**
 * Edit conflicts and every record's story, owned by the database. Companies (with their billing address), app
 * users, contacts and admins carry a `version` that triggers raise on every change of the record's data, whoever
 * writes it (the back office, an API client, a bulk run, an import or plain SQL from another system), and the
 * same triggers write a `record_history` entry with only the changed columns, before and after. Who made the
 * change and from where is read from the writer's context (MySQL session variables, or SQLite's
 * `history_context` row) that the app sets inside its transaction; without one the entry says "banco".
 * The creation is an entry too; rows there before this ran start at version 1 with no entries.
 */
export class RecordHistory1765300000000 implements MigrationInterface {
  name = 'RecordHistory1765300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = isMysqlRunner(queryRunner);
    const run = (sql: string) => queryRunner.query(sql);
    for (const t of TRACKED) await run(`ALTER TABLE ${t.table} ${mysql ? 'ADD' : 'ADD COLUMN'} version integer NOT NULL DEFAULT 1`);
    if (mysql) {
      await run(`CREATE TABLE record_history (
        id bigint NOT NULL AUTO_INCREMENT PRIMARY KEY,
        resource varchar(12) NOT NULL,
        record_id int NOT NULL,
        version int NOT NULL,
        operation varchar(10) NOT NULL,
        changed_at datetime(3) NOT NULL,
        actor_id int NULL,
        actor_name varchar(120) NULL,
        source varchar(12) NOT NULL,
        restored_from bigint NULL,
        changes mediumtext NOT NULL,
        KEY idx_record_history_record (resource, record_id, id)
      ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
    } else {
      await run(`CREATE TABLE record_history (
        id integer PRIMARY KEY,
        resource varchar(12) NOT NULL,
        record_id integer NOT NULL,
        version integer NOT NULL,
        operation varchar(10) NOT NULL,
        changed_at datetime NOT NULL,
        actor_id integer NULL,
        actor_name varchar(120) NULL,
        source varchar(12) NOT NULL,
        restored_from integer NULL,
        changes text NOT NULL
      )`);
      await run('CREATE INDEX idx_record_history_record ON record_history (resource, record_id, id)');
      await run(
        'CREATE TABLE history_context (id integer PRIMARY KEY, actor_id integer NULL, actor_name varchar(120) NULL, source varchar(12) NULL, restored_from integer NULL)',
      );
      await run('INSERT INTO history_context (id) VALUES (1)');
    }
    for (const t of TRACKED) for (const sql of trackedTriggers(t, mysql)) await run(sql);
    for (const sql of billingTriggers(mysql)) await run(sql);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const mysql = isMysqlRunner(queryRunner);
    for (const name of HISTORY_TRIGGERS) await queryRunner.query(`DROP TRIGGER IF EXISTS ${name}`);
    await queryRunner.query('DROP TABLE record_history');
    if (!mysql) await queryRunner.query('DROP TABLE history_context');
    for (const t of TRACKED) await queryRunner.query(`ALTER TABLE ${t.table} DROP COLUMN version`);
  }
}
