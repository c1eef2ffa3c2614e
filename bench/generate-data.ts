// `npm run bench:data`: fills a MariaDB/MySQL database of its own (agromaq_bench by default) with data at
// production scale, by bulk inserts: 100,000 companies, 1,000,000 app users and 200,000 contacts (sizes are
// flags), plus a benchmark admin authorized for 127.0.0.1. Run again to start over.
import { ensureBufferPool } from './buffer-pool.js';
import { cnpjOf } from './cnpj.js';
import { writeFileSync } from 'node:fs';
import type { QueryRunner } from 'typeorm';
import { parseArgs } from 'node:util';
import { standaloneAccessServices } from '../src/access/standalone-services.js';
import { City } from '../src/cities/city.entity.js';
import { loadConfig } from '../src/config/app-config.js';
import { openDatabase } from '../src/database/database.js';
import { backfill, COUNT_TRIGGERS, countTriggers } from '../src/database/migrations/1764500000000-KeptCounts.js';
import { HISTORY_ENTRY_TRIGGERS, historyEntryTriggers } from '../src/database/migrations/1765300000000-RecordHistory.js';
import { runSeeds } from '../src/database/seeds/seed-runner.js';
import { createLogger } from '../src/common/logging/logger.js';

const { values: flags } = parseArgs({
  options: {
    enterprises: { type: 'string', default: '100000' },
    users: { type: 'string', default: '1000000' },
    contacts: { type: 'string', default: '200000' },
    database: { type: 'string', default: process.env.BENCH_DB_NAME ?? 'agromaq_bench' },
  },
});
const sizes = { enterprises: Number(flags.enterprises), users: Number(flags.users), contacts: Number(flags.contacts) };
export const BENCH_ADMIN = { username: 'bench', password: 'bench-senha-forte-2026', ip: '127.0.0.1' };

const config = loadConfig(
  { ...process.env, NODE_ENV: 'development', DB_TYPE: 'mysql', DB_NAME: flags.database!, LOG_LEVEL: 'warn', SEED_DEMO: 'false' },
  { secretsFile: 'var/bench-secrets.json' },
);

/**
 * A deterministic pseudo-random sequence (mulberry32): the same data set on every run, with no pattern
 * linking a row's fields to each other or to its position (a plain LCG made names repeat every 1,111 rows).
 */
let state = 2026;
const random = () => {
  state = (state + 0x6d2b79f5) | 0;
  let t = Math.imul(state ^ (state >>> 15), 1 | state);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];

