import type { MigrationInterface, QueryRunner } from 'typeorm';
import { describe, expect, it } from 'vitest';
import { listSchema, type Dialect } from '../../src/database/list-schema/v1/index.js';
import { MIGRATIONS } from '../../src/database/migrations/index.js';
import { appListResources } from '../support/list-resources.js';

/** The connection type each dialect's migrations see. */
const CONNECTION_TYPE: Record<Dialect, string> = { mysql: 'mysql', sqlite: 'better-sqlite3' };

/** A value of a schema-API call (Table, TableIndex...) as one line of JSON, without its unset fields. */
const described = (value: unknown) => JSON.stringify(value, (_key, field: unknown) => (Array.isArray(field) && field.length === 0 ? undefined : field));

/**
 * A query runner that runs nothing and writes down what a migration asks of it: each SQL statement as it is
 * sent, and each call of TypeORM's schema API (createTable, createIndex...) with what it was given, the
 * declaration TypeORM turns into each database's SQL. A query answers no rows.
 */
function recordingRunner(dialect: Dialect): { runner: QueryRunner; lines: string[] } {
  const lines: string[] = [];
  const runner = new Proxy(
    {},
    {
      get(_target, property) {
        if (property === 'connection') return { options: { type: CONNECTION_TYPE[dialect] } };
        if (typeof property !== 'string' || property === 'then') return undefined;
        return async (...args: unknown[]) => {
          if (property === 'query') {
            const [sql, parameters] = args as [string, unknown[] | undefined];
            lines.push(`${sql};${parameters?.length ? ` -- parameters ${described(parameters)}` : ''}`);
            return [];
          }
          lines.push(`-- queryRunner.${property}(${args.map(described).join(', ')})`);
          return undefined;
        };
      },
    },
  );
  return { runner: runner as QueryRunner, lines };
}

async function shippedSql(dialect: Dialect): Promise<string> {
  const sections: string[] = [];
  for (const Migration of MIGRATIONS) {
    const migration: MigrationInterface = new Migration();
    for (const direction of ['up', 'down'] as const) {
      const { runner, lines } = recordingRunner(dialect);
      await migration[direction](runner);
      sections.push(`-- ${migration.name} ${direction}\n${lines.join('\n')}\n`);
    }
  }
  return sections.join('\n');
}

function builderSql(dialect: Dialect): string {
  return appListResources()
    .flatMap((resource) => {
      const { up, down } = listSchema(dialect, resource);
      return [`-- ${resource.table} up\n${up.map((sql) => `${sql};`).join('\n')}\n`, `-- ${resource.table} down\n${down.map((sql) => `${sql};`).join('\n')}\n`];
    })
    .join('\n');
}

// A shipped migration is history: what it runs must never change, on either database. These files are what each
// one runs; a change here is a changed migration (write a new one instead). `vitest -u` rewrites them: only for
// a new migration, whose lines are then the only ones added.
describe('the SQL of the shipped migrations', () => {
  for (const dialect of ['sqlite', 'mysql'] as const) {
    it(`is what it was when they shipped, on ${dialect}`, async () => {
      await expect(await shippedSql(dialect)).toMatchFileSnapshot(`./__snapshots__/shipped-migrations.${dialect}.sql`);
    });
  }
});

// Version 1 of the list schema builders is frozen once a migration calls it: the same declarations must always
// give the same SQL. A different rule is a v2 beside it.
describe('the SQL of the list schema builders v1', () => {
  for (const dialect of ['sqlite', 'mysql'] as const) {
    it(`for the app's three lists is what v1 has always written, on ${dialect}`, async () => {
      await expect(builderSql(dialect)).toMatchFileSnapshot(`./__snapshots__/list-schema-v1.${dialect}.sql`);
    });
  }

  it('refuses a declaration it cannot write correctly', () => {
    const [enterprises] = appListResources();
    expect(() => listSchema('mysql', { ...enterprises, table: 'Empresas; DROP TABLE admins' })).toThrow(/not a lower-case identifier/);
    expect(() => listSchema('mysql', { ...enterprises, orders: ['a_column_name_long_enough_to_make_its_status_index_name_too_long_for_mysql'] })).toThrow(
      /at most 64 characters/,
    );
    expect(() => listSchema('sqlite', { ...enterprises, walk: { order: 'created_at', search: 'razao' } })).toThrow(/not a declared search column/);
    const ownRows = { via: 'parent_id', table: enterprises.table, key: 'enterprise_id', columns: ['fantasia'] };
    expect(() => listSchema('mysql', { ...enterprises, sorts: [{ column: 'parent_sort', length: 150, lookup: ownRows }] })).toThrow(
      /cannot look up its own rows/,
    );
  });
});
