// `npm run bench:data`: fills a MariaDB/MySQL database of its own (agromaq_bench by default) with data at
// production scale, by bulk inserts: 100,000 companies, 1,000,000 app users and 200,000 contacts (sizes are
// flags), plus a benchmark admin authorized for 127.0.0.1. Run again to start over.
import { ensureBufferPool } from './buffer-pool.js';
import { cnpjOf } from './cnpj.js';
import { writeFileSync } from 'node:fs';
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

async function main() {
  const started = Date.now();
  const logger = createLogger('warn');
  const dataSource = await openDatabase(config.db);
  await ensureBufferPool((sql) => dataSource.query(sql));
  await dataSource.runMigrations({ transaction: 'each' });
  await runSeeds(dataSource, { config, logger, demo: false });
  const query = (sql: string, params: unknown[] = []) => dataSource.query(sql, params);

  console.log(`Database ${flags.database}: clearing earlier benchmark data`);
  await query('SET FOREIGN_KEY_CHECKS = 0');
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
    await query(`TRUNCATE TABLE ${table}`);
  await query('SET FOREIGN_KEY_CHECKS = 1');
  // A bulk load: the kept counts are computed once at the end instead of row by row by the triggers, and the
  // FULLTEXT indexes built once. The rows are inserted with their natural columns only, as another tool would:
  // the database's own triggers compute the search columns (migration SearchOwnedByDatabase).
  const fulltextIndexes = (await query(
    "SELECT table_name AS tableName, index_name AS indexName, GROUP_CONCAT(column_name ORDER BY seq_in_index) AS columnNames FROM information_schema.statistics WHERE table_schema = DATABASE() AND index_type = 'FULLTEXT' GROUP BY table_name, index_name",
  )) as { tableName: string; indexName: string; columnNames: string }[];
  if (fulltextIndexes.length === 0) throw new Error('no FULLTEXT index found: was a bulk load interrupted? Drop the database and run again.');
  for (const trigger of COUNT_TRIGGERS) await query(`DROP TRIGGER IF EXISTS ${trigger}`);
  // The loaded rows are the records that were there before history began (no creation entries, version 1).
  for (const trigger of HISTORY_ENTRY_TRIGGERS) await query(`DROP TRIGGER IF EXISTS ${trigger}`);
  for (const index of fulltextIndexes) await query(`ALTER TABLE ${index.tableName} DROP INDEX ${index.indexName}`);

  const cities = await dataSource.getRepository(City).find();
  const cargos = (await query('SELECT cargo_id, name FROM cargos')) as { cargo_id: number; name: string }[];
  const ocupacoes = ((await query('SELECT ocupacao_id FROM ocupacoes')) as { ocupacao_id: number }[]).map((row) => row.ocupacao_id);
  const logos = ((await query("SELECT file_name FROM logos WHERE kind = 'fabricante'")) as { file_name: string }[]).map((row) => row.file_name);

  async function insert(table: string, columns: string[], count: number, batch: number, row: (index: number) => unknown[]) {
    const t0 = Date.now();
    for (let start = 0; start < count; start += batch) {
      const size = Math.min(batch, count - start);
      const values: unknown[] = [];
      for (let index = start; index < start + size; index++) values.push(...row(index));
      const placeholders = Array.from({ length: size }, () => `(${columns.map(() => '?').join(',')})`).join(',');
      await query(`INSERT INTO ${table} (${columns.join(',')}) VALUES ${placeholders}`, values);
      if ((start / batch) % 20 === 0) process.stdout.write(`\r  ${table}: ${start + size}/${count}`);
    }
    console.log(`\r  ${table}: ${count} rows in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }

  const now = Date.now();
  const day = 86_400_000;
  await insert(
    'enterprises',
    [
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
    sizes.enterprises,
    2000,
    (index) => {
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
    },
  );

  await insert(
    'app_users',
    ['firstname', 'lastname', 'email', 'fone', 'cpf', 'enterprise_id', 'cargo_id', 'ocupacao_id', 'status', 'date_added', 'date_modified'],
    sizes.users,
    5000,
    (index) => {
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
    },
  );

  await insert(
    'contacts',
    ['nome', 'email', 'telefone', 'mensagem', 'origem', 'status', 'response_channel', 'responded_at', 'created_at'],
    sizes.contacts,
    5000,
    (index) => {
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
    },
  );

  console.log('  counting (kept counts), restoring the triggers and building the search indexes');
  for (const sql of backfill(true)) await query(sql);
  for (const sql of countTriggers(true)) await query(sql);
  for (const sql of historyEntryTriggers(true)) await query(sql);
  for (const index of fulltextIndexes) await query(`ALTER TABLE ${index.tableName} ADD FULLTEXT INDEX ${index.indexName} (${index.columnNames})`);

  const { ips, team } = standaloneAccessServices(dataSource, config);
  await team.create({ username: BENCH_ADMIN.username, password: BENCH_ADMIN.password, role: 'master', nome: 'Benchmark' }, null, { policy: false });
  const { twofa } = await ips.create({ ip: BENCH_ADMIN.ip, targetRole: 'master', descricao: 'Benchmark' }, null);
  writeFileSync('var/bench-admin.json', JSON.stringify({ ...BENCH_ADMIN, secret: twofa.secret, database: flags.database }, null, 2));
  await query('ANALYZE TABLE enterprises, app_users, contacts');
  await dataSource.destroy();
  console.log(`Done in ${((Date.now() - started) / 1000).toFixed(0)} s. Benchmark admin and its 2FA secret: var/bench-admin.json`);
}

await main();
