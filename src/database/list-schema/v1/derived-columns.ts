import { addColumn, documentEndings, folded, joined, words } from './expressions.js';
import {
  checkedName,
  checkResource,
  type Dialect,
  type ListResource,
  type Lookup,
  type SearchColumn,
  type SortColumn,
  type Statements,
} from './declaration.js';

/** How a column of the row being written is named in a statement: `NEW.x`, or `table.x` in an UPDATE of it. */
type RowColumn = (column: string) => string;

/** One kept column: its SQL given how the row's columns are named, and the row's columns it reads. */
interface KeptColumn {
  column: string;
  length: number;
  value: (row: RowColumn, dialect: Dialect) => string;
  reads: string[];
  /** A sort column copied from a looked-up row that it follows (MySQL keeps it unless `via` changed). */
  follows?: { lookup: Lookup; fromParent: (parent: RowColumn, dialect: Dialect) => string };
}

/** A looked-up row's `expression` over its columns (named `l.x`), or NULL when there is none. */
const lookedUp = (lookup: Lookup, expression: (column: RowColumn) => string, row: RowColumn) =>
  `(SELECT ${expression((column) => `l.${column}`)} FROM ${lookup.table} l WHERE l.${lookup.key} = ${row(lookup.via)})`;

function searchColumn(search: SearchColumn): KeptColumn {
  return {
    column: search.column,
    length: search.length,
    reads: [
      ...search.words.map((source) => (typeof source === 'string' ? source : source.via)),
      ...(search.documents ?? []).map((document) => document.column),
    ],
    value: (row, dialect) => {
      const parts = search.words.map((source) =>
        typeof source === 'string' ? row(source) : lookedUp(source, (column) => joined(source.columns.map(column), dialect), row),
      );
      const documents = (search.documents ?? []).map((document) => documentEndings(row(document.column), document.endings, dialect));
      return `SUBSTR(${joined(["''", words(joined(parts, dialect), dialect), ...documents], dialect)}, 1, ${search.length})`;
    },
  };
}

function sortColumn(sort: SortColumn): KeptColumn {
  const cut = (text: string) => `SUBSTR(${folded(text)}, 1, ${sort.length})`;
  if ('from' in sort) {
    return { column: sort.column, length: sort.length, reads: sort.from, value: (row, dialect) => cut(joined(sort.from.map(row), dialect)) };
  }
  const { lookup } = sort;
  const fromParent = (parent: RowColumn, dialect: Dialect) => cut(joined(lookup.columns.map(parent), dialect));
  return {
    column: sort.column,
    length: sort.length,
    reads: [lookup.via],
    value: (row, dialect) => `COALESCE(${lookedUp(lookup, (column) => fromParent(column, dialect), row)}, '')`,
    follows: sort.follows ? { lookup, fromParent } : undefined,
  };
}

function keptColumns(resource: ListResource): KeptColumn[] {
  return [...(resource.search ?? []).map(searchColumn), ...(resource.sorts ?? []).map(sortColumn)];
}

const unique = (names: string[]) => [...new Set(names)];

/** The names of a kept column's triggers: on its own table, and on the looked-up table when it follows it. */
export function keptColumnTriggers(table: string, column: string) {
  return {
    insert: checkedName(`trg_${table}_${column}_insert`, 'trigger'),
    update: checkedName(`trg_${table}_${column}_update`, 'trigger'),
    follow: checkedName(`trg_${table}_${column}_follow`, 'trigger'),
  };
}

/**
 * The search and sort columns of a resource, kept by the database: each column is added (varchar, NOT NULL,
 * default ''), filled for the rows already there, and kept by its own triggers on insert and on every change of
 * the columns it reads, whoever writes the row. MySQL/MariaDB set the new row in BEFORE triggers; SQLite cannot
 * change NEW, so AFTER triggers update the row just written. A sort column that follows a looked-up row also
 * gets a trigger on that row's table, which copies a change to the rows pointing to it.
 */
export function derivedColumns(dialect: Dialect, resource: ListResource): Statements {
  checkResource(resource);
  const { table, key } = resource;
  const columns = keptColumns(resource);
  const up: string[] = [];
  const down: string[] = [];
  for (const kept of columns) up.push(addColumn(table, `${kept.column} varchar(${kept.length}) NOT NULL DEFAULT ''`, dialect));
  if (columns.length > 0)
    up.push(`UPDATE ${table} SET ${columns.map((kept) => `${kept.column} = ${kept.value((column) => `${table}.${column}`, dialect)}`).join(', ')}`);
  for (const kept of columns) {
    const names = keptColumnTriggers(table, kept.column);
    if (dialect === 'mysql') {
      const fresh = kept.value((column) => `NEW.${column}`, dialect);
      // A followed copy is read again only when the row points elsewhere: the looked-up row's trigger sets the rest.
      const changed = kept.follows ? `IF(NEW.${kept.follows.lookup.via} <=> OLD.${kept.follows.lookup.via}, NEW.${kept.column}, ${fresh})` : fresh;
      up.push(`CREATE TRIGGER ${names.insert} BEFORE INSERT ON ${table} FOR EACH ROW SET NEW.${kept.column} = ${fresh}`);
      up.push(`CREATE TRIGGER ${names.update} BEFORE UPDATE ON ${table} FOR EACH ROW SET NEW.${kept.column} = ${changed}`);
    } else {
      const set = `UPDATE ${table} SET ${kept.column} = ${kept.value((column) => `${table}.${column}`, dialect)} WHERE ${key} = NEW.${key};`;
      up.push(`CREATE TRIGGER ${names.insert} AFTER INSERT ON ${table} BEGIN ${set} END`);
      up.push(`CREATE TRIGGER ${names.update} AFTER UPDATE OF ${unique(kept.reads).join(', ')} ON ${table} BEGIN ${set} END`);
    }
    if (kept.follows) {
      const { lookup, fromParent } = kept.follows;
      const copied = fromParent((column) => `NEW.${column}`, dialect);
      const copy = `UPDATE ${table} SET ${kept.column} = ${copied} WHERE ${lookup.via} = NEW.${lookup.key} AND ${kept.column} <> ${copied}`;
      up.push(
        dialect === 'mysql'
          ? `CREATE TRIGGER ${names.follow} AFTER UPDATE ON ${lookup.table} FOR EACH ROW ${copy}`
          : `CREATE TRIGGER ${names.follow} AFTER UPDATE OF ${lookup.columns.join(', ')} ON ${lookup.table} BEGIN ${copy}; END`,
      );
    }
    down.push(...[names.insert, names.update, ...(kept.follows ? [names.follow] : [])].map((name) => `DROP TRIGGER IF EXISTS ${name}`));
  }
  for (const kept of [...columns].reverse()) down.push(`ALTER TABLE ${table} DROP COLUMN ${kept.column}`);
  return { up, down };
}
