import type { DataSource, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata.js';
import type { EntityMetadata } from 'typeorm/metadata/EntityMetadata.js';
import { plainQuery } from './plain-query.js';
import { searchTerms } from '../search-text.js';

/**
 * Where a page's rows are read from. Past the middle of a list they are read from its end in the reverse
 * order, so that the last page of a million rows costs what the first does (the total is exact: kept counts).
 */
export interface PageWindow {
  offset: number;
  limit: number;
  reversed: boolean;
}

export function pageWindow(page: number, pageSize: number, total: number): PageWindow {
  return windowWithin((page - 1) * pageSize, pageSize, total);
}

/** Rows `offset` to `offset + limit` of `total`, read from the end past the middle. */
export function windowWithin(offset: number, limit: number, total: number): PageWindow {
  if (offset >= total || offset * 2 <= total) return { offset, limit, reversed: false };
  const end = Math.min(total, offset + limit);
  return { offset: total - end, limit: end - offset, reversed: true };
}

/** One part of a list read as parts one after another (a status sort: the active rows, then the inactive). */
export interface ListPart<T> {
  total: number;
  read: (window: PageWindow) => Promise<T[]>;
}

/** A page of the parts laid end to end: each part reads only its share, through its own window. */
export async function readParts<T>(parts: ListPart<T>[], page: number, pageSize: number): Promise<T[]> {
  let offset = (page - 1) * pageSize;
  let wanted = pageSize;
  const rows: T[] = [];
  for (const part of parts) {
    if (wanted <= 0) break;
    if (offset >= part.total) {
      offset -= part.total;
      continue;
    }
    const limit = Math.min(wanted, part.total - offset);
    rows.push(...(await part.read(windowWithin(offset, limit, part.total))));
    wanted -= limit;
    offset = 0;
  }
  return rows;
}

/** A sort's direction as the URL carries it. */
export type SortDirection = 'asc' | 'desc';

/** A column a list is ordered by: its property path (`u.sortName`) and its column (`u.sort_name`). */
export interface OrderColumn {
  path: string;
  column: string;
}

/** The ORDER BY of `columns` then the key, all in one direction (so one index serves it, either way). */
export function orderBy(columns: OrderColumn[], key: OrderColumn, direction: SortDirection): [string, 'ASC' | 'DESC'][] {
  const sql = direction === 'asc' ? 'ASC' : 'DESC';
  return [...columns, key].map((column) => [column.path, sql]);
}

export type StatusTab = 'todos' | 'ativos' | 'inativos';

/** One part of a sorted list: a status tab read in one order (see statusSortParts). */
export interface SortPart {
  status: StatusTab;
  /** The sort's name, for naming kept statements. */
  key: string;
  columns: OrderColumn[];
  direction: SortDirection;
}

/**
 * A list with a status tab, sorted as asked (`ordem`, `sentido`), as parts laid end to end. Each sort but
 * Status is one part in one direction (the key's first direction unless given). Sorting by Status puts the
 * active rows before the inactive ones (after, descending), each in the list's default order (`byStatus`):
 * two index reads, where one ORDER BY would need the status and the other columns in opposite directions.
 */
export function statusSortParts<K extends string>(
  filters: { status?: StatusTab; ordem?: K | 'status'; sentido?: SortDirection },
  sorts: { columns: Record<K, OrderColumn[]>; defaultKey: K; first: (key: K) => SortDirection; byStatus: { columns: OrderColumn[]; direction: SortDirection } },
): SortPart[] {
  const status = filters.status ?? 'todos';
  if (filters.ordem === 'status') {
    const statuses: StatusTab[] = status !== 'todos' ? [status] : filters.sentido === 'desc' ? ['inativos', 'ativos'] : ['ativos', 'inativos'];
    return statuses.map((part) => ({ status: part, key: 'status', ...sorts.byStatus }));
  }
  const key = (filters.ordem ?? sorts.defaultKey) as K;
  return [{ status, key, columns: sorts.columns[key], direction: filters.sentido ?? sorts.first(key) }];
}

/**
 * Every row of `query` in the order of `columns` then `key` (one direction), `batchSize` at a time: each batch
 * is read after the last one's values (a keyset, through the ordering index), so the last batch of a large
 * export costs what the first does and only one batch is in memory.
 */
export async function* keysetBatches<T extends ObjectLiteral>(
  query: () => SelectQueryBuilder<T>,
  columns: OrderColumn[],
  key: OrderColumn,
  direction: SortDirection,
  batchSize = EXPORT_BATCH,
): AsyncGenerator<T[]> {
  const all = [...columns, key];
  const after = direction === 'asc' ? '>' : '<';
  let last: unknown[] | null = null;
  for (;;) {
    const builder = query();
    orderBy(columns, key, direction).forEach(([path, sql], index) => (index === 0 ? builder.orderBy(path, sql) : builder.addOrderBy(path, sql)));
    // In parentheses: a selection that names an entity's property (`c.id`) would take that column from the entity.
    all.forEach((column, index) => builder.addSelect(`(${column.column})`, `keyset_${index}`));
    if (last) {
      const values = last;
      // (a, b, k) after (x, y, z): a > x, or a = x and b > y, or a = x and b = y and k > z.
      const branches = all.map((column, index) =>
        [...all.slice(0, index).map((previous, at) => `${previous.column} = :keyset${at}`), `${column.column} ${after} :keyset${index}`].join(' AND '),
      );
      builder.andWhere(`((${branches.join(') OR (')}))`, Object.fromEntries(values.map((value, index) => [`keyset${index}`, value])));
    }
    const { entities, raw } = await builder.limit(batchSize).getRawAndEntities<Record<string, unknown>>();
    if (entities.length === 0) return;
    yield entities;
    if (entities.length < batchSize) return;
    const row = raw[raw.length - 1];
    last = all.map((_, index) => {
      const value = row[`keyset_${index}`];
      return value instanceof Date ? storedDatetime(value) : value;
    });
  }
}

/** How many rows an export reads at a time (one batch in memory). */
export const EXPORT_BATCH = 1000;

/**
 * A datetime as read raw from its column, ready to be compared with that column again: the stored text itself
 * on SQLite (which compares datetimes as text, so `10:00:00.000` is not equal to `10:00:00`), a UTC Date from
 * MySQL written back as the database keeps it.
 */
export function storedDatetime(raw: unknown): string {
  if (raw instanceof Date) return raw.toISOString().slice(0, 19).replace('T', ' ');
  return String(raw);
}

/** How a page is read besides its window. */
export interface PageReading {
  /**
   * The primary key's property path (e.g. `u.userId`): the page's keys are found first by a statement that
   * reads nothing else, so a walk that checks thousands of rows can stay in an index that holds the filtered
   * columns; then only the page's rows are read, by key (a deferred join).
   */
  deferredBy?: string;
  /**
   * A name for everything the statement depends on besides the window (the list and the values of its
   * filters, e.g. `contacts:pendente`), and the database it runs on: the statement is then built once and
   * kept, and the query builder is only called the first time. Lists with a search box leave it out.
   */
  kept?: { shape: string; on: DataSource };
}

/** The builder of a page's statement: `query` in `order` (property paths), flipped when the window is read from the end. */
function orderedFor<T extends ObjectLiteral>(
  query: SelectQueryBuilder<T> | (() => SelectQueryBuilder<T>),
  order: [string, 'ASC' | 'DESC'][],
  window: PageWindow,
): () => SelectQueryBuilder<T> {
  return () => {
    const builder = typeof query === 'function' ? query() : query;
    const flip = (direction: 'ASC' | 'DESC') => (window.reversed ? (direction === 'ASC' ? 'DESC' : 'ASC') : direction);
    order.forEach(([path, direction], index) => (index === 0 ? builder.orderBy(path, flip(direction)) : builder.addOrderBy(path, flip(direction))));
    return builder;
  };
}

/** Reads a page of `query` (a builder, or what makes one) in `order` (property paths), through `window`. */
export async function readPage<T extends ObjectLiteral>(
  query: SelectQueryBuilder<T> | (() => SelectQueryBuilder<T>),
  order: [string, 'ASC' | 'DESC'][],
  window: PageWindow,
  reading: PageReading = {},
): Promise<T[]> {
  const ordered = orderedFor(query, order, window);
  let rows: T[];
  if (reading.kept && !reading.deferredBy) {
    rows = await readKept(ordered, reading.kept.on, `${reading.kept.shape}|${window.reversed ? 'end' : 'start'}`, window);
  } else {
    // offset/limit, not skip/take: joins here are many-to-one, so rows never repeat.
    const builder = ordered().offset(window.offset).limit(window.limit);
    rows = reading.deferredBy ? await readDeferred(builder, reading.deferredBy) : await readEntities(builder);
  }
  return window.reversed ? rows.reverse() : rows;
}

/** One more value a page's statement reads beside its rows: an SQL expression and its named parameters. */
export interface PageColumn {
  /** Names the column in the kept statements' shapes. */
  name: string;
  sql: string;
  parameters: Record<string, unknown>;
}

/** The alias of readPageWith's column. */
const PAGE_COLUMN = 'page_column';

/**
 * A page read through a kept statement (a reading with `kept` and no deferredBy) with `column` read by the same
 * statement: the rows and the column's value (undefined when the page is empty), from one snapshot of the
 * database; null when the rows cannot be read this way (no hydrator), for the caller to read them with readPage.
 */
export async function readPageWith<T extends ObjectLiteral>(
  query: SelectQueryBuilder<T> | (() => SelectQueryBuilder<T>),
  order: [string, 'ASC' | 'DESC'][],
  window: PageWindow,
  kept: NonNullable<PageReading['kept']>,
  column: PageColumn,
): Promise<{ rows: T[]; value: unknown } | null> {
  const ordered = orderedFor(query, order, window);
  const build = () => ordered().addSelect(column.sql, PAGE_COLUMN).setParameters(column.parameters);
  const statement = keptStatement(build, kept.on, `${kept.shape}|${column.name}|${window.reversed ? 'end' : 'start'}`);
  if (!statement.hydrate) return null;
  const raw = await plainQuery<Record<string, unknown>>(kept.on, statement.sql + windowSql(window), statement.parameters);
  const rows = statement.hydrate(raw) as T[];
  return { rows: window.reversed ? rows.reverse() : rows, value: raw[0]?.[PAGE_COLUMN] };
}

/** A page statement without its window, and how its rows become entities (null: through getMany). */
interface KeptStatement {
  sql: string;
  parameters: unknown[];
  hydrate: Hydrator | null;
}

/** How many statements are kept per database (a list's filters have few values: status tabs, date ranges). */
const KEPT_STATEMENTS = 500;
const keptStatements = new WeakMap<DataSource, Map<string, KeptStatement>>();

/** The kept statement of `shape` on a database, built by `build` the first time it is asked for. */
function keptStatement(build: () => SelectQueryBuilder<ObjectLiteral>, on: DataSource, shape: string): KeptStatement {
  let byShape = keptStatements.get(on);
  if (!byShape) keptStatements.set(on, (byShape = new Map()));
  let statement = byShape.get(shape);
  if (!statement) {
    const builder = build();
    const [sql, parameters] = builder.getQueryAndParameters();
    statement = { sql, parameters, hydrate: hydrator(builder) };
    if (byShape.size >= KEPT_STATEMENTS) byShape.delete(byShape.keys().next().value as string);
    byShape.set(shape, statement);
  }
  return statement;
}

/** A window as the LIMIT and OFFSET of a statement (whole numbers, written into it). */
function windowSql(window: PageWindow): string {
  return ` LIMIT ${Math.trunc(window.limit)} OFFSET ${Math.trunc(window.offset)}`;
}

/**
 * A page through a kept statement: built by the query builder the first time its shape is read on this
 * database, then run as it is, with the window's LIMIT and OFFSET added.
 */
async function readKept<T extends ObjectLiteral>(build: () => SelectQueryBuilder<T>, on: DataSource, shape: string, window: PageWindow): Promise<T[]> {
  const statement = keptStatement(build, on, shape);
  if (!statement.hydrate) return build().offset(window.offset).limit(window.limit).getMany();
  return statement.hydrate(await plainQuery<Record<string, unknown>>(on, statement.sql + windowSql(window), statement.parameters)) as T[];
}

/** The page's keys by one statement, then their rows by key, in the keys' order. */
async function readDeferred<T extends ObjectLiteral>(query: SelectQueryBuilder<T>, keyPath: string): Promise<T[]> {
  const [sql, parameters] = query.clone().select(keyPath, 'page_key').getQueryAndParameters();
  const keys = (await plainQuery<{ page_key: number | string }>(query.connection, sql, parameters)).map((row) => Number(row.page_key));
  if (keys.length === 0) return [];
  const metadata = query.expressionMap.mainAlias!.metadata;
  const property = keyPath.slice(keyPath.indexOf('.') + 1);
  const rows = await readEntities(
    query.connection.createQueryBuilder<T>(metadata.target as new () => T, query.alias).where(`${keyPath} IN (:...pageKeys)`, { pageKeys: keys }),
  );
  const byKey = new Map(rows.map((row) => [Number(row[property]), row]));
  return keys.map((key) => byKey.get(key)).filter((row): row is T => row !== undefined);
}

/** Turns a statement's raw rows into entities. */
type Hydrator = (raw: Record<string, unknown>[]) => ObjectLiteral[];

/** The main alias's columns as the statement names them (`u_user_id`), per entity and alias. */
const hydratedColumns = new WeakMap<EntityMetadata, Map<string, HydratedColumn[] | null>>();

/** A column as a page's rows read it: its alias in the statement, and whether its value is stored as it comes. */
type HydratedColumn = [alias: string, column: ColumnMetadata, asIs: boolean];

/**
 * The column types whose values the drivers convert when they read them (MySQL's and SQLite's
 * prepareHydratedValue): dates, booleans, JSON, arrays, enums. Any other type named by a string (varchar,
 * integer…) is returned as the database client gave it, so it is stored without the call.
 */
const CONVERTED_TYPES = new Set(['bool', 'boolean', 'datetime', 'date', 'time', 'json', 'jsonb', 'simple-json', 'simple-array', 'enum', 'simple-enum', 'set']);

/** Whether a column's value goes into the entity as the database client gave it (what the driver would do). */
function storedAsIs(column: ColumnMetadata): boolean {
  return typeof column.type === 'string' && !CONVERTED_TYPES.has(column.type) && !column.transformer && !column.embeddedMetadata;
}

/**
 * How the rows of `query` become entities from the main alias's columns, with the driver's own conversions,
 * as TypeORM's getMany does for a query without selected joins (the lists' joins only filter); null for
 * anything else, or a column alias the driver would shorten, which then goes through getMany.
 */
function hydrator<T extends ObjectLiteral>(query: SelectQueryBuilder<T>): Hydrator | null {
  const metadata = query.expressionMap.mainAlias?.metadata;
  const driver = query.connection.driver;
  if (!metadata || query.expressionMap.joinAttributes.some((join) => join.isSelected)) return null;
  let perAlias = hydratedColumns.get(metadata);
  if (!perAlias) hydratedColumns.set(metadata, (perAlias = new Map()));
  let columns = perAlias.get(query.alias);
  if (columns === undefined) {
    const named = metadata.columns
      .filter((column) => !column.isVirtual)
      .map((column): HydratedColumn => [`${query.alias}_${column.databaseName}`, column, storedAsIs(column)]);
    columns = named.every(([alias]) => !driver.maxAliasLength || alias.length <= driver.maxAliasLength) ? named : null;
    perAlias.set(query.alias, columns);
  }
  if (!columns) return null;
  const hydrated = columns;
  return (raw) =>
    raw.map((row) => {
      const entity = metadata.create() as ObjectLiteral;
      for (const [alias, column, asIs] of hydrated) {
        const value = row[alias];
        if (value === undefined) continue;
        if (asIs) entity[column.propertyName] = value;
        else column.setEntityValue(entity, driver.prepareHydratedValue(value, column));
      }
      return entity;
    });
}

/** A list page's rows: the statement the builder wrote, read with plainQuery (no query runner per call). */
async function readEntities<T extends ObjectLiteral>(query: SelectQueryBuilder<T>): Promise<T[]> {
  const hydrate = hydrator(query);
  if (!hydrate) return query.getMany();
  const [sql, parameters] = query.getQueryAndParameters();
  return hydrate(await plainQuery<Record<string, unknown>>(query.connection, sql, parameters)) as T[];
}

/** InnoDB's default FULLTEXT stopwords: never indexed, so never asked of the index. */
const FULLTEXT_STOPWORDS = new Set([
  'about',
  'are',
  'com',
  'for',
  'from',
  'how',
  'that',
  'the',
  'this',
  'was',
  'what',
  'when',
  'where',
  'who',
  'will',
  'with',
  'und',
  'www',
]);
/** InnoDB indexes words of 3 characters or more (innodb_ft_min_token_size). */
const FULLTEXT_MIN_WORD = 3;

/** A search box's terms, and the FULLTEXT boolean query that finds candidate rows for them (MySQL). */
export interface TextSearch {
  /** Whether the box holds anything; text without a letter or digit matches nothing. */
  active: boolean;
  terms: string[];
  /** `+term* +term*` over the terms the index holds (rows with all of them); null when none is long enough. */
  fulltext: string | null;
  /** `term* term*`: rows with any of those terms. */
  fulltextAny: string | null;
}

export function textSearch(busca: string | undefined): TextSearch {
  const terms = searchTerms(busca ?? '');
  const indexed = terms.filter((term) => term.length >= FULLTEXT_MIN_WORD && !FULLTEXT_STOPWORDS.has(term));
  return {
    active: (busca ?? '').trim() !== '',
    terms,
    fulltext: indexed.length > 0 ? indexed.map((term) => `+${term}*`).join(' ') : null,
    fulltextAny: indexed.length > 0 ? indexed.map((term) => `${term}*`).join(' ') : null,
  };
}

/**
 * Rows where every term is matched by one of the conditions `matches` gives for it (`param` is the bound
 * `% term%`, the rule "a word of a search column starts with the term"). Text without a letter or digit
 * matches nothing.
 */
export function whereEveryTerm<T extends ObjectLiteral>(
  query: SelectQueryBuilder<T>,
  search: TextSearch,
  matches: (param: string, term: string) => string[],
): void {
  if (search.active && search.terms.length === 0) query.andWhere('1 = 0');
  search.terms.forEach((term, index) => {
    query.andWhere(`(${matches(`:term${index}`, term).join(' OR ')})`, { [`term${index}`]: `% ${term}%` });
  });
}

/**
 * Rows where every term starts a word of one of `columns` (kept by the database as words a space apart, so
 * `% term%` is exactly that rule). With `fulltext`, the FULLTEXT index over the same columns picks the
 * candidates first.
 */
export function whereTextSearch<T extends ObjectLiteral>(query: SelectQueryBuilder<T>, columns: string[], search: TextSearch, fulltext: boolean): void {
  whereEveryTerm(query, search, (param) => columns.map((column) => `${column} LIKE ${param}`));
  if (fulltext && search.fulltext) query.andWhere(`MATCH(${columns.join(', ')}) AGAINST (:fulltext IN BOOLEAN MODE)`, { fulltext: search.fulltext });
}

/**
 * Whether to let the FULLTEXT index find a search's rows, or to walk the list's ordering index and test each
 * row: walking wins while the page's rows are found among the first few thousand, i.e. for common words.
 */
export function preferFulltext(search: TextSearch, window: PageWindow, matches: number, scanned: number): boolean {
  if (!search.fulltext) return false;
  const rowsToWalk = ((window.offset + window.limit) * scanned) / Math.max(1, matches);
  return rowsToWalk > 20_000;
}
