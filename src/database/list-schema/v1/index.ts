import { type Dialect, type ListResource, type Statements } from './declaration.js';
import { derivedColumns } from './derived-columns.js';
import { keptCounts } from './kept-counts.js';
import { listIndexes } from './list-indexes.js';

/*
 * Version 1 of the list schema builders: the SQL that makes a table a back-office list (kept counts, search and
 * sort columns kept by triggers, ordering indexes), for MySQL/MariaDB and SQLite, from a declaration.
 *
 * A migration that calls these builders runs what they write on the day it runs, so once a migration calls v1,
 * v1's output is frozen (test/unit/shipped-migrations.spec.ts snapshots it): a different rule is a v2 beside it,
 * and new migrations call v2 while the old ones keep v1.
 */

export type { Dialect, ListResource, Lookup, PerParentCount, SearchColumn, SortColumn, Statements, KeptCountsDeclaration } from './declaration.js';
export { dialectOf } from './declaration.js';
export { derivedColumns } from './derived-columns.js';
export { keptCounts } from './kept-counts.js';
export { listIndexes } from './list-indexes.js';

/**
 * Everything a list resource declares: search and sort columns with their triggers, the kept counts, then the
 * indexes (`up`); `down` takes them away in the reverse order. The table and its natural columns must exist.
 */
export function listSchema(dialect: Dialect, resource: ListResource): Statements {
  const parts = [derivedColumns(dialect, resource), keptCounts(dialect, resource), listIndexes(dialect, resource)];
  return { up: parts.flatMap((part) => part.up), down: parts.reverse().flatMap((part) => part.down) };
}
