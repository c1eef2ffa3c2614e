import type { QueryRunner } from 'typeorm';
import { enterpriseSearchColumns } from '../enterprises/enterprise-search.js';
import { appUserSearchColumns } from '../users/app-user-search.js';

const BATCH = 1000;

/** Walks a table by primary key, a batch at a time, and writes each row's recomputed columns. */
async function rewrite(
  queryRunner: QueryRunner,
  select: string,
  table: string,
  key: string,
  columns: (row: Record<string, unknown>) => Record<string, string>,
): Promise<void> {
  for (let last = 0; ;) {
    const rows = (await queryRunner.query(`${select} WHERE t.${key} > ? ORDER BY t.${key} LIMIT ${BATCH}`, [last])) as Record<string, unknown>[];
    if (rows.length === 0) return;
    for (const row of rows) {
      const values = columns(row);
      const names = Object.keys(values);
      await queryRunner.query(`UPDATE ${table} SET ${names.map((name) => `${name} = ?`).join(', ')} WHERE ${key} = ?`, [
        ...names.map((name) => values[name]),
        row[key],
      ]);
    }
    last = Number(rows[rows.length - 1][key]);
  }
}

const text = (value: unknown) => (value === null || value === undefined ? null : String(value));

/** Recomputes the search columns of every company and app user (after their format changed). */
export async function rebuildSearchColumns(queryRunner: QueryRunner): Promise<void> {
  await rewrite(
    queryRunner,
    'SELECT t.enterprise_id, t.razao, t.fantasia, t.cnpj, t.inscricao_estadual, t.bairro, c.name AS city_name, c.code AS uf FROM enterprises t LEFT JOIN cities c ON c.city_id = t.city_id',
    'enterprises',
    'enterprise_id',
    (row) => {
      const columns = enterpriseSearchColumns({
        razao: String(row.razao),
        fantasia: String(row.fantasia),
        cnpj: String(row.cnpj),
        inscricaoEstadual: text(row.inscricao_estadual),
        bairro: text(row.bairro),
        cityName: text(row.city_name),
        uf: text(row.uf),
      });
      return { search_text: columns.searchText };
    },
  );
  await rewrite(
    queryRunner,
    'SELECT t.user_id, t.firstname, t.lastname, t.email, t.cpf, e.razao, e.fantasia, g.name AS cargo FROM app_users t LEFT JOIN enterprises e ON e.enterprise_id = t.enterprise_id LEFT JOIN cargos g ON g.cargo_id = t.cargo_id',
    'app_users',
    'user_id',
    (row) => {
      const company = row.fantasia === null || row.fantasia === undefined ? null : { razao: String(row.razao), fantasia: String(row.fantasia) };
      const columns = appUserSearchColumns({
        firstname: String(row.firstname),
        lastname: String(row.lastname),
        email: text(row.email),
        cpf: text(row.cpf),
        company,
        cargo: text(row.cargo),
      });
      return { search_text: columns.searchText, org_search: columns.orgSearch };
    },
  );
}
