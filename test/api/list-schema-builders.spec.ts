import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource, MigrationInterface, QueryRunner } from 'typeorm';
import { openDatabase } from '../../src/database/database.js';
import { listIndexDefinitions } from '../../src/database/list-schema/v1/list-indexes.js';
import { dialectOf, listSchema, type Dialect } from '../../src/database/list-schema/v1/index.js';
import { appListResources } from '../support/list-resources.js';
import { dropDatabase, testConfig, usingMysql } from '../support/test-app.js';

// The list schema builders must make a table behave as the shipped migrations made the app's tables. Twin
// tables (twin_enterprises, twin_app_users, twin_contacts) with only the natural columns get their search and
// sort columns, kept counts and indexes from the builders, declared as the app's lists are; every write is made
// to the real table and to its twin, and the columns the database keeps must agree after each.
const config = testConfig();
const dialect: Dialect = usingMysql ? 'mysql' : 'sqlite';
const TWIN = 'twin_';
let db: DataSource;
/** Whether the builders have run on the twins. */
let built = false;

const TWIN_TABLES: Record<Dialect, string[]> = {
  sqlite: [
    `CREATE TABLE twin_enterprises (enterprise_id integer PRIMARY KEY NOT NULL, razao varchar(150) NOT NULL, fantasia varchar(150) NOT NULL,
      cnpj varchar(14) NOT NULL, inscricao_estadual varchar(45) NULL, bairro varchar(100) NULL,
      city_id integer NULL REFERENCES cities (city_id) ON DELETE SET NULL, ativo smallint NOT NULL DEFAULT 1,
      created_at datetime NOT NULL DEFAULT CURRENT_TIMESTAMP)`,
    `CREATE TABLE twin_app_users (user_id integer PRIMARY KEY NOT NULL, firstname varchar(100) NOT NULL, lastname varchar(100) NOT NULL,
      email varchar(160) NULL, cpf varchar(11) NULL, enterprise_id integer NULL REFERENCES twin_enterprises (enterprise_id) ON DELETE SET NULL,
      status smallint NOT NULL DEFAULT 1, date_added datetime NOT NULL DEFAULT CURRENT_TIMESTAMP)`,
    `CREATE TABLE twin_contacts (id integer PRIMARY KEY NOT NULL, nome varchar(120) NOT NULL, email varchar(160) NOT NULL, telefone varchar(11) NOT NULL,
      mensagem text NOT NULL, status varchar(10) NOT NULL DEFAULT 'pendente', responded_at datetime NULL,
      created_at datetime NOT NULL DEFAULT CURRENT_TIMESTAMP)`,
  ],
  mysql: [
    `CREATE TABLE twin_enterprises (enterprise_id int NOT NULL PRIMARY KEY, razao varchar(150) NOT NULL, fantasia varchar(150) NOT NULL,
      cnpj varchar(14) NOT NULL, inscricao_estadual varchar(45) NULL, bairro varchar(100) NULL, city_id int NULL,
      ativo smallint NOT NULL DEFAULT 1, created_at datetime NOT NULL DEFAULT CURRENT_TIMESTAMP,
      CONSTRAINT fk_twin_enterprises_city FOREIGN KEY (city_id) REFERENCES cities (city_id) ON DELETE SET NULL) ENGINE=InnoDB`,
    `CREATE TABLE twin_app_users (user_id int NOT NULL PRIMARY KEY, firstname varchar(100) NOT NULL, lastname varchar(100) NOT NULL,
      email varchar(160) NULL, cpf varchar(11) NULL, enterprise_id int NULL, status smallint NOT NULL DEFAULT 1,
      date_added datetime NOT NULL DEFAULT CURRENT_TIMESTAMP,
      CONSTRAINT fk_twin_app_users_enterprise FOREIGN KEY (enterprise_id) REFERENCES twin_enterprises (enterprise_id) ON DELETE SET NULL) ENGINE=InnoDB`,
    `CREATE TABLE twin_contacts (id int NOT NULL PRIMARY KEY, nome varchar(120) NOT NULL, email varchar(160) NOT NULL, telefone varchar(11) NOT NULL,
      mensagem text NOT NULL, status varchar(10) NOT NULL DEFAULT 'pendente', responded_at datetime NULL,
      created_at datetime NOT NULL DEFAULT CURRENT_TIMESTAMP) ENGINE=InnoDB`,
  ],
};

