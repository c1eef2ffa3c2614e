import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { bucketsColumn, parseBuckets } from '../../database/kept-counts.js';
import { DEFAULT_PAGE_SIZE } from '../http/page.query.js';
import {
  EXPORT_BATCH,
  keysetBatches,
  orderBy,
  readPage,
  readPageWith,
  readParts,
  windowWithin,
  type OrderColumn,
  type PageReading,
  type PageWindow,
  type SortDirection,
} from '../sql/list-query.js';

/**
 * One run of a list's order: the rows of one status tab in one order, laid end to end with the others (a sort
 * by Status reads each tab in turn; any other sort is one run).
 */
export interface ListRun<Row extends ObjectLiteral> {
  /** How many rows the run holds (a kept or remembered count). */
  total: number;
  columns: OrderColumn[];
  direction: SortDirection;
  /** The run's rows for a page's window, unordered, and how the page is read (kept statement, deferred join). */
  page(window: PageWindow): Promise<{ query: () => SelectQueryBuilder<Row>; reading?: PageReading }>;
  /** The run's rows for an export, unordered (read in keyset batches). */
  all(): () => SelectQueryBuilder<Row>;
}

/** The filters every list takes; each resource adds its own (search, dates…). */
export interface ListFilters {
  page?: number;
  pageSize?: number;
}

