import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';
import { isMysqlRunner } from './frozen-sql.js';
import { folded, joined } from './1764700000000-SearchOwnedByDatabase.js';

const TRIGGERS = [
  'trg_enterprises_city_sort_insert',
  'trg_enterprises_city_sort_update',
  'trg_enterprises_company_sort_users',
  'trg_app_users_company_sort_insert',
  'trg_app_users_company_sort_update',
];

/** Every index a sort of the lists reads, with its status tab's variant (the tie-break, the key, is last). */
export const LIST_SORT_INDEXES: { table: string; name: string; columns: string[] }[] = [
  { table: 'enterprises', name: 'idx_enterprises_ativo_cnpj', columns: ['ativo', 'cnpj', 'enterprise_id'] },
  { table: 'enterprises', name: 'idx_enterprises_city_sort', columns: ['city_sort', 'enterprise_id'] },
  { table: 'enterprises', name: 'idx_enterprises_ativo_city_sort', columns: ['ativo', 'city_sort', 'enterprise_id'] },
  { table: 'app_users', name: 'idx_app_users_name', columns: ['sort_name', 'user_id'] },
  { table: 'app_users', name: 'idx_app_users_status_name', columns: ['status', 'sort_name', 'user_id'] },
  { table: 'app_users', name: 'idx_app_users_status_email', columns: ['status', 'email', 'user_id'] },
  { table: 'app_users', name: 'idx_app_users_company_sort', columns: ['enterprise_sort', 'user_id'] },
  { table: 'app_users', name: 'idx_app_users_status_company_sort', columns: ['status', 'enterprise_sort', 'user_id'] },
];

/** The city's name folded, then its UF, for ordering companies by city; empty without a city. */
const citySort = (cityId: string, mysql: boolean) =>
  `COALESCE((SELECT SUBSTR(${joined([folded('c.name'), 'LOWER(c.code)'], mysql)}, 1, 120) FROM cities c WHERE c.city_id = ${cityId}), '')`;

/** The company's folded trade name (its sort_name), for ordering users by company; empty without one. */
const companySort = (enterpriseId: string) => `COALESCE((SELECT e.sort_name FROM enterprises e WHERE e.enterprise_id = ${enterpriseId}), '')`;

/**
 * The lists sort by column (companies by Fantasia, CNPJ, Cidade or Status; users by Nome, Email, Data de
 * Cadastro, Empresa or Status), each sort read through an index in both directions, with the key as the
 * tie-break and a variant per status tab. Sorting by a related row's name needs that name in the row, so the
 * database keeps two more columns, as it keeps sort_name (SearchOwnedByDatabase):
 * - `enterprises.city_sort`: the city's name folded and its UF, set when the company's city is;
 * - `app_users.enterprise_sort`: the company's sort_name, set when the user's company is, and on every
 *   user of a company when its trade name changes.
 */
export class ListSorts1765100000000 implements MigrationInterface {
  name = 'ListSorts1765100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = isMysqlRunner(queryRunner);
    const run = (sql: string) => queryRunner.query(sql);
    const add = mysql ? 'ADD' : 'ADD COLUMN';
    await run(`ALTER TABLE enterprises ${add} city_sort varchar(120) NOT NULL DEFAULT ''`);
    await run(`ALTER TABLE app_users ${add} enterprise_sort varchar(150) NOT NULL DEFAULT ''`);
    await run(`UPDATE enterprises SET city_sort = ${citySort('enterprises.city_id', mysql)} WHERE city_id IS NOT NULL`);
    await run(`UPDATE app_users SET enterprise_sort = ${companySort('app_users.enterprise_id')} WHERE enterprise_id IS NOT NULL`);
    if (mysql) {
      await run(`CREATE TRIGGER ${TRIGGERS[0]} BEFORE INSERT ON enterprises FOR EACH ROW SET NEW.city_sort = ${citySort('NEW.city_id', mysql)}`);
      await run(`CREATE TRIGGER ${TRIGGERS[1]} BEFORE UPDATE ON enterprises FOR EACH ROW SET NEW.city_sort = ${citySort('NEW.city_id', mysql)}`);
      await run(
        `CREATE TRIGGER ${TRIGGERS[2]} AFTER UPDATE ON enterprises FOR EACH ROW UPDATE app_users SET enterprise_sort = NEW.sort_name WHERE enterprise_id = NEW.enterprise_id AND enterprise_sort <> NEW.sort_name`,
      );
      await run(`CREATE TRIGGER ${TRIGGERS[3]} BEFORE INSERT ON app_users FOR EACH ROW SET NEW.enterprise_sort = ${companySort('NEW.enterprise_id')}`);
      // Only a change of company reads the companies (a company's own trigger sets the name it changed to).
      await run(
        `CREATE TRIGGER ${TRIGGERS[4]} BEFORE UPDATE ON app_users FOR EACH ROW SET NEW.enterprise_sort = IF(NEW.enterprise_id <=> OLD.enterprise_id, NEW.enterprise_sort, ${companySort('NEW.enterprise_id')})`,
      );
    } else {
      const setCity = `UPDATE enterprises SET city_sort = ${citySort('NEW.city_id', mysql)} WHERE enterprise_id = NEW.enterprise_id;`;
      const setCompany = `UPDATE app_users SET enterprise_sort = ${companySort('NEW.enterprise_id')} WHERE user_id = NEW.user_id;`;
      await run(`CREATE TRIGGER ${TRIGGERS[0]} AFTER INSERT ON enterprises BEGIN ${setCity} END`);
      await run(`CREATE TRIGGER ${TRIGGERS[1]} AFTER UPDATE OF city_id ON enterprises BEGIN ${setCity} END`);
      await run(
        `CREATE TRIGGER ${TRIGGERS[2]} AFTER UPDATE OF sort_name ON enterprises BEGIN UPDATE app_users SET enterprise_sort = NEW.sort_name WHERE enterprise_id = NEW.enterprise_id AND enterprise_sort <> NEW.sort_name; END`,
      );
      await run(`CREATE TRIGGER ${TRIGGERS[3]} AFTER INSERT ON app_users BEGIN ${setCompany} END`);
      await run(`CREATE TRIGGER ${TRIGGERS[4]} AFTER UPDATE OF enterprise_id ON app_users BEGIN ${setCompany} END`);
    }
    for (const index of LIST_SORT_INDEXES) await queryRunner.createIndex(index.table, new TableIndex({ name: index.name, columnNames: index.columns }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const index of LIST_SORT_INDEXES) await queryRunner.dropIndex(index.table, index.name);
    for (const name of TRIGGERS) await queryRunner.query(`DROP TRIGGER IF EXISTS ${name}`);
    await queryRunner.query('ALTER TABLE app_users DROP COLUMN enterprise_sort');
    await queryRunner.query('ALTER TABLE enterprises DROP COLUMN city_sort');
  }
}
