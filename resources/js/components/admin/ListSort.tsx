import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { controlClass } from '../ui/fields';

export type SortDirection = 'asc' | 'desc';

/** A column a list sorts by: its `ordem` value, its label, and the direction a first click asks for. */
export interface SortOption {
  key: string;
  label: string;
  first?: SortDirection;
}

/** A list's order as its page shows it, and how to change it. */
export interface ListSort {
  key: string;
  direction: SortDirection;
  options: SortOption[];
  /** Another column (its first direction), or the same one the other way round. */
  onSort: (key: string, direction: SortDirection) => void;
}

/**
 * The order a list's URL asks for (`ordem`, `sentido`; empty for the list's default) and how clicks change it:
 * the current column toggles its direction, another one starts in its first direction (ascending unless said).
 */
export function listSort(
  filters: { ordem?: string; sentido?: string },
  options: SortOption[],
  defaultKey: string,
  visit: (order: { ordem: string; sentido: string }) => void,
): ListSort {
  const key = options.some((option) => option.key === filters.ordem) ? filters.ordem! : defaultKey;
  const first = (column: string) => options.find((option) => option.key === column)?.first ?? 'asc';
  const direction = filters.sentido === 'asc' || filters.sentido === 'desc' ? filters.sentido : first(key);
  return {
    key,
    direction,
    options,
    onSort: (column, next) =>
      // The default order leaves the URL as the list's plain address.
      visit(column === defaultKey && next === first(defaultKey) ? { ordem: '', sentido: '' } : { ordem: column, sentido: next }),
  };
}

/** The next direction for a click on `column`'s header. */
export function clickedDirection(sort: ListSort, column: string): SortDirection {
  if (column !== sort.key) return sort.options.find((option) => option.key === column)?.first ?? 'asc';
  return sort.direction === 'asc' ? 'desc' : 'asc';
}

const DIRECTION_LABEL: Record<SortDirection, string> = { asc: 'crescente', desc: 'decrescente' };

/** A table header that sorts its column: the arrow shows the current direction; aria-sort says it. */
export function SortHeader({ sort, column, label }: { sort: ListSort; column: string; label: string }) {
  const active = sort.key === column;
  const Icon = !active ? ArrowUpDown : sort.direction === 'asc' ? ArrowUp : ArrowDown;
  const next = clickedDirection(sort, column);
  return (
    <th className="px-2 py-1.5" aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button
        type="button"
        onClick={() => sort.onSort(column, next)}
        title={`Ordenar por ${label} (${DIRECTION_LABEL[next]})`}
        className={`inline-flex min-h-9 items-center gap-1.5 rounded-md px-2 text-left font-semibold tracking-wide uppercase hover:bg-slate-200/70 hover:text-slate-800 ${active ? 'text-slate-900' : ''}`}
      >
        {label}
        <Icon className={`h-3.5 w-3.5 shrink-0 ${active ? 'text-brand-700' : 'text-slate-400'}`} aria-hidden="true" />
      </button>
    </th>
  );
}

/** The order as a choice and a direction button, for the card layout (below 1280 px), where no header shows. */
export function SortSelect({ sort, id }: { sort: ListSort; id: string }) {
  const Icon = sort.direction === 'asc' ? ArrowUp : ArrowDown;
  const current = sort.options.find((option) => option.key === sort.key)?.label ?? '';
  return (
    <div className="mt-4 flex items-center gap-2 xl:hidden">
      <label htmlFor={id} className="shrink-0 text-sm font-medium text-slate-600">
        Ordenar por
      </label>
      <select
        id={id}
        value={sort.key}
        onChange={(event) => sort.onSort(event.target.value, clickedDirection(sort, event.target.value))}
        className={`min-w-0 flex-1 sm:max-w-60 ${controlClass(undefined, 'admin', false)}`}
      >
        {sort.options.map((option) => (
          <option key={option.key} value={option.key}>
            {option.label}
          </option>
        ))}
      </select>
      <button
        type="button"
        onClick={() => sort.onSort(sort.key, clickedDirection(sort, sort.key))}
        aria-label={`${current}: ordem ${DIRECTION_LABEL[sort.direction]}; inverter`}
        className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg border border-slate-300 bg-white text-slate-700 hover:bg-slate-50"
      >
        <Icon className="h-4 w-4" aria-hidden="true" />
      </button>
    </div>
  );
}