/** The columns the database keeps, per table. */
const KEPT: { table: string; key: string; columns: string[] }[] = [
  { table: 'enterprises', key: 'enterprise_id', columns: ['sort_name', 'search_text', 'name_search', 'city_sort'] },
  { table: 'app_users', key: 'user_id', columns: ['sort_name', 'search_text', 'enterprise_sort'] },
  { table: 'contacts', key: 'id', columns: ['search_text'] },
];

/**
 * The same statement on the real table and on its twin (`{enterprises}` names the table); once the builders
 * have run, the twins must then agree with the real tables, so every write is checked on its own.
 */
async function onBoth(sql: string, parameters: unknown[] = []): Promise<void> {
  const named = (prefix: string) => sql.replace(/\{(\w+)\}/g, (_, table: string) => `${prefix}${table}`);
  for (const prefix of ['', TWIN]) await db.query(named(prefix), parameters);
  if (built) await expectTwinsAgree(`${sql} ${JSON.stringify(parameters)}`);
}

const insertEnterprise = (
  id: number,
  razao: string,
  fantasia: string,
  cnpj: string,
  extra: { ie?: string; bairro?: string; city?: number; ativo?: number; at?: string },
) =>
  onBoth(
    'INSERT INTO {enterprises} (enterprise_id, razao, fantasia, cnpj, inscricao_estadual, bairro, city_id, ativo, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    [id, razao, fantasia, cnpj, extra.ie ?? null, extra.bairro ?? null, extra.city ?? null, extra.ativo ?? 1, extra.at ?? '2026-03-02 15:00:00'],
  );

const insertUser = (id: number, firstname: string, lastname: string, extra: { email?: string; cpf?: string; company?: number; status?: number; at?: string }) =>
  onBoth('INSERT INTO {app_users} (user_id, firstname, lastname, email, cpf, enterprise_id, status, date_added) VALUES (?, ?, ?, ?, ?, ?, ?, ?)', [
    id,
    firstname,
    lastname,
    extra.email ?? null,
    extra.cpf ?? null,
    extra.company ?? null,
    extra.status ?? 1,
    extra.at ?? '2026-03-02 15:00:00',
  ]);

const insertContact = (id: number, nome: string, email: string, telefone: string, at: string) =>
  onBoth("INSERT INTO {contacts} (id, nome, email, telefone, mensagem, status, created_at) VALUES (?, ?, ?, ?, 'Olá', 'pendente', ?)", [
    id,
    nome,
    email,
    telefone,
    at,
  ]);

type Row = Record<string, unknown>;
const plain = (rows: Row[]) =>
  rows.map((row) =>
    Object.fromEntries(
      Object.entries(row).map(([name, value]) => [
        name,
        value === null ? null : value instanceof Date ? value.toISOString() : String(value as string | number),
      ]),
    ),
  );
const sorted = (rows: Row[]) => plain(rows).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

/** A kept-count table's rows of the real tables and of the twins (twin subjects without their prefix). */
async function countsOf(table: 'row_counts' | 'daily_counts') {
  const rows = plain(await db.query(`SELECT * FROM ${table} WHERE subject NOT LIKE '%.version'`));
  const twin = rows.filter((row) => row.subject!.startsWith(TWIN)).map((row) => ({ ...row, subject: row.subject!.slice(TWIN.length) }));
  const real = rows.filter((row) => !row.subject!.startsWith(TWIN));
  return { real: sorted(real), twin: sorted(twin) };
}

async function versions(): Promise<Map<string, number>> {
  const rows = (await db.query(`SELECT subject, total FROM row_counts WHERE subject LIKE 'twin_%.version'`)) as { subject: string; total: number | string }[];
  return new Map(rows.map((row) => [row.subject, Number(row.total)]));
}

