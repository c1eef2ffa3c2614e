import { differs, saoPauloDay } from './expressions.js';
import { checkedName, checkResource, type Dialect, type ListResource, type PerParentCount, type Statements } from './declaration.js';

type Row = 'NEW' | 'OLD';

/** `INSERT ... SELECT ... WHERE condition` adding `delta` to a kept count, creating its row if needed. */
function add(dialect: Dialect, table: string, keys: Record<string, string>, delta: string, condition = '1 = 1'): string {
  const columns = Object.keys(keys);
  const upsert =
    dialect === 'mysql'
      ? 'ON DUPLICATE KEY UPDATE total = total + VALUES(total)'
      : `ON CONFLICT(${columns.join(', ')}) DO UPDATE SET total = total + excluded.total`;
  return `INSERT INTO ${table} (${columns.join(', ')}, total) SELECT ${Object.values(keys).join(', ')}, ${delta}${dialect === 'mysql' ? ' FROM DUAL' : ''} WHERE ${condition} ${upsert}`;
}

function trigger(dialect: Dialect, name: string, event: 'INSERT' | 'UPDATE' | 'DELETE', table: string, statements: string[]): string {
  const each = dialect === 'mysql' ? ' FOR EACH ROW' : '';
  return `CREATE TRIGGER ${name} AFTER ${event} ON ${table}${each} BEGIN ${statements.map((statement) => `${statement};`).join(' ')} END`;
}

/** The names of a table's count triggers, and of the trigger a per-parent count puts on its parent (MySQL). */
export function keptCountTriggers(table: string) {
  return {
    insert: checkedName(`trg_${table}_counts_insert`, 'trigger'),
    update: checkedName(`trg_${table}_counts_update`, 'trigger'),
    delete: checkedName(`trg_${table}_counts_delete`, 'trigger'),
    parentDelete: (parent: PerParentCount) => checkedName(`trg_${parent.table}_parent_delete`, 'trigger'),
  };
}

/**
 * The counts a table's lists, counters and charts read instead of counting rows (see KeptCounts in
 * src/database/kept-counts.ts), kept by AFTER triggers in the same transaction as every write, whoever makes it:
 * - `row_counts` (subject '<subject>.status', bucket = the status value): rows per status;
 * - `row_counts` ('<subject>.version', ''): raised by every write, the key of cached search totals;
 * - `daily_counts` ('<subject>', São Paulo day of `registeredAt`, status): rows per day and status;
 * - per parent: rows per parent key in their own table, and the rows without one in row_counts.
 * The rows already there are counted once. Nothing without `counts`.
 */
