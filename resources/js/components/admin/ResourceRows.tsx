import type { ReactNode } from 'react';
import { PageSelectBox, SelectBox, type BulkState } from './BulkActions';
import { ACTIONS_CELL, CardList, ListCard, ListTable, OpenDetails, ROW } from './ListLayout';
import type { ListSort } from './ListSort';
import { Breakable } from '../ui/Breakable';

/**
 * Where a card (below 1280 px) shows a column; the table shows every column, in order. `title` opens the
 * details; `subtitle` lines go under it; `badge` on the right, `media` on the left; `field` in the card's list
 * of label and value; `text` as a paragraph under them; `note` in the footer, beside the tick box; `none`, not
 * on the card.
 */
export type CardPlace = 'title' | 'subtitle' | 'badge' | 'media' | 'field' | 'text' | 'note' | 'none';

export interface ResourceColumn<T> {
  label: string;
  /** The key of the list's sort, for a header that sorts by this column. */
  sort?: string;
  /** What the table's cell and the card show. */
  value: (row: T) => ReactNode;
  /** The card's own version, where it differs (a longer excerpt, a sentence for the footer). */
  card?: (row: T) => ReactNode;
  /** Under the title, in the table and on the card (the legal name under the trade name, say). */
  below?: (row: T) => ReactNode;
  /** The card's label for a field, where it says more than the table's header. */
  cardLabel?: string;
  /** Where the card shows it (default: a field). */
  place?: CardPlace;
  /** The table cell's classes, besides its padding. */
  className?: string;
  /** The cell's title attribute (the whole text of a cut one). */
  hint?: (row: T) => string;
}

/** A cell's text keeps its words whole (see Breakable); other content is drawn as it is. */
const cell = (value: ReactNode) => (typeof value === 'string' ? <Breakable text={value} /> : value);

/**
 * The rows of a resource's list, drawn from one list of columns as a table (from 1280 px) and as cards (below):
 * the tick boxes of bulk selection when `bulk` is given, the row's actions, and the details on a click.
 */
export function ResourceRows<T>({
  rows,
  columns,
  idOf,
  nameOf,
  onOpen,
  actions,
  sort,
  bulk,
  arrived,
  pageLabel,
}: {
  rows: T[];
  columns: ResourceColumn<T>[];
  idOf: (row: T) => number;
  /** The row's name, for its tick box's label ("Selecionar <name>"). */
  nameOf: (row: T) => string;
  onOpen: (row: T) => void;
  actions: (row: T) => ReactNode;
  sort?: ListSort;
  bulk?: BulkState;
  /** Rows that came in while the list was open: lit for a moment as they appear. */
  arrived?: ReadonlySet<number>;
  /** The page's tick box's label ("Selecionar as empresas desta página"). */
  pageLabel?: string;
}) {
  const ids = rows.map(idOf);
  const tick = (row: T) =>
    bulk && <SelectBox label={`Selecionar ${nameOf(row)}`} checked={bulk.isSelected(idOf(row))} onChange={() => bulk.toggle(idOf(row))} />;
  const at = (place: CardPlace) => columns.filter((column) => (column.place ?? 'field') === place);
  const shown = (column: ResourceColumn<T>, row: T) => (column.card ?? column.value)(row);
  const only = (place: CardPlace, row: T) => {
    const [column] = at(place);
    return column ? shown(column, row) : undefined;
  };

  return (
    <>
      <ListTable
        sort={sort}
        selectAll={bulk && pageLabel ? <PageSelectBox bulk={bulk} ids={ids} label={pageLabel} /> : undefined}
        columns={columns.map((column) => (column.sort ? { label: column.label, sort: column.sort } : column.label))}
      >
        {rows.map((row) => (
          <tr key={idOf(row)} data-row onClick={() => onOpen(row)} className={`${ROW} ${arrived?.has(idOf(row)) ? 'row-arrived' : ''}`}>
            {bulk && <td className="py-2.5 pr-0 pl-4">{tick(row)}</td>}
            {columns.map((column) => (
              <td key={column.label} className={`px-4 py-2.5 ${column.className ?? ''}`} title={column.hint?.(row)}>
                {column.place === 'title' ? <OpenDetails onOpen={() => onOpen(row)}>{column.value(row)}</OpenDetails> : cell(column.value(row))}
                {column.below?.(row)}
              </td>
            ))}
            <td className={ACTIONS_CELL}>{actions(row)}</td>
          </tr>
        ))}
      </ListTable>
      <CardList selectAll={bulk && pageLabel ? <PageSelectBox bulk={bulk} ids={ids} label={pageLabel} text="Selecionar esta página" /> : undefined}>
        {rows.map((row) => {
          const fields = at('field');
          const note = only('note', row);
          return (
            <ListCard
              key={idOf(row)}
              arrived={arrived?.has(idOf(row))}
              onOpen={() => onOpen(row)}
              media={only('media', row)}
              title={only('title', row)}
              subtitle={[...at('title').map((column) => column.below?.(row)), ...at('subtitle').map((column) => shown(column, row))]
                .filter((line) => line !== null && line !== undefined && line !== false && line !== '')
                .map((line, index) => (
                  <div key={index} className="text-sm [overflow-wrap:anywhere] text-slate-600">
                    {line}
                  </div>
                ))}
              badge={only('badge', row)}
              footer={
                <>
                  <span className="flex items-center gap-3">
                    {tick(row)}
                    {note !== undefined && <span className="text-xs text-slate-500">{note}</span>}
                  </span>
                  {actions(row)}
                </>
              }
            >
              {fields.length > 0 && (
                <dl className="mt-2 mb-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                  {fields.map((column) => (
                    <div key={column.label} className="contents">
                      <dt className="text-slate-500">{column.cardLabel ?? column.label}</dt>
                      <dd className="min-w-0 [overflow-wrap:anywhere] text-slate-800">{shown(column, row)}</dd>
                    </div>
                  ))}
                </dl>
              )}
              {at('text').map((column) => (
                <p key={column.label} className="mt-2 mb-3 text-sm [overflow-wrap:anywhere] text-slate-700">
                  {shown(column, row)}
                </p>
              ))}
            </ListCard>
          );
        })}
      </CardList>
    </>
  );
}