/** The kept columns and counts of the twins are those of the real tables, and the counts are what counting gives. */
async function expectTwinsAgree(step: string): Promise<void> {
  for (const { table, key, columns } of KEPT) {
    const read = (prefix: string) => db.query(`SELECT ${key} AS id, ${columns.join(', ')} FROM ${prefix}${table} ORDER BY ${key}`) as Promise<Row[]>;
    expect(plain(await read(TWIN)), `${step}: ${table}`).toEqual(plain(await read('')));
  }
  for (const table of ['row_counts', 'daily_counts'] as const) {
    const { real, twin } = await countsOf(table);
    expect(twin, `${step}: ${table}`).toEqual(real);
  }
  const perCompany = (table: string) => db.query(`SELECT enterprise_id, total FROM ${table} ORDER BY enterprise_id`) as Promise<Row[]>;
  expect(plain(await perCompany('twin_enterprise_user_counts')), `${step}: users per company`).toEqual(plain(await perCompany('enterprise_user_counts')));
  for (const [table, status] of [
    ['app_users', 'status'],
    ['enterprises', 'ativo'],
    ['contacts', 'status'],
  ]) {
    const counted = sorted(
      await db.query(`SELECT '${table}.status' AS subject, ${status} AS bucket, COUNT(*) AS total FROM ${TWIN}${table} GROUP BY ${status}`),
    );
    const kept = sorted(
      ((await db.query(`SELECT subject, bucket, total FROM row_counts WHERE subject = ? AND total <> 0`, [`${TWIN}${table}.status`])) as Row[]).map((row) => ({
        ...row,
        subject: `${table}.status`,
      })),
    );
    expect(kept, `${step}: ${table} per status, counted`).toEqual(counted);
  }
}

/** Every twin's version went up since `before`. */
async function expectVersionsRaised(before: Map<string, number>, tables: string[]): Promise<void> {
  const after = await versions();
  for (const table of tables) expect(after.get(`${TWIN}${table}.version`), table).toBeGreaterThan(before.get(`${TWIN}${table}.version`) ?? 0);
}

/** A migration written as the guide says: the declarations, and the builders' statements run in order. */
class TwinLists implements MigrationInterface {
  name = 'TwinLists';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const resource of appListResources(TWIN)) for (const sql of listSchema(dialectOf(queryRunner), resource).up) await queryRunner.query(sql);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const resource of appListResources(TWIN).reverse()) for (const sql of listSchema(dialectOf(queryRunner), resource).down) await queryRunner.query(sql);
  }
}

beforeAll(async () => {
  db = await openDatabase(config.db);
  await db.runMigrations({ transaction: 'each' });
  await db.query(
    "INSERT INTO cities (city_id, name, code, name_search) VALUES (4106902, 'Curitiba', 'PR', 'curitiba'), (3550308, 'São Paulo', 'SP', 'sao paulo'), (4113700, 'Londrina', 'PR', 'londrina')",
  );
  for (const sql of TWIN_TABLES[dialect]) await db.query(sql);
  // Rows there before the builders run: they fill the columns and count the rows once.
  await insertEnterprise(1, 'Agropecuária São João Ltda.', 'Sítio São João', '12345678000190', { ie: '123.456.789', bairro: 'Jardim Ângela', city: 4106902 });
  await insertUser(1, 'José', "D'Ávila Júnior", { email: 'jose.avila@example.com', cpf: '12345678909', company: 1, at: '2026-01-10 02:30:00' });
  await insertContact(1, 'Maria Conceição', 'maria@example.com', '43999998888', '2026-02-01 01:00:00');
  // As a new resource's migration uses the builders, in a migration's transaction.
  const runner = db.createQueryRunner();
  try {
    await runner.startTransaction();
    await new TwinLists().up(runner);
    await runner.commitTransaction();
  } finally {
    await runner.release();
  }
  built = true;
}, 120_000);

afterAll(async () => {
  if (db?.isInitialized) await db.destroy();
  await dropDatabase(config);
});

