import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { DEFAULT_PAGE_SIZE } from '../http/page.query.js';
import {
  EXPORT_BATCH,
  keysetBatches,
  orderBy,
  readPage,
  readParts,
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
}

/** A page of a resource's list under its filters, with the total that match them. */
export async function listPage<Row extends ObjectLiteral, View, Filters extends ListFilters, Counts>(
  source: ListSource<Row, View, Filters, Counts>,
  filters: Filters,
): Promise<ListPage<View>> {
  const page = filters.page ?? 1;
  const pageSize = filters.pageSize ?? DEFAULT_PAGE_SIZE;
  const counts = await source.counts(filters);
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