export function keptCounts(dialect: Dialect, resource: ListResource): Statements {
  checkResource(resource);
  if (resource.counts === false) return { up: [], down: [] };
  const { table, status, registeredAt: day } = resource;
  const subject = resource.counts?.subject ?? table;
  const parents = resource.counts?.perParent ?? [];
  const names = keptCountTriggers(table);

  const counts = (row: Row, sign: string, condition?: string) => [
    add(dialect, 'row_counts', { subject: `'${subject}.status'`, bucket: `${row}.${status}` }, sign, condition),
    add(dialect, 'daily_counts', { subject: `'${subject}'`, day: saoPauloDay(`${row}.${day}`, dialect), bucket: `${row}.${status}` }, sign, condition),
  ];
  // A row's parent; an update only moves its count when the parent changed.
  const perParent = (row: Row, sign: string, update: boolean) =>
    parents.flatMap((parent) => {
      const when = (condition: string) => (update ? `${condition} AND ${differs(`OLD.${parent.column}`, `NEW.${parent.column}`, dialect)}` : condition);
      return [
        add(dialect, 'row_counts', { subject: `'${parent.without}'`, bucket: "''" }, sign, when(`${row}.${parent.column} IS NULL`)),
        add(dialect, parent.table, { [parent.parent.key]: `${row}.${parent.column}` }, sign, when(`${row}.${parent.column} IS NOT NULL`)),
      ];
    });
  const version = add(dialect, 'row_counts', { subject: `'${subject}.version'`, bucket: "''" }, '1');
  const moved = `(${differs(`OLD.${status}`, `NEW.${status}`, dialect)} OR ${differs(`OLD.${day}`, `NEW.${day}`, dialect)})`;

  const up: string[] = [];
  for (const parent of parents) {
    const total = checkedName(`idx_${parent.table}_total`, 'index');
    if (dialect === 'mysql') {
      up.push(`CREATE TABLE ${parent.table} (${parent.parent.key} int NOT NULL PRIMARY KEY, total int NOT NULL DEFAULT 0, KEY ${total} (total)) ENGINE=InnoDB`);
    } else {
      up.push(`CREATE TABLE ${parent.table} (${parent.parent.key} integer PRIMARY KEY NOT NULL, total integer NOT NULL DEFAULT 0)`);
      up.push(`CREATE INDEX ${total} ON ${parent.table} (total)`);
    }
  }
  up.push(
    trigger(dialect, names.insert, 'INSERT', table, [...counts('NEW', '1'), ...perParent('NEW', '1', false), version]),
    trigger(dialect, names.update, 'UPDATE', table, [
      ...counts('OLD', '-1', moved),
      ...counts('NEW', '1', moved),
      ...perParent('OLD', '-1', true),
      ...perParent('NEW', '1', true),
      version,
    ]),
    trigger(dialect, names.delete, 'DELETE', table, [...counts('OLD', '-1'), ...perParent('OLD', '-1', false), version]),
  );
  // MySQL does not fire triggers for foreign-key actions: when a parent is deleted, its rows (set to no parent
  // by the foreign key, ON DELETE SET NULL) are moved to "without" here. SQLite fires this table's update trigger.
  if (dialect === 'mysql') {
    for (const parent of parents) {
      const moveAll = add(
        dialect,
        'row_counts',
        { subject: `'${parent.without}'`, bucket: "''" },
        `COALESCE((SELECT total FROM ${parent.table} WHERE ${parent.parent.key} = OLD.${parent.parent.key}), 0)`,
      );
      up.push(
        trigger(dialect, names.parentDelete(parent), 'DELETE', parent.parent.table, [
          moveAll,
          `DELETE FROM ${parent.table} WHERE ${parent.parent.key} = OLD.${parent.parent.key}`,
        ]),
      );
    }
  }
  up.push(
    `INSERT INTO row_counts (subject, bucket, total) SELECT '${subject}.status', ${status}, COUNT(*) FROM ${table} GROUP BY ${status}`,
    `INSERT INTO row_counts (subject, bucket, total) VALUES ('${subject}.version', '', 0)`,
    `INSERT INTO daily_counts (subject, day, bucket, total) SELECT '${subject}', ${saoPauloDay(day, dialect)}, ${status}, COUNT(*) FROM ${table} GROUP BY ${saoPauloDay(day, dialect)}, ${status}`,
  );
  for (const parent of parents) {
    up.push(
      `INSERT INTO row_counts (subject, bucket, total) SELECT '${parent.without}', '', COUNT(*) FROM ${table} WHERE ${parent.column} IS NULL`,
      `INSERT INTO ${parent.table} (${parent.parent.key}, total) SELECT ${parent.column}, COUNT(*) FROM ${table} WHERE ${parent.column} IS NOT NULL GROUP BY ${parent.column}`,
    );
  }

  const triggers = [names.insert, names.update, names.delete, ...(dialect === 'mysql' ? parents.map(names.parentDelete) : [])];
  const subjects = [`${subject}.status`, `${subject}.version`, ...parents.map((parent) => parent.without)];
  const down = [
    ...triggers.map((name) => `DROP TRIGGER IF EXISTS ${name}`),
    `DELETE FROM row_counts WHERE subject IN (${subjects.map((name) => `'${name}'`).join(', ')})`,
    `DELETE FROM daily_counts WHERE subject = '${subject}'`,
    ...parents.map((parent) => `DROP TABLE ${parent.table}`),
  ];
  return { up, down };
}