/** The valid CPF of a person number (its first 9 digits). */
function cpfOf(number: number): string {
  const base = [...String(number).padStart(9, '0')].map(Number);
  if (new Set(base).size === 1) base[8] = (base[8] + 1) % 10;
  const digit = (digits: number[]) => {
    const rest = (digits.reduce((sum, value, index) => sum + value * (digits.length + 1 - index), 0) * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  const first = digit(base);
  return `${base.join('')}${first}${digit([...base, first])}`;
}

const PREFIXES = [
  'Agro',
  'Terra',
  'Campo',
  'Safra',
  'Rural',
  'Planalto',
  'Cerrado',
  'Pampa',
  'Vale',
  'Serra',
  'Horizonte',
  'Colheita',
  'Semente',
  'Raiz',
  'Nova',
  'Grão',
];
const SUFFIXES = ['Máquinas', 'Tratores', 'Implementos', 'Peças', 'Leilões', 'Agrícola', 'Mecanização', 'Revenda', 'Serviços Rurais', 'Equipamentos'];
const FIRST = [
  'Ana',
  'Bruno',
  'Camila',
  'Diego',
  'Eduarda',
  'Fábio',
  'Gabriela',
  'Henrique',
  'Isabela',
  'João',
  'Karina',
  'Leandro',
  'Mariana',
  'Nelson',
  'Otávio',
  'Patrícia',
  'Rafael',
  'Sabrina',
  'Thiago',
  'Vanessa',
  'José',
  'Márcia',
  'Sérgio',
  'Luís',
];
const LAST = [
  'Silva',
  'Souza',
  'Oliveira',
  'Pereira',
  'Lima',
  'Carvalho',
  'Ferreira',
  'Rodrigues',
  'Almeida',
  'Costa',
  'Gomes',
  'Martins',
  'Araújo',
  'Ribeiro',
  'Schmitt',
  'Zanella',
  'Conceição',
  'Assunção',
];
const BAIRROS = ['Centro', 'Distrito Industrial', 'Jardim América', 'Zona Rural', 'Vila Nova', 'Parque Industrial', 'São José', 'Jardim Paraná'];

const utc = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');

/**
 * The tables the benchmark fills: each with its key (written explicitly, as AUTO_INCREMENT numbers the rows
 * after TRUNCATE, so that parts can be written in parallel) and the natural columns the loader writes.
 */
const LOADED = {
  enterprises: {
    key: 'enterprise_id',
    columns: [
      'razao',
      'fantasia',
      'cnpj',
      'inscricao_estadual',
      'endereco',
      'numero',
      'bairro',
      'cep',
      'city_id',
      'fone',
      'email',
      'logo',
      'ativo',
      'score',
      'created_at',
      'updated_at',
    ],
  },
  app_users: {
    key: 'user_id',
    columns: ['firstname', 'lastname', 'email', 'fone', 'cpf', 'enterprise_id', 'cargo_id', 'ocupacao_id', 'status', 'date_added', 'date_modified'],
  },
  contacts: { key: 'id', columns: ['nome', 'email', 'telefone', 'mensagem', 'origem', 'status', 'response_channel', 'responded_at', 'created_at'] },
} as const;
type LoadedTable = keyof typeof LOADED;

/** The staging table of a loaded table: its rows with their natural columns only, before the derived ones are computed. */
const staging = (table: LoadedTable) => `bench_load_${table}`;
/** The staged rows with the columns the triggers' expressions derive from them. */
const derived = (table: LoadedTable) => `bench_derived_${table}`;

/** Rows the triggers themselves write, per table, before the rest is written set-based and checked against them. */
const TRIGGER_SAMPLE = 1000;

/** Rows per INSERT ... SELECT from a staging table (the two connections take them in turn). */
const CHUNK = 50_000;

/** An index as SHOW INDEX lists it, one row per column. */
interface IndexColumn {
  Key_name: string;
  Non_unique: number | string;
  Column_name: string;
  Sub_part: number | null;
  Collation: string | null;
  Index_type: string;
}

/** A table's indexes other than the primary key, in the table's order: `ADD ...` clauses, B-tree and FULLTEXT apart. */
function secondaryIndexes(rows: IndexColumn[]): { names: string[]; btree: string[]; fulltext: string[] } {
  const byName = new Map<string, IndexColumn[]>();
  for (const row of rows) if (row.Key_name !== 'PRIMARY') byName.set(row.Key_name, [...(byName.get(row.Key_name) ?? []), row]);
  const btree: string[] = [];
  const fulltext: string[] = [];
  for (const [name, columns] of byName) {
    const list = columns
      .map((column) => `\`${column.Column_name}\`${column.Sub_part ? `(${column.Sub_part})` : ''}${column.Collation === 'D' ? ' DESC' : ''}`)
      .join(', ');
    if (columns[0].Index_type === 'FULLTEXT') fulltext.push(`ADD FULLTEXT INDEX \`${name}\` (${list})`);
    else btree.push(`ADD ${Number(columns[0].Non_unique) === 0 ? 'UNIQUE ' : ''}INDEX \`${name}\` (${list})`);
  }
  return { names: [...byName.keys()], btree, fulltext };
}

/** A BEFORE INSERT trigger of a loaded table: its CREATE statement and what it sets, NEW read from `staged`. */
interface DerivingTrigger {
  name: string;
  statement: string;
  assignments: { column: string; sql: string }[];
}

/**
 * The assignments of a trigger whose body is `SET NEW.a = ..., NEW.b = ...` (the derived-column triggers of
 * SearchOwnedByDatabase, ContactsSearch and ListSorts), each expression with NEW.x read as staged.x; any other
 * body is refused, since its effect could not be computed set-based.
 */
function derivingTrigger(name: string, statement: string): DerivingTrigger {
  const head = /\bFOR\s+EACH\s+ROW\s+SET\s+/i.exec(statement);
  if (!head) throw new Error(`trigger ${name} is not a SET of NEW columns: the bulk load cannot compute what it does`);
  const body = statement.slice(head.index + head[0].length).replace(/;\s*$/, '');
  // Split on the commas outside parentheses and quotes, reading NEW.x as staged.x outside quotes.
  const parts: string[] = [];
  let part = '';
  let depth = 0;
  let quote = '';
  for (let index = 0; index < body.length; index++) {
    const char = body[index];
    if (quote) {
      part += char;
      if (char === '\\' && quote !== '`') part += body[++index];
      else if (char === quote && body[index + 1] === quote) part += body[++index];
      else if (char === quote) quote = '';
    } else if (char === "'" || char === '"' || char === '`') {
      quote = char;
      part += char;
    } else if (char === ',' && depth === 0) {
      parts.push(part);
      part = '';
    } else if (/^NEW\./i.test(body.slice(index, index + 4)) && !/[\w$]/.test(body[index - 1] ?? '')) {
      part += 'staged.';
      index += 3;
    } else {
      if (char === '(') depth++;
      if (char === ')') depth--;
      part += char;
    }
  }
  parts.push(part);
  const assignments = parts.map((text) => {
    const match = /^\s*staged\.`?(\w+)`?\s*=\s*([\s\S]+)$/.exec(text);
    if (!match) throw new Error(`trigger ${name}: cannot read the assignment "${text.slice(0, 80)}"`);
    return { column: match[1], sql: match[2].trim() };
  });
  return { name, statement, assignments };
}

async function main() {
  const started = Date.now();
  let phaseStarted = started;
  /** Prints how long the phase that just ended took. */
  const phase = (name: string) => {
    console.log(`  ${name}: ${seconds(phaseStarted)} s`);
    phaseStarted = Date.now();
  };
  const logger = createLogger('warn');
  const dataSource = await openDatabase(config.db);
  await ensureBufferPool((sql) => dataSource.query(sql));
  await dataSource.runMigrations({ transaction: 'each' });
  await runSeeds(dataSource, { config, logger, demo: false });
  phase('migrations and seeds');
  const query = (sql: string, params: unknown[] = []) => dataSource.query(sql, params);
  // Connections of their own: two that take the load's statements in turn (the machine has 2 cores), and one
  // that moves the companies while the users are made. Without foreign-key checks: the rows are made valid,
  // and an index a foreign key needs may be dropped for the load.
  const connections = [dataSource.createQueryRunner(), dataSource.createQueryRunner(), dataSource.createQueryRunner()];
  for (const connection of connections) {
    await connection.connect();
    await connection.query('SET SESSION foreign_key_checks = 0');
  }
  const [first, second, third] = connections;
  const writers = [first, second];

  console.log(`Database ${flags.database}: clearing earlier benchmark data`);
  for (const table of [
    'row_counts',
    'daily_counts',
    'enterprise_user_counts',
    'enterprise_billing',
    'password_resets',
    'account_deletion_requests',
    'app_users',
    'enterprises',
    'contacts',
    'audit_log',
    'record_history',
    'admin_sessions',
    'authorized_ips',
    'admins',
  ])
    await first.query(`TRUNCATE TABLE ${table}`);
  // A bulk load. The kept counts are computed once at the end instead of row by row by the triggers. Every
  // index but the primary key is built once, after the rows are in (sorted, instead of a million random
  // insertions into each of 15 indexes). The rows are written with their natural columns only (and their key),
  // as another tool would, into staging tables; the columns the database derives from them (search and sort
  // columns: migrations SearchOwnedByDatabase, ContactsSearch, ListSorts) are then computed by the expressions
  // of the tables' own BEFORE INSERT triggers, read from the database, in INSERT ... SELECT statements instead
  // of row by row (a trigger takes more than twice as long for them). The first rows of each table go through
  // the triggers themselves, and the set-based values of those rows are checked against theirs.
  const tables = new Map<LoadedTable, { before: string; triggersBefore: string; indexes: ReturnType<typeof secondaryIndexes>; triggers: DerivingTrigger[] }>();
  for (const table of Object.keys(LOADED) as LoadedTable[]) {
    const indexes = secondaryIndexes((await query(`SHOW INDEX FROM ${table}`)) as IndexColumn[]);
    if (indexes.fulltext.length === 0)
      throw new Error(`no FULLTEXT index on ${table}: was a bulk load interrupted? Drop the database ${flags.database} and run again.`);
    const names = (await query(
      "SELECT trigger_name AS name FROM information_schema.triggers WHERE trigger_schema = DATABASE() AND event_object_table = ? AND action_timing = 'BEFORE' AND event_manipulation = 'INSERT' ORDER BY action_order",
      [table],
    )) as { name: string }[];
    const triggers: DerivingTrigger[] = [];
    for (const { name } of names) {
      const [created] = (await query(`SHOW CREATE TRIGGER \`${name}\``)) as Record<string, string>[];
      triggers.push(derivingTrigger(name, created['SQL Original Statement']));
    }
    // A trigger reading a column another one sets would see it unset here: refused.
    const set = new Set(triggers.flatMap((trigger) => trigger.assignments.map((assignment) => assignment.column)));
    for (const { name, assignments } of triggers)
      for (const { sql } of assignments)
        for (const [, column] of sql.matchAll(/\bstaged\.`?(\w+)/g))
          if (set.has(column)) throw new Error(`trigger ${name} reads ${column}, which a trigger sets: the bulk load cannot compute it`);
    tables.set(table, { before: await createTable(query, table), triggersBefore: await triggerList(query, table), indexes, triggers });
  }
  for (const trigger of COUNT_TRIGGERS) await query(`DROP TRIGGER IF EXISTS ${trigger}`);
  // The loaded rows are the records that were there before history began (no creation entries, version 1).
  for (const trigger of HISTORY_ENTRY_TRIGGERS) await query(`DROP TRIGGER IF EXISTS ${trigger}`);
  // Indexes a foreign key needs go too (foreign_key_checks = 0 allows it); all come back in their order.
  for (const [table, { indexes }] of tables) {
    await first.query(`ALTER TABLE ${table} ${indexes.names.map((name) => `DROP INDEX \`${name}\``).join(', ')}`);
    await first.query(`DROP TABLE IF EXISTS ${staging(table)}, ${derived(table)}`);
    await first.query(`CREATE TABLE ${staging(table)} LIKE ${table}`);
  }
  phase('clearing, dropping the count triggers and the secondary indexes');

  const cities = await dataSource.getRepository(City).find();
  const cargos = (await query('SELECT cargo_id, name FROM cargos')) as { cargo_id: number; name: string }[];
  const ocupacoes = ((await query('SELECT ocupacao_id FROM ocupacoes')) as { ocupacao_id: number }[]).map((row) => row.ocupacao_id);
  const logos = ((await query("SELECT file_name FROM logos WHERE kind = 'fabricante'")) as { file_name: string }[]).map((row) => row.file_name);

  /**
   * Writes `count` rows, made in order by `row` (the random sequence is the data set), into the table's staging
   * table in multi-row INSERTs, each batch on the next connection while the following one is made.
   */
  async function stage(table: LoadedTable, count: number, batch: number, row: (index: number) => unknown[]) {
    const t0 = Date.now();
    const { key, columns } = LOADED[table];
    const placeholder = `(${[key, ...columns].map(() => '?').join(',')})`;
    const inFlight: Promise<unknown>[] = writers.map(() => Promise.resolve());
    const failures: unknown[] = [];
    for (let start = 0, number = 0; start < count && failures.length === 0; start += batch, number++) {
      const size = Math.min(batch, count - start);
      const values: unknown[] = [];
      for (let index = start; index < start + size; index++) values.push(index + 1, ...row(index));
      const sql = `INSERT INTO ${staging(table)} (${[key, ...columns].join(',')}) VALUES ${Array.from({ length: size }, () => placeholder).join(',')}`;
      const slot = number % writers.length;
      await inFlight[slot];
      inFlight[slot] = writers[slot].query(sql, values).catch((error: unknown) => failures.push(error));
      if (number % 20 === 0) process.stdout.write(`\r  ${table}: ${start + size}/${count}`);
    }
    await Promise.all(inFlight);
    if (failures.length > 0) throw failures[0];
    console.log(`\r  ${table}: ${count} rows made and staged in ${seconds(t0)} s`);
  }

  /**
   * Moves the staged rows into the table with the columns its BEFORE INSERT triggers derive. The expressions
   * are computed for every row into a table without AUTO_INCREMENT (an INSERT ... SELECT into the real table
   * holds its AUTO-INC lock to the end, so two would take turns), in chunks taken in turn by `connections`.
   * The first TRIGGER_SAMPLE rows go into the table through the triggers themselves and are compared with
   * those; then the triggers are dropped, the rest is copied in one statement, and the triggers are created again.
   */
  async function derive(table: LoadedTable, count: number, connections: QueryRunner[]) {
    const t0 = Date.now();
    const { key, columns } = LOADED[table];
    const { triggers } = tables.get(table)!;
    const assignments = triggers.flatMap((trigger) => trigger.assignments);
    const natural = [key, ...columns];
    const all = [...natural, ...assignments.map((assignment) => assignment.column)];
    const sample = Math.min(count, TRIGGER_SAMPLE);
    const [connection] = connections;
    // The same column types as the table's (CREATE ... SELECT keeps them), without AUTO_INCREMENT.
    await connection.query(`DROP TABLE IF EXISTS ${derived(table)}`);
    await connection.query(`CREATE TABLE ${derived(table)} AS SELECT ${all.join(', ')} FROM ${table} WHERE FALSE`);
    await connection.query(`ALTER TABLE ${derived(table)} ADD PRIMARY KEY (${key})`);
    const chunks: [number, number][] = [];
    for (let low = 1; low <= count; low += CHUNK) chunks.push([low, Math.min(count, low + CHUNK - 1)]);
    const into = `INSERT INTO ${derived(table)} (${all.join(', ')})`;
    const select = `SELECT ${[...natural.map((column) => `staged.${column}`), ...assignments.map((assignment) => assignment.sql)].join(', ')} FROM ${staging(table)} staged`;
    await Promise.all(
      connections.map(async (each) => {
        for (let chunk = chunks.shift(); chunk; chunk = chunks.shift())
          await each.query(`${into} ${select} WHERE staged.${key} BETWEEN ${chunk[0]} AND ${chunk[1]}`);
      }),
    );
    await connection.query(
      `INSERT INTO ${table} (${natural.join(', ')}) SELECT ${natural.map((column) => `staged.${column}`).join(', ')} FROM ${staging(table)} staged WHERE staged.${key} <= ${sample}`,
    );
    const differing = assignments.map((assignment) => `NOT (BINARY target.${assignment.column} <=> BINARY computed.${assignment.column})`).join(' OR ');
    const [{ differ }] = (await connection.query(
      `SELECT COUNT(*) AS differ FROM ${table} target JOIN ${derived(table)} computed ON computed.${key} = target.${key} WHERE target.${key} <= ${sample} AND (${differing || 'FALSE'})`,
    )) as { differ: number | string }[];
    if (Number(differ) > 0) throw new Error(`${table}: ${differ} of the first ${sample} rows differ from what the triggers' expressions compute`);
    for (const trigger of triggers) await connection.query(`DROP TRIGGER \`${trigger.name}\``);
    try {
      await connection.query(`INSERT INTO ${table} (${all.join(', ')}) SELECT ${all.join(', ')} FROM ${derived(table)} WHERE ${key} > ${sample}`);
    } finally {
      for (const trigger of triggers) await connection.query(trigger.statement);
    }
    await connection.query(`DROP TABLE ${staging(table)}, ${derived(table)}`);
    console.log(`  ${table}: derived columns (${assignments.map((assignment) => assignment.column).join(', ')}) in ${seconds(t0)} s`);
  }

  /** Builds a table's secondary indexes again (B-tree ones in one pass, then each FULLTEXT one), timed. */
  async function rebuildIndexes(connection: QueryRunner, table: LoadedTable) {
    const { indexes } = tables.get(table)!;
    let t0 = Date.now();
    await connection.query(`ALTER TABLE ${table} ${indexes.btree.join(', ')}`);
    console.log(`  ${table}: ${indexes.btree.length} indexes in ${seconds(t0)} s`);
    for (const fulltext of indexes.fulltext) {
      t0 = Date.now();
      await connection.query(`ALTER TABLE ${table} ${fulltext}`);
      console.log(`  ${table}: ${fulltext.replace('ADD ', '')} in ${seconds(t0)} s`);
    }
  }

  const now = Date.now();
  const day = 86_400_000;
  await stage('enterprises', sizes.enterprises, 2000, (index) => {
    const city = pick(cities);
    const fantasia = `${pick(PREFIXES)} ${pick(SUFFIXES)} ${index + 1}`;
    const razao = `${fantasia} LTDA`;
    const cnpj = cnpjOf(10_000_000 + index);
    const inscricao = String(100000000 + index);
    const bairro = pick(BAIRROS);
    const created = utc(new Date(now - Math.floor(random() * 3 * 365 * day)));
    return [
      razao,
      fantasia,
      cnpj,
      inscricao,
      'Rodovia BR-369',
      String(1 + (index % 4000)),
      bairro,
      '86000000',
      city.cityId,
      '43999990000',
      `contato${index}@bench.agromaq.com.br`,
      pick(logos),
      random() < 0.8 ? 1 : 0,
      0,
      created,
      created,
    ];
  });
  // The companies are moved while the users are made: a user's trigger reads its company's sort name.
  const enterprisesDerived = derive('enterprises', sizes.enterprises, [third]);
  enterprisesDerived.catch(() => undefined);
  await stage('app_users', sizes.users, 5000, (index) => {
    const firstname = pick(FIRST);
    const lastname = `${pick(LAST)} ${pick(LAST)}`;
    const email = `usuario${index}@bench.agromaq.com.br`;
    const cpf = cpfOf(100_000_000 + index);
    const linked = random() < 0.7;
    // Three years of sign-ups, a fifth of them in the last 30 days.
    const added = utc(new Date(now - Math.floor((random() < 0.2 ? 30 : 3 * 365) * day * random())));
    const enterprise = linked ? 1 + Math.floor(random() * sizes.enterprises) : null;
    const cargo = linked ? pick(cargos) : null;
    return [firstname, lastname, email, '43999990000', cpf, enterprise, cargo?.cargo_id ?? null, pick(ocupacoes), random() < 0.9 ? 1 : 0, added, added];
  });
  await enterprisesDerived;
  phase('companies moved');
  await stage('contacts', sizes.contacts, 5000, (index) => {
    const answered = random() < 0.7;
    const created = new Date(now - Math.floor(random() * 2 * 365 * day));
    return [
      `${pick(FIRST)} ${pick(LAST)}`,
      `contato${index}@exemplo.com.br`,
      '43999990000',
      'Gostaria de saber mais sobre os planos do aplicativo.',
      'site',
      answered ? 'respondido' : 'pendente',
      answered ? pick(['whatsapp', 'email']) : null,
      answered ? utc(new Date(created.getTime() + 3600_000)) : null,
      utc(created),
    ];
  });
  await derive('app_users', sizes.users, writers);
  phase('users moved');

  // The users' indexes (the longest build) on one connection; the contacts, the other tables' indexes and the
  // kept counts on the other meanwhile.
  const settled = await Promise.allSettled([
    rebuildIndexes(first, 'app_users'),
    (async () => {
      await derive('contacts', sizes.contacts, [second]);
      await rebuildIndexes(second, 'enterprises');
      await rebuildIndexes(second, 'contacts');
      const t0 = Date.now();
      for (const sql of backfill(true)) await second.query(sql);
      console.log(`  kept counts in ${seconds(t0)} s`);
    })(),
  ]);
  for (const result of settled) if (result.status === 'rejected') throw result.reason;
  phase('contacts moved, indexes built and counts made (in parallel)');

  for (const sql of countTriggers(true)) await query(sql);
  for (const sql of historyEntryTriggers(true)) await query(sql);
  for (const connection of connections) await connection.release();
  // The tables come out as the migrations left them: same columns, indexes and triggers, in the same order.
  for (const [table, { before, triggersBefore }] of tables) {
    if ((await createTable(query, table)) !== before) throw new Error(`${table} differs from before the load: compare SHOW CREATE TABLE ${table}`);
    const triggersAfter = await triggerList(query, table);
    if (triggersAfter !== triggersBefore) {
      const before = new Set(JSON.parse(triggersBefore).map((row: unknown) => JSON.stringify(row)));
      const changed = (JSON.parse(triggersAfter) as Record<string, unknown>[]).filter((row) => !before.has(JSON.stringify(row))).map((row) => row.name);
      throw new Error(`the triggers of ${table} differ from before the load: ${changed.join(', ')}`);
    }
  }
  phase('triggers restored, tables checked');

  const { ips, team } = standaloneAccessServices(dataSource, config);
  await team.create({ username: BENCH_ADMIN.username, password: BENCH_ADMIN.password, role: 'master', nome: 'Benchmark' }, null, { policy: false });
  const { twofa } = await ips.create({ ip: BENCH_ADMIN.ip, targetRole: 'master', descricao: 'Benchmark' }, null);
  writeFileSync('var/bench-admin.json', JSON.stringify({ ...BENCH_ADMIN, secret: twofa.secret, database: flags.database }, null, 2));
  await query('ANALYZE TABLE enterprises, app_users, contacts');
  phase('benchmark admin, ANALYZE TABLE');
  await dataSource.destroy();
  console.log(`Done in ${seconds(started)} s. Benchmark admin and its 2FA secret: var/bench-admin.json`);
}

const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1);

/** SHOW CREATE TABLE without the AUTO_INCREMENT counter. */
async function createTable(query: (sql: string) => Promise<unknown>, table: string): Promise<string> {
  const [row] = (await query(`SHOW CREATE TABLE ${table}`)) as Record<string, string>[];
  return row['Create Table'].replace(/ AUTO_INCREMENT=\d+/, '');
}

/**
 * The table's triggers other than those the load drops and creates again from the migrations' code (the count
 * and history-entry triggers), with what they run; for the BEFORE INSERT ones, which the load creates again
 * from the database, also their order. (Creating the count triggers again moves them after the others of
 * their event, as it always has: those run independently of each other.)
 */
async function triggerList(query: (sql: string, params?: unknown[]) => Promise<unknown>, table: string): Promise<string> {
  const rows = (await query(
    "SELECT trigger_name AS name, action_timing AS timing, event_manipulation AS event, IF(action_timing = 'BEFORE' AND event_manipulation = 'INSERT', action_order, NULL) AS position, action_statement AS statement, sql_mode AS sqlMode FROM information_schema.triggers WHERE trigger_schema = DATABASE() AND event_object_table = ? ORDER BY trigger_name",
    [table],
  )) as Record<string, unknown>[];
  const restoredByCode = new Set<string>([...COUNT_TRIGGERS, ...HISTORY_ENTRY_TRIGGERS]);
  return JSON.stringify(rows.filter((row) => !restoredByCode.has(String(row.name))));
}

await main();
