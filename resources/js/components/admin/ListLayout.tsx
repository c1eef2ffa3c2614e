import type { ReactNode, RefObject } from 'react';
import { Breakable } from '../ui/Breakable';
import { LoadError } from '../ui/LoadError';
import { Pagination } from '../ui/Pagination';
import { SortHeader, type ListSort } from './ListSort';

/**
 * The two faces of an admin list. Below 1280 px (phones, tablets and laptops with the sidebar open) rows are
 * cards, one or two per line, where every field and action fits; from 1280 px up they form a table, which
 * scrolls sideways if its columns ever outgrow the box, with the actions column kept in view on the right.
 */
export function ListTable({
  columns,
  sort,
  selectAll,
  children,
}: {
  columns: (string | { label: string; sort: string })[];
  sort?: ListSort;
  /** The page's tick box, for lists with bulk actions (each row then starts with its own). */
  selectAll?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mt-6 hidden overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm xl:block" data-list="table">
      {/* Words stay whole: a column is never narrower than its longest word. Runs too long for that (see
          LONGEST_UNBROKEN) carry break points of their own, and one still too wide wraps rather than overflowing. */}
      <table className="w-full text-left text-sm [&_td]:[overflow-wrap:break-word]">
        <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase">
          <tr>
            {selectAll && <th className="w-10 py-3 pr-0 pl-4">{selectAll}</th>}
            {columns.map((column) =>
              typeof column === 'string' || !sort ? (
                <th key={typeof column === 'string' ? column : column.label} className="px-4 py-3">
                  {typeof column === 'string' ? column : column.label}
                </th>
              ) : (
                <SortHeader key={column.label} sort={sort} column={column.sort} label={column.label} />
              ),
            )}
            <th className={ACTIONS_HEAD}>Ações</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}

/** What an empty list says, in the place of its rows. */
export function EmptyList({ children }: { children: ReactNode }) {
  return <p className="mt-6 rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-500">{children}</p>;
}

export function CardList({ selectAll, children }: { selectAll?: ReactNode; children: ReactNode }) {
  return (
    <>
      {selectAll && <div className="mt-4 px-1 xl:hidden">{selectAll}</div>}
      <ul className={`${selectAll ? 'mt-3' : 'mt-6'} grid gap-3 sm:grid-cols-2 xl:hidden`} data-list="cards">
        {children}
      </ul>
    </>
  );
}

/** Header and cells of the actions column: sticky on the right edge, opaque so scrolled cells pass under it. */
const ACTIONS_HEAD = 'sticky right-0 bg-slate-50 px-4 py-3 text-right';
export const ACTIONS_CELL = 'sticky right-0 bg-white px-3 py-1.5 shadow-[-10px_0_10px_-10px_rgba(15,23,42,0.18)] group-hover:bg-slate-50';
/** A table row that opens the details on click. */
export const ROW = 'group cursor-pointer hover:bg-slate-50';
/** A card that opens the details on click. */
export const CARD = 'flex min-w-0 cursor-pointer flex-col rounded-2xl border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-200';

/**
 * The body of an admin list: its load error with a retry, the rows or what an empty list says, and paging
 * (shown past one page) that brings the list's top into view. `list` is what useListVisit returns.
 */
export function ListBody({
  list,
  rows,
  page,
  errorMessage,
  emptyText,
  onRetry,
  onPage,
  children,
}: {
  list: { loading: boolean; loadError: boolean; listRef: RefObject<HTMLDivElement | null> };
  rows: { data: unknown[]; total: number; pageSize: number };
  page: number;
  errorMessage: string;
  emptyText: string;
  onRetry: () => void;
  onPage: (page: number) => void;
  children: ReactNode;
}) {
  return (
    <>
      {list.loadError && <LoadError message={errorMessage} onRetry={onRetry} />}
      <div ref={list.listRef} className={`scroll-mt-20 transition-opacity focus:outline-none ${list.loading ? 'opacity-60' : ''}`} aria-busy={list.loading}>
        {rows.data.length === 0 ? <EmptyList>{emptyText}</EmptyList> : children}
        <Pagination page={page} totalPages={Math.max(1, Math.ceil(rows.total / rows.pageSize))} onChange={onPage} />
      </div>
    </>
  );
}

/** A row's or card's title, a button that opens its details (the click does not reach the row's own handler). */
export function OpenDetails({ onOpen, card = false, children }: { onOpen: () => void; card?: boolean; children: ReactNode }) {
  return (
    <button
      type="button"
      onClick={(event) => {
        event.stopPropagation();
        onOpen();
      }}
      className={`max-w-full text-left font-semibold text-slate-900 ${card ? '[overflow-wrap:anywhere]' : '[overflow-wrap:break-word] hover:text-brand-800 hover:underline'}`}
    >
      {typeof children === 'string' ? <Breakable text={children} /> : children}
    </button>
  );
}

/**
 * A list row as a card (below 1280 px): the title opens the details, with what is under it, a badge on the
 * right and `media` (a logo) on the left; `children` under the header; `footer` (a note, the row's actions) at
 * the bottom. A tap anywhere on the card opens the details too.
 */
export function ListCard({
  arrived = false,
  onOpen,
  title,
  subtitle,
  badge,
  media,
  children,
  footer,
}: {
  /** The card came in while the list was open: lit for a moment as it appears. */
  arrived?: boolean;
  onOpen: () => void;
  title: ReactNode;
  subtitle?: ReactNode;
  badge?: ReactNode;
  media?: ReactNode;
  children?: ReactNode;
  footer: ReactNode;
}) {
  return (
    <li data-row onClick={onOpen} className={`${CARD} ${arrived ? 'row-arrived' : ''}`}>
      <div className="flex items-start gap-3">
        {media}
        <div className="min-w-0 flex-1">
          <OpenDetails onOpen={onOpen} card>
            {title}
          </OpenDetails>
          {subtitle}
        </div>
        {badge}
      </div>
      {children}
      <div className="mt-auto flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-2">{footer}</div>
    </li>
  );
}