describe(`the list schema builders, on ${dialect}`, () => {
  it('fill the search and sort columns and count the rows already there as the shipped migrations keep them', async () => {
    await expectTwinsAgree('rows already there');
  });

  it('keep search and sort columns and counts on insert, update and delete as the shipped triggers do', async () => {
    let before = await versions();
    await insertEnterprise(2, 'Fazenda Ñandú & Cia', 'ÑANDÚ Máquinas', '98765432000155', { ativo: 0, at: '2026-01-10 02:00:00' });
    await insertEnterprise(3, 'Três Irmãos Agro S/A', 'Agro Três Irmãos', '11222333000181', { city: 3550308, bairro: 'Centro' });
    await insertUser(2, 'Ana', 'Ávila', { cpf: '98765432100', status: 0 });
    await insertUser(3, 'Élcio', 'Müller', { email: 'elcio@example.com', company: 2, at: '2026-01-10 01:00:00' });
    await insertUser(4, 'Zé', 'Três', { company: 3 });
    await insertContact(2, 'João Ñ. Souza', 'joao+site@example.com', '4133334444', '2026-02-01 04:00:00');
    await expectVersionsRaised(before, ['enterprises', 'app_users', 'contacts']);

    before = await versions();
    // A company renamed moves its users in the company order; a new city changes its search words and city order.
    await onBoth("UPDATE {enterprises} SET fantasia = 'Água Limpa Sementes' WHERE enterprise_id = 1");
    await onBoth('UPDATE {enterprises} SET city_id = 4113700 WHERE enterprise_id = 1');
    await onBoth("UPDATE {enterprises} SET ativo = 1, created_at = '2026-02-20 10:00:00' WHERE enterprise_id = 2");
    await onBoth("UPDATE {enterprises} SET inscricao_estadual = '90.876.543-21', razao = 'Três Irmãos Ltda' WHERE enterprise_id = 3");
    await onBoth('UPDATE {app_users} SET status = 0 WHERE user_id = 1');
    await onBoth("UPDATE {app_users} SET lastname = 'Ávila', email = 'jose@example.org' WHERE user_id = 1");
    await onBoth('UPDATE {app_users} SET enterprise_id = 3 WHERE user_id = 2');
    await onBoth('UPDATE {app_users} SET enterprise_id = NULL WHERE user_id = 3');
    await onBoth("UPDATE {app_users} SET date_added = '2026-02-01 12:00:00' WHERE user_id = 4");
    await onBoth("UPDATE {contacts} SET status = 'respondido', responded_at = '2026-02-02 10:00:00' WHERE id = 1");
    await onBoth("UPDATE {contacts} SET telefone = '43988887777', nome = 'João Souza' WHERE id = 2");
    await expectVersionsRaised(before, ['enterprises', 'app_users', 'contacts']);

    before = await versions();
    await onBoth('DELETE FROM {app_users} WHERE user_id = 4');
    await onBoth('DELETE FROM {contacts} WHERE id = 2');
    // Its users are left without a company by the foreign key, which MySQL does without firing their triggers.
    await onBoth('DELETE FROM {enterprises} WHERE enterprise_id = 3');
    await expectVersionsRaised(before, ['enterprises', 'app_users', 'contacts']);
  });

  it('give every order the shipped migrations index an index that starts with the same columns', async () => {
    const indexes = async (table: string): Promise<{ name: string; columns: string; fulltext: boolean }[]> => {
      if (dialect === 'mysql') {
        const rows = (await db.query(
          'SELECT INDEX_NAME AS name, COLUMN_NAME AS col, INDEX_TYPE AS type FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ? ORDER BY INDEX_NAME, SEQ_IN_INDEX',
          [table],
        )) as { name: string; col: string; type: string }[];
        const byName = new Map<string, { name: string; columns: string[]; fulltext: boolean }>();
        for (const row of rows) {
          const index = byName.get(row.name) ?? { name: row.name, columns: [], fulltext: row.type === 'FULLTEXT' };
          index.columns.push(row.col);
          byName.set(row.name, index);
        }
        return [...byName.values()].map((index) => ({ ...index, columns: index.columns.join(',') }));
      }
      const names = (await db.query("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ?", [table])) as { name: string }[];
      return Promise.all(
        names.map(async ({ name }) => {
          const columns = (await db.query(`PRAGMA index_info(${name})`)) as { seqno: number; name: string }[];
          return {
            name,
            fulltext: false,
            columns: columns
              .sort((a, b) => a.seqno - b.seqno)
              .map((column) => column.name)
              .join(','),
          };
        }),
      );
    };
    const shipped: Record<string, string[]> = {
      enterprises: [
        'idx_enterprises_ativo_sort',
        'idx_enterprises_sort',
        'idx_enterprises_ativo_cnpj',
        'idx_enterprises_city_sort',
        'idx_enterprises_ativo_city_sort',
      ],
      app_users: [
        'idx_app_users_name',
        'idx_app_users_status_name',
        'idx_app_users_status_email',
        'idx_app_users_company_sort',
        'idx_app_users_status_company_sort',
        'idx_app_users_status_added',
        'idx_app_users_added',
        'idx_app_users_added_search',
      ],
      contacts: ['idx_contacts_status_created', 'idx_contacts_status_responded', 'idx_contacts_created'],
    };
    for (const [table, names] of Object.entries(shipped)) {
      const real = await indexes(table);
      const twin = await indexes(`${TWIN}${table}`);
      for (const name of names) {
        const columns = real.find((index) => index.name === name)?.columns;
        expect(columns, name).toBeDefined();
        expect(
          twin.some((index) => !index.fulltext && `${index.columns},`.startsWith(`${columns},`)),
          `${TWIN}${table} has an index starting (${columns}) as ${name} is`,
        ).toBe(true);
      }
      const fulltext = (list: { columns: string; fulltext: boolean }[]) =>
        list
          .filter((index) => index.fulltext)
          .map((index) => index.columns)
          .sort();
      expect(fulltext(twin), `${table} FULLTEXT`).toEqual(fulltext(real));
    }
  });

  it('read every declared order, in both directions and per status tab, from an index without sorting', async () => {
    for (const resource of appListResources(TWIN)) {
      for (const index of listIndexDefinitions(resource).filter((definition) => !definition.name.endsWith('_walk'))) {
        const [first, ...rest] = index.columns;
        const tab = first === resource.status && rest.length > 1;
        const order = tab ? rest : index.columns;
        // A tab's value as the column stores it: comparing a text status with a number reads no index on MariaDB.
        const value = resource.table.endsWith('contacts') ? "'pendente'" : '1';
        for (const direction of ['ASC', 'DESC']) {
          // MariaDB picks a plan by the table's size, and these hold a handful of rows: naming the index asks
          // whether it yields the order at all, which is what a large table's plan relies on.
          const from = dialect === 'mysql' ? `${resource.table} FORCE INDEX (${index.name})` : resource.table;
          const sql = `SELECT ${resource.key} FROM ${from}${tab ? ` WHERE ${resource.status} = ${value}` : ''} ORDER BY ${order.map((column) => `${column} ${direction}`).join(', ')} LIMIT 20`;
          if (dialect === 'mysql') {
            const plan = (await db.query(`EXPLAIN ${sql}`)) as { Extra: string | null }[];
            expect(plan.map((step) => step.Extra ?? '').join(' | '), sql).not.toMatch(/filesort/i);
          } else {
            const plan = ((await db.query(`EXPLAIN QUERY PLAN ${sql}`)) as { detail: string }[]).map((step) => step.detail).join(' | ');
            expect(plan, sql).not.toMatch(/TEMP B-TREE/);
          }
        }
      }
    }
  });

  // On MariaDB a search reads the FULLTEXT index (checked above); on SQLite it walks an order's index.
  const onSqlite = dialect === 'sqlite' ? it : () => undefined;
  onSqlite("let a search walk the users' registration order in the walk index alone, as the shipped one does", async () => {
    const plan = async (table: string) =>
      (
        (await db.query(`EXPLAIN QUERY PLAN SELECT user_id FROM ${table} WHERE search_text LIKE '% jo%' ORDER BY date_added DESC, user_id DESC LIMIT 20`)) as {
          detail: string;
        }[]
      )
        .map((step) => step.detail)
        .join(' | ');
    expect(await plan('app_users')).toMatch(/COVERING INDEX idx_app_users_added_search/);
    expect(await plan('twin_app_users')).toMatch(/COVERING INDEX idx_twin_app_users_date_added_walk/);
  });

  it('take away all they made with down, leaving the twin tables as they were', async () => {
    const triggers = async () =>
      dialect === 'mysql'
        ? ((await db.query(
            "SELECT TRIGGER_NAME AS name FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = DATABASE() AND TRIGGER_NAME LIKE 'trg\\_twin\\_%'",
          )) as { name: string }[])
        : ((await db.query("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'trg_twin_%'")) as { name: string }[]);
    expect((await triggers()).length).toBeGreaterThan(0);
    const runner = db.createQueryRunner();
    try {
      await new TwinLists().down(runner);
    } finally {
      await runner.release();
    }
    expect(await triggers()).toEqual([]);
    expect(await db.query("SELECT subject FROM row_counts WHERE subject LIKE 'twin%'")).toEqual([]);
    expect(await db.query("SELECT subject FROM daily_counts WHERE subject LIKE 'twin%'")).toEqual([]);
    const columns = Object.keys(((await db.query('SELECT * FROM twin_app_users')) as Row[])[0]).sort();
    expect(columns).toEqual(['cpf', 'date_added', 'email', 'enterprise_id', 'firstname', 'lastname', 'status', 'user_id']);
  });
});
