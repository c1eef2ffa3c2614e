import { checkedName, checkResource, type Dialect, type ListResource, type Statements } from './declaration.js';

interface Index {
  name: string;
  columns: string[];
}

/** The ordering indexes of a list: each order with the key as its tie-break, alone and per status tab. */
export function listIndexDefinitions(resource: ListResource): Index[] {
  const { table, key, status } = resource;
  const indexes: Index[] = [];
  for (const order of resource.orders ?? []) {
    if (order === status) {
      indexes.push({ name: `idx_${table}_${order}`, columns: [status, key] });
      continue;
    }
    indexes.push({ name: `idx_${table}_${order}`, columns: [order, key] });
    indexes.push({ name: `idx_${table}_${status}_${order}`, columns: [status, order, key] });
  }
  if (resource.walk) {
    const { order, covers = [], search } = resource.walk;
    indexes.push({ name: `idx_${table}_${order}_walk`, columns: [order, key, ...covers, search] });
  }
  return indexes.map((index) => ({ ...index, name: checkedName(index.name, 'index') }));
}

/**
 * The indexes a list reads: every order in both directions without sorting (the key last, as the tie-break),
 * a variant per status tab, the search's walk index, and on MySQL/MariaDB a FULLTEXT index per search column
 * (unless it says `fulltext: false`). SQLite has no FULLTEXT: there the search walks an order's index.
 */
export function listIndexes(dialect: Dialect, resource: ListResource): Statements {
  checkResource(resource);
  const { table } = resource;
  const indexes = listIndexDefinitions(resource);
  const fulltext = dialect === 'mysql' ? (resource.search ?? []).filter((search) => search.fulltext !== false) : [];
  const fulltextName = (column: string) => checkedName(`ft_${table}_${column}`, 'index');
  return {
    up: [
      ...indexes.map((index) => `CREATE INDEX ${index.name} ON ${table} (${index.columns.join(', ')})`),
      ...fulltext.map((search) => `ALTER TABLE ${table} ADD FULLTEXT INDEX ${fulltextName(search.column)} (${search.column})`),
    ],
    down: [
      ...fulltext.map((search) => `ALTER TABLE ${table} DROP INDEX ${fulltextName(search.column)}`),
      ...indexes.map((index) => (dialect === 'mysql' ? `DROP INDEX ${index.name} ON ${table}` : `DROP INDEX ${index.name}`)),
    ],
  };
}
