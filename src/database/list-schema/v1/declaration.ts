/** The SQL dialects the builders write: MySQL/MariaDB, or SQLite. */
export type Dialect = 'mysql' | 'sqlite';

/** The dialect a migration runs on, from its query runner's connection. */
export function dialectOf(queryRunner: { connection: { options: { type: string } } }): Dialect {
  return ['mysql', 'mariadb'].includes(queryRunner.connection.options.type) ? 'mysql' : 'sqlite';
}

/** Statements that make something (`up`, in order) and take it away again (`down`, in order). */
export interface Statements {
  up: string[];
  down: string[];
}

/**
 * Another table's row read through a column of this one, e.g. a company's city: `{ via: 'city_id', table:
 * 'cities', key: 'city_id', columns: ['name', 'code'] }`. Its columns are read as text joined with spaces.
 */
export interface Lookup {
  /** The column of this table that holds the other row's key. */
  via: string;
  table: string;
  key: string;
  columns: string[];
}

/**
 * A column of words that the search box matches with `LIKE '% term%'` (every term starts a word): the words of
 * `words` (lower case, accents folded, punctuation made spaces, each after a space) and every ending of 4
 * characters or more of each of `documents`, so any part of a CPF, CNPJ or phone number is found.
 */
export interface SearchColumn {
  column: string;
  /** Its varchar length; the text is cut there. */
  length: number;
  /**
   * Columns of the row, or of a looked-up row. A looked-up row is read when this row is written: a later change
   * of that row is not followed, so look up reference data (cities, cargos) only.
   */
  words: (string | Lookup)[];
  /** Document numbers: the column, and how many of its endings are kept (its longest length less 3). */
  documents?: { column: string; endings: number }[];
  /** MySQL/MariaDB: a FULLTEXT index over the column, which finds the rows of rare words (default true). */
  fulltext?: boolean;
}

/** A column the lists order by: text folded to lower case without accents, so 'Álvaro' sorts with 'alvaro'. */
export type SortColumn =
  | {
      column: string;
      length: number;
      /** Columns of the row, joined with spaces (e.g. first and last name). */
      from: string[];
    }
  | {
      column: string;
      length: number;
      /** A looked-up row's columns (e.g. a user's company name, for ordering users by company); '' without one. */
      lookup: Lookup;
      /**
       * Whether a change of the looked-up row is copied to the rows that point to it (a company renamed moves
       * its users in the order). Reference data that never changes can leave it out.
       */
      follows?: boolean;
    };

/** Rows per parent (e.g. users per company), kept in a table of their own: (parent key, total). */
export interface PerParentCount {
  /** The column of this table that holds the parent's key. */
  column: string;
  parent: { table: string; key: string };
  /** The table that keeps the totals, created by the builder, with an index on `total` (top-N reads). */
  table: string;
  /** The `row_counts` subject (bucket '') of the rows without a parent, e.g. 'app_users.no_enterprise'. */
  without: string;
}

/** What the kept counts of a table count besides rows per status and per São Paulo day. */
export interface KeptCountsDeclaration {
  /** The name counts are kept under in row_counts and daily_counts (default: the table), 32 characters at most. */
  subject?: string;
  perParent?: PerParentCount[];
}

/**
 * What a listed resource declares: the table, its key, the status its tabs filter on, when a row was
 * registered, and the columns its search and orders read. The status column's values are the count buckets as
 * stored (1/0, 'pendente'/'respondido'...), so they need not be listed.
 */
export interface ListResource {
  table: string;
  /** The primary key: the tie-break of every order. */
  key: string;
  status: string;
  /** A UTC datetime column: the per-day counts (registration date filters, dashboard series). */
  registeredAt: string;
  /** Kept counts (row_counts, daily_counts); `false` for none. Default: rows per status and per day. */
  counts?: KeptCountsDeclaration | false;
  search?: SearchColumn[];
  sorts?: SortColumn[];
  /**
   * The columns the list orders by (natural columns or sort columns): each gets an index (column, key) and one
   * per status tab (status, column, key), read in both directions.
   */
  orders?: string[];
  /**
   * An index for a search that walks the list's default order until a page of rows matches: (order, key,
   * ...covers, search), so the walk reads the index alone. `covers` are the other columns the search tests.
   */
  walk?: { order: string; covers?: string[]; search: string };
}

const IDENTIFIER = /^[a-z][a-z0-9_]*$/;
/** MySQL's limit for the name of a table, column, index or trigger. */
const NAME_MAX = 64;
/** row_counts.subject is varchar(40): the subject plus '.version'. */
const SUBJECT_MAX = 32;

/** A name the builders write into SQL: plain lower-case identifiers only, within MySQL's length. */
export function checkedName(name: string, what: string): string {
  if (!IDENTIFIER.test(name) || name.length > NAME_MAX)
    throw new Error(`list schema: ${what} '${name}' is not a lower-case identifier of at most ${NAME_MAX} characters`);
  return name;
}

/** Refuses a declaration the builders cannot write correctly, naming what is wrong. */
export function checkResource(resource: ListResource): void {
  const { table } = resource;
  for (const name of [table, resource.key, resource.status, resource.registeredAt]) checkedName(name, 'name');
  const lookups: Lookup[] = [];
  const kept = new Set<string>();
  for (const search of resource.search ?? []) {
    checkedName(search.column, 'search column');
    kept.add(search.column);
    for (const source of search.words) {
      if (typeof source === 'string') checkedName(source, 'column');
      else lookups.push(source);
    }
    for (const document of search.documents ?? []) checkedName(document.column, 'document column');
  }
  for (const sort of resource.sorts ?? []) {
    checkedName(sort.column, 'sort column');
    kept.add(sort.column);
    if ('from' in sort) for (const column of sort.from) checkedName(column, 'column');
    else lookups.push(sort.lookup);
  }
  for (const lookup of lookups) {
    for (const name of [lookup.via, lookup.table, lookup.key, ...lookup.columns]) checkedName(name, 'lookup name');
    // MySQL cannot fill a column from a subquery on the table being updated (error 1093).
    if (lookup.table === table) throw new Error(`list schema: ${table} cannot look up its own rows`);
  }
  for (const column of [...(resource.orders ?? []), ...(resource.walk ? [resource.walk.order, resource.walk.search, ...(resource.walk.covers ?? [])] : [])]) {
    checkedName(column, 'index column');
  }
  if (resource.counts) {
    const subject = resource.counts.subject ?? table;
    if (!IDENTIFIER.test(subject) || subject.length > SUBJECT_MAX)
      throw new Error(`list schema: subject '${subject}' must be an identifier of at most ${SUBJECT_MAX} characters`);
    for (const parent of resource.counts.perParent ?? []) {
      for (const name of [parent.column, parent.parent.table, parent.parent.key, parent.table]) checkedName(name, 'per-parent name');
      if (!/^[a-z][a-z0-9_.]*$/.test(parent.without) || parent.without.length > 40)
        throw new Error(`list schema: subject '${parent.without}' is too long or not a name`);
    }
  }
  if (resource.walk && !kept.has(resource.walk.search))
    throw new Error(`list schema: the walk index's search column '${resource.walk.search}' is not a declared search column`);
}
