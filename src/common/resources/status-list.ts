import type { ObjectLiteral, Repository, SelectQueryBuilder } from 'typeorm';
import { KeptCounts, statusCounts } from '../../database/kept-counts.js';
import {
  preferFulltext,
  statusSortParts,
  textSearch,
  whereTextSearch,
  type OrderColumn,
  type PageWindow,
  type SortDirection,
  type StatusTab,
  type TextSearch,
} from '../sql/list-query.js';
import { isMysql } from '../sql/sql-dialect.js';
import { ResourceList, type KeptCountsOf, type ListFilters, type ListRun } from './list-source.js';

/** The rows of each status tab. */
export interface StatusCounts {
  todos: number;
  ativos: number;
  inativos: number;
}

/** The filters of a list with Todos/Ativos/Inativos tabs, a search box and sortable columns. */
export interface StatusListFilters<Sort extends string> extends ListFilters {
  status?: StatusTab;
  busca?: string;
  ordem?: Sort | 'status';
  sentido?: SortDirection;
}

/**
 * The shape of the most common list, declared: a table whose rows are active (1) or inactive (0), a search box
 * over search columns kept by the database, orders through sort columns, and kept counts. What the list source
 * reads follows from it (StatusTabList).
 */
export interface StatusListShape<Sort extends string> {
  /** The table's alias in every statement (`e`). */
  alias: string;
  /** The primary key: the tie-break of every order. */
  key: OrderColumn;
  /** The status column (`e.ativo`): 1 is Ativos, 0 Inativos. */
  status: string;
  /** The kept counts' subject (the table): rows per status are `<subject>.status`. */
  subject: string;
  /** The search columns the search box matches (`e.search_text`). */
  search: string[];
  /** The columns of each sort but Status; each has an index, and one per status tab. */
  sorts: Record<Exclude<Sort, 'status'>, OrderColumn[]>;
  /** The sort when none is asked for, and each sort's first direction. */
  defaultSort: Exclude<Sort, 'status'>;
  firstDirection: (sort: Exclude<Sort, 'status'>) => SortDirection;
  /** Sorting by Status: each tab in this order. */
  byStatus: { columns: OrderColumn[]; direction: SortDirection };
}

/**
 * A list of the common shape (StatusListShape) read from its table: the status tabs, the search (the walk in the
 * default order unless the FULLTEXT index finds fewer rows to read, on MySQL/MariaDB), the sorts, kept counts
 * without a search and one grouped count, remembered until the table changes, with one. A resource of this shape
 * gives its table, its shape and its views.
 */
export abstract class StatusTabList<Row extends ObjectLiteral, View, Sort extends string> extends ResourceList<
  Row,
  View,
  StatusListFilters<Sort>,
  StatusCounts
> {
  protected abstract readonly shape: StatusListShape<Sort>;

  constructor(
    protected readonly rows: Repository<Row>,
    protected readonly kept: KeptCounts,
  ) {
    super();
  }

  get key(): OrderColumn {
    return this.shape.key;
  }

  private get mysql(): boolean {
    return isMysql(this.rows.manager.connection);
  }

  /** The rows of a status tab and search, unordered. */
  filtered(status: StatusTab | undefined, search: TextSearch, fulltext: boolean): SelectQueryBuilder<Row> {
    const { alias } = this.shape;
    const builder = this.rows.createQueryBuilder(alias);
    if (status === 'ativos') builder.andWhere(`${this.shape.status} = 1`);
    if (status === 'inativos') builder.andWhere(`${this.shape.status} = 0`);
    if (search.active) whereTextSearch(builder, this.shape.search, search, fulltext);
    return builder;
  }

  async counts(filters: StatusListFilters<Sort>): Promise<StatusCounts> {
    const search = textSearch(filters.busca);
    if (!search.active) return this.keptCounts();
    const { subject, status } = this.shape;
    return this.kept.remembered([subject], JSON.stringify([subject, search.terms]), async () => {
      const query = this.rows.createQueryBuilder(this.shape.alias).select(status, 'status').addSelect('COUNT(*)', 'total').groupBy(status);
      whereTextSearch(query, this.shape.search, search, this.mysql);
      const rows = await query.getRawMany<{ status: number | string; total: number | string }>();
      return statusCounts(new Map(rows.map((row) => [String(Number(row.status)), Number(row.total)])));
    });
  }

  total(counts: StatusCounts, filters: StatusListFilters<Sort>): number {
    return counts[filters.status ?? 'todos'];
  }

  /** Rows per status, from the kept counts. */
  async keptCounts(): Promise<StatusCounts> {
    return statusCounts(await this.kept.buckets(`${this.shape.subject}.status`));
  }

  countsKept(filters: StatusListFilters<Sort>): KeptCountsOf<StatusCounts> | null {
    return textSearch(filters.busca).active ? null : { subject: `${this.shape.subject}.status`, counts: statusCounts };
  }

  async runs(filters: StatusListFilters<Sort>, counts: StatusCounts | null): Promise<ListRun<Row>[]> {
    const { shape } = this;
    const search = textSearch(filters.busca);
    const parts = statusSortParts<Exclude<Sort, 'status'>>(filters as StatusListFilters<Exclude<Sort, 'status'>>, {
      columns: shape.sorts,
      defaultKey: shape.defaultSort,
      first: shape.firstDirection,
      byStatus: shape.byStatus,
    });
    const walked = shape.byStatus.columns;
    return parts.map((part) => ({
      total: counts?.[part.status] ?? 0,
      columns: part.columns,
      direction: part.direction,
      page: async (window: PageWindow) => {
        // The default order walks its index until a page matches; any other order would read each row it tests.
        const fulltext =
          search.active &&
          this.mysql &&
          (part.columns !== walked || preferFulltext(search, window, counts?.[part.status] ?? 0, (await this.keptCounts())[part.status]));
        return {
          query: () => this.filtered(part.status, search, fulltext),
          // Without a search the statement depends on the status tab and the order only.
          reading: search.active ? {} : { kept: { shape: `${shape.subject}:${part.status}:${part.key}:${part.direction}`, on: this.rows.manager.connection } },
        };
      },
      all: () => () => this.filtered(part.status, search, search.active && this.mysql),
    }));
  }

  async selection(filters: StatusListFilters<Sort>) {
    const search = textSearch(filters.busca);
    return () => this.filtered(filters.status ?? 'todos', search, search.active && this.mysql);
  }
}
