import { MigrationInterface, QueryRunner } from 'typeorm';
import { isMysqlRunner } from './frozen-sql.js';

/**
 * The database owns the columns search and ordering read. App users are registered by the mobile app and
 * companies may be loaded by other tools, so a row inserted with its natural columns only must be counted,
 * listed, sorted and found like one the back office wrote. Triggers compute, on insert and on every change of
 * the columns they read:
 * - `sort_name`: the name in lower case without accents (users: first and last name; companies: fantasia);
 * - `search_text`: the words of the row (letters and digits, lower case, no accents), each after a space, so
 *   that `LIKE '% abc%'` finds a word starting with "abc" (the rule the FULLTEXT prefix search follows too),
 *   and every ending of 4 characters or more of a document number (CPF, CNPJ, IE), so any part of it is found;
 * - `name_search` (companies): the words of fantasia and razão, which the users' search box matches.
 * The users' company words are no longer copied into every user row (`org_search` goes): the search reads the
 * companies. Accents are folded by REPLACE, not by a collation, because SQLite has none that folds them.
 */
export class SearchOwnedByDatabase1764700000000 implements MigrationInterface {
  name = 'SearchOwnedByDatabase1764700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = isMysqlRunner(queryRunner);
    const run = (sql: string) => queryRunner.query(sql);
    if (mysql) {
      await run('ALTER TABLE app_users DROP INDEX ft_app_users_search, DROP COLUMN org_search');
      await run("ALTER TABLE app_users MODIFY sort_name varchar(201) NOT NULL DEFAULT '', MODIFY search_text varchar(600) NOT NULL DEFAULT ''");
      await run(
        "ALTER TABLE enterprises MODIFY sort_name varchar(150) NOT NULL DEFAULT '', MODIFY search_text varchar(800) NOT NULL DEFAULT '', ADD name_search varchar(310) NOT NULL DEFAULT ''",
      );
    } else {
      // SQLite changes a column's default only by dropping and adding it again (its indexes first).
      await run('DROP INDEX idx_app_users_enterprise');
      await run('DROP INDEX idx_enterprises_ativo_sort');
      await run('DROP INDEX idx_enterprises_sort');
      for (const column of ['org_search', 'sort_name', 'search_text']) await run(`ALTER TABLE app_users DROP COLUMN ${column}`);
      for (const column of ['sort_name', 'search_text']) await run(`ALTER TABLE enterprises DROP COLUMN ${column}`);
      await run("ALTER TABLE app_users ADD COLUMN sort_name varchar(201) NOT NULL DEFAULT ''");
      await run("ALTER TABLE app_users ADD COLUMN search_text varchar(600) NOT NULL DEFAULT ''");
      await run("ALTER TABLE enterprises ADD COLUMN sort_name varchar(150) NOT NULL DEFAULT ''");
      await run("ALTER TABLE enterprises ADD COLUMN search_text varchar(800) NOT NULL DEFAULT ''");
      await run("ALTER TABLE enterprises ADD COLUMN name_search varchar(310) NOT NULL DEFAULT ''");
      await run('CREATE INDEX idx_app_users_enterprise ON app_users (enterprise_id, sort_name)');
      await run('CREATE INDEX idx_enterprises_ativo_sort ON enterprises (ativo, sort_name, enterprise_id)');
      await run('CREATE INDEX idx_enterprises_sort ON enterprises (sort_name, enterprise_id)');
    }
    for (const table of DERIVED) await run(`UPDATE ${table.name} SET ${assignments(table, mysql, table.name)}`);
    for (const sql of derivedColumnTriggers(mysql)) await run(sql);
    if (mysql) {
      await run('ALTER TABLE app_users ADD FULLTEXT INDEX ft_app_users_search (search_text)');
      await run('ALTER TABLE enterprises ADD FULLTEXT INDEX ft_enterprises_name (name_search)');
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const mysql = isMysqlRunner(queryRunner);
    for (const name of DERIVED_TRIGGERS) await queryRunner.query(`DROP TRIGGER IF EXISTS ${name}`);
    if (mysql) {
      await queryRunner.query('ALTER TABLE enterprises DROP INDEX ft_enterprises_name, DROP COLUMN name_search');
      await queryRunner.query("ALTER TABLE app_users DROP INDEX ft_app_users_search, ADD org_search varchar(400) NOT NULL DEFAULT ''");
      await queryRunner.query('ALTER TABLE app_users ADD FULLTEXT INDEX ft_app_users_search (search_text, org_search)');
    } else {
      await queryRunner.query('ALTER TABLE enterprises DROP COLUMN name_search');
      await queryRunner.query("ALTER TABLE app_users ADD COLUMN org_search varchar(400) NOT NULL DEFAULT ''");
    }
  }
}

/** Letters folded to their base letter; upper case too, since SQLite's LOWER() folds ASCII letters only. */
const ACCENTS: Record<string, string> = {
  a: 'àáâãäåÀÁÂÃÄÅ',
  e: 'èéêëÈÉÊË',
  i: 'ìíîïÌÍÎÏ',
  o: 'òóôõöÒÓÔÕÖ',
  u: 'ùúûüÙÚÛÜ',
  c: 'çÇ',
  n: 'ñÑ',
  y: 'ýÿÝ',
};
/** What separates words: every ASCII character that is not a letter, a digit or a space. */
const PUNCTUATION = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';