/** A page of a list: its rows, how many match the filters, and where it is. */
export interface ListPage<View> {
  data: View[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * What a resource's list reads, declared once per resource: the key that breaks ties, the counts per tab, the
 * runs of a filter's order, the rows a bulk change selects and the rows' views. The list page, the export and
 * the bulk change of every resource are read from it by the functions below.
 */
export interface ListSource<Row extends ObjectLiteral, View, Filters extends ListFilters, Counts> {
  readonly key: OrderColumn;
  /** How many rows each tab holds under the filters (kept counts, or remembered ones for a search). */
  counts(filters: Filters): Promise<Counts>;
  /** How many rows the filters' tab holds, from its counts. */
  total(counts: Counts, filters: Filters): number;
  /** The runs of the filters' order. */
  runs(filters: Filters, counts: Counts | null): Promise<ListRun<Row>[]>;
  /** The rows' views, as the API answers them. */
  views(rows: Row[]): Promise<View[]>;
  /** Every row of the filters and search, unordered: what "Selecionar todos os N resultados" selects. */
  selection?(filters: Filters, everyRow: boolean): Promise<() => SelectQueryBuilder<Row>>;
  /**
   * When the filters' counts are kept counts alone (no search): their subject and how its buckets make the
   * counts, so that a page can read its rows and its counts in one statement (listPage); null otherwise.
   */
  countsKept?(filters: Filters): KeptCountsOf<Counts> | null;
}

/** Counts made of one subject's kept counts (e.g. `contacts.status`: rows per status). */
export interface KeptCountsOf<Counts> {
  subject: string;
  counts(buckets: Map<string, number>): Counts;
}

/** A page of a resource's list under its filters, with the total that match them. */
export async function listPage<Row extends ObjectLiteral, View, Filters extends ListFilters, Counts>(
  source: ListSource<Row, View, Filters, Counts>,
  filters: Filters,
): Promise<ListPage<View>> {
  const page = filters.page ?? 1;
  const pageSize = filters.pageSize ?? DEFAULT_PAGE_SIZE;
  const kept = source.countsKept?.(filters) ?? null;
  if (kept) {
    const read = await pageWithCounts(source, filters, kept, page, pageSize);
    if (read) return read;
  }
  const counts = await source.counts(filters);
  if (kept) lastCounts(source).set(kept.subject, counts);
  const runs = await source.runs(filters, counts);
  const rows = await readParts(
    runs.map((run) => ({
      total: run.total,
      read: async (window: PageWindow) => {
        const { query, reading } = await run.page(window);
        return readPage(query, orderBy(run.columns, source.key, run.direction), window, reading);
      },
    })),
    page,
    pageSize,
  );
  return { data: await source.views(rows), total: source.total(counts, filters), page, pageSize };
}

/** The counts each source last read, per kept subject: the guess a page's window starts from. */
const lastSeen = new WeakMap<object, Map<string, unknown>>();

function lastCounts(source: object): Map<string, unknown> {
  let seen = lastSeen.get(source);
  if (!seen) lastSeen.set(source, (seen = new Map()));
  return seen;
}

/** Whether two counts (flat records of numbers) are equal. */
function sameCounts(a: unknown, b: unknown): boolean {
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return a === b;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  return keys.length === Object.keys(right).length && keys.every((key) => left[key] === right[key]);
}

function sameWindow(a: PageWindow | null, b: PageWindow | null): boolean {
  return a === b || (a !== null && b !== null && a.offset === b.offset && a.limit === b.limit && a.reversed === b.reversed);
}

/** The window of a page in a list of one run (what readParts reads), or null when the page is past its end. */
function runWindow(page: number, pageSize: number, total: number): PageWindow | null {
  const offset = (page - 1) * pageSize;
  return offset < total ? windowWithin(offset, Math.min(pageSize, total - offset), total) : null;
}

/**
 * A page of a list whose counts are kept counts, in one statement: the window is laid out from the counts this
 * instance last read, the statement reads the page's rows and the current counts together (one snapshot), and
 * the page stands when those counts lay out the same window. Null when it does not, or when the page is empty or
 * is not one run read through a kept statement: listPage then reads the counts first, as for any list.
 */
async function pageWithCounts<Row extends ObjectLiteral, View, Filters extends ListFilters, Counts>(
  source: ListSource<Row, View, Filters, Counts>,
  filters: Filters,
  kept: KeptCountsOf<Counts>,
  page: number,
  pageSize: number,
): Promise<ListPage<View> | null> {
  const guess = lastCounts(source).get(kept.subject) as Counts | undefined;
  if (guess === undefined) return null;
  const runs = await source.runs(filters, guess);
  const window = runs.length === 1 ? runWindow(page, pageSize, runs[0].total) : null;
  if (!window) return null;
  const [run] = runs;
  const { query, reading } = await run.page(window);
  if (!reading?.kept || reading.deferredBy) return null;
  const on = reading.kept.on;
  const read = await readPageWith(query, orderBy(run.columns, source.key, run.direction), window, reading.kept, {
    name: `counts:${kept.subject}`,
    sql: bucketsColumn(on),
    parameters: { keptSubject: kept.subject },
  });
  if (!read || read.rows.length === 0) return null;
  const counts = kept.counts(parseBuckets(read.value));
  lastCounts(source).set(kept.subject, counts);
  if (!sameCounts(counts, guess)) {
    const now = await source.runs(filters, counts);
    if (now.length !== 1 || !sameWindow(window, runWindow(page, pageSize, now[0].total))) return null;
  }
  return { data: await source.views(read.rows), total: source.total(counts, filters), page, pageSize };
}

/**
 * Every row of a resource's list under its filters, in the list's order, a batch at a time (keyset batches
 * through the ordering index: flat memory, the last batch as cheap as the first).
 */
export async function* listInOrder<Row extends ObjectLiteral, View, Filters extends ListFilters, Counts>(
  source: ListSource<Row, View, Filters, Counts>,
  filters: Filters,
  batchSize = EXPORT_BATCH,
): AsyncGenerator<View[]> {
  for (const run of await source.runs(filters, null)) {
    for await (const rows of keysetBatches(run.all(), run.columns, source.key, run.direction, batchSize)) yield await source.views(rows);
  }
}

/** A resource's list source with its page and its rows in order at hand (what pages, search and exports call). */
export abstract class ResourceList<Row extends ObjectLiteral, View, Filters extends ListFilters, Counts> implements ListSource<Row, View, Filters, Counts> {
  abstract readonly key: OrderColumn;
  abstract counts(filters: Filters): Promise<Counts>;
  abstract total(counts: Counts, filters: Filters): number;
  abstract runs(filters: Filters, counts: Counts | null): Promise<ListRun<Row>[]>;
  abstract views(rows: Row[]): Promise<View[]>;

  /** A page of the list under the filters (listPage). */
  page(filters: Filters): Promise<ListPage<View>> {
    return listPage(this, filters);
  }

  /** Every row under the filters, in the list's order, a batch at a time (listInOrder). */
  inOrder(filters: Filters, batchSize = EXPORT_BATCH): AsyncGenerator<View[]> {
    return listInOrder(this, filters, batchSize);
  }
}