const literal = (text: string, mysql: boolean) => `'${text.replace(/'/g, "''").replace(/\\/g, mysql ? '\\\\' : '\\')}'`;

/** Lower case, accents folded. */
export function folded(expression: string): string {
  let sql = `LOWER(${expression})`;
  for (const [base, letters] of Object.entries(ACCENTS)) for (const letter of letters) sql = `REPLACE(${sql}, '${letter}', '${base}')`;
  return sql;
}

/** Folded, with every separator made a space: words a space apart. */
export function words(expression: string, mysql: boolean): string {
  let sql = folded(expression);
  for (const character of PUNCTUATION) sql = `REPLACE(${sql}, ${literal(character, mysql)}, ' ')`;
  return sql;
}

/** Text parts joined with spaces, a missing part counting as empty. */
export function joined(parts: string[], mysql: boolean): string {
  const present = parts.map((part) => `COALESCE(${part}, '')`);
  return mysql ? `CONCAT(${present.join(", ' ', ")})` : present.join(" || ' ' || ");
}

/** A document number's letters and digits, and each of its endings of 4 or more, a space apart. */
export function documentEndings(expression: string, starts: number, mysql: boolean): string {
  let compact = `LOWER(COALESCE(${expression}, ''))`;
  for (const character of '.-/ ') compact = `REPLACE(${compact}, '${character}', '')`;
  const length = mysql ? `CHAR_LENGTH(${compact})` : `LENGTH(${compact})`;
  const endings = Array.from({ length: starts }, (_, index) => `CASE WHEN ${length} - ${index} >= 4 THEN SUBSTR(${compact}, ${index + 1}) ELSE '' END`);
  return joined(endings, mysql);
}

interface DerivedTable {
  name: string;
  key: string;
  /** The natural columns the derived ones are computed from. */
  reads: string[];
  /** Each derived column and its SQL, given how to name a natural column of the row. */
  columns: Record<string, (column: (name: string) => string, mysql: boolean) => string>;
}

const DERIVED: DerivedTable[] = [
  {
    name: 'app_users',
    key: 'user_id',
    reads: ['firstname', 'lastname', 'email', 'cpf'],
    columns: {
      sort_name: (column, mysql) => `SUBSTR(${folded(joined([column('firstname'), column('lastname')], mysql))}, 1, 201)`,
      search_text: (column, mysql) =>
        `SUBSTR(${joined(["''", words(joined([column('firstname'), column('lastname'), column('email')], mysql), mysql), documentEndings(column('cpf'), 8, mysql)], mysql)}, 1, 600)`,
    },
  },
  {
    name: 'enterprises',
    key: 'enterprise_id',
    reads: ['razao', 'fantasia', 'cnpj', 'inscricao_estadual', 'bairro', 'city_id'],
    columns: {
      sort_name: (column) => `SUBSTR(${folded(column('fantasia'))}, 1, 150)`,
      name_search: (column, mysql) => `SUBSTR(${joined(["''", words(joined([column('fantasia'), column('razao')], mysql), mysql)], mysql)}, 1, 310)`,
      search_text: (column, mysql) => {
        const city = `(SELECT ${joined(['c.name', 'c.code'], mysql)} FROM cities c WHERE c.city_id = ${column('city_id')})`;
        const text = words(joined([column('razao'), column('fantasia'), column('bairro'), city], mysql), mysql);
        return `SUBSTR(${joined(["''", text, documentEndings(column('cnpj'), 11, mysql), documentEndings(column('inscricao_estadual'), 11, mysql)], mysql)}, 1, 800)`;
      },
    },
  },
];

export const DERIVED_TRIGGERS = DERIVED.flatMap((table) => [`trg_${table.name}_derive_insert`, `trg_${table.name}_derive_update`]);

/** `derived = sql, ...`, the natural columns read from `row` (NEW, or the table's own row). */
function assignments(table: DerivedTable, mysql: boolean, row: string): string {
  return Object.entries(table.columns)
    .map(([name, sql]) => `${row === 'NEW' ? 'NEW.' : ''}${name} = ${sql((column) => `${row}.${column}`, mysql)}`)
    .join(', ');
}

/**
 * MySQL/MariaDB: BEFORE triggers set the new row's derived columns. SQLite cannot change NEW, so AFTER
 * triggers update the row just written (only when a column they read changed).
 */
export function derivedColumnTriggers(mysql: boolean): string[] {
  return DERIVED.flatMap((table) => {
    if (mysql) {
      const set = `SET ${assignments(table, mysql, 'NEW')}`;
      return [
        `CREATE TRIGGER trg_${table.name}_derive_insert BEFORE INSERT ON ${table.name} FOR EACH ROW ${set}`,
        `CREATE TRIGGER trg_${table.name}_derive_update BEFORE UPDATE ON ${table.name} FOR EACH ROW ${set}`,
      ];
    }
    const update = `UPDATE ${table.name} SET ${assignments(table, mysql, table.name)} WHERE ${table.key} = NEW.${table.key};`;
    return [
      `CREATE TRIGGER trg_${table.name}_derive_insert AFTER INSERT ON ${table.name} BEGIN ${update} END`,
      `CREATE TRIGGER trg_${table.name}_derive_update AFTER UPDATE OF ${table.reads.join(', ')} ON ${table.name} BEGIN ${update} END`,
    ];
  });
}
