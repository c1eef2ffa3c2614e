import { Check, Power } from 'lucide-react';
import { Fragment, useEffect, useLayoutEffect, useRef, useState, type ComponentProps, type ReactNode, type RefObject } from 'react';
import type { LiveResource, RecordChangedEvent } from '@shared/live.views';
import { useLiveEvent } from '../../lib/live';
import { useApiAction } from '../../lib/use-api-action';
import { useListVisit } from '../../lib/use-list-visit';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { IconButton } from '../ui/IconButton';
import { BulkBar, useBulkSelection, type BulkNoun } from './BulkActions';
import { ExportMenu } from './ExportMenu';
import { ImportButton } from './ImportDialog';
import { FilterButtons, StatusSearchBar } from './ListControls';
import { ListBody } from './ListLayout';
import { listSort, SortSelect, type SortOption } from './ListSort';
import { ResourceRows, type ResourceColumn } from './ResourceRows';

/** A list's query: its status tab and page, and whatever else it filters or sorts by. */
export interface ListFilters extends Record<string, string | number> {
  status: string;
  page: number;
}

/** The query of a list with the Todos/Ativos/Inativos tabs, a search and a sort. */
export interface ActiveListFilters extends ListFilters {
  status: 'todos' | 'ativos' | 'inativos';
  busca: string;
  ordem: string;
  sentido: string;
}

export const ACTIVE_TABS: { key: ActiveListFilters['status']; label: string }[] = [
  { key: 'todos', label: 'Todos' },
  { key: 'ativos', label: 'Ativos' },
  { key: 'inativos', label: 'Inativos' },
];

/** Everything a resource's list page shows that is not the resource's own dialogs. */
export interface ResourceListSpec<T, F extends ListFilters> {
  /** The page's address: the filters are its query string. */
  path: string;
  /** The name of the page's prop with the rows: a change of the filters reloads it, the filters and the counts. */
  rowsProp: string;
  /**
   * The resource whose committed changes (the live `registro.alterado`, whoever made them: a visitor, a colleague,
   * this admin in another tab) read the rows and the counts again in place, for the filters and page shown.
   */
  live?: LiveResource;
  title: string;
  description: string;
  columns: ResourceColumn<T>[] | ((filters: F) => ResourceColumn<T>[]);
  idOf: (row: T) => number;
  /** The row's name, in its buttons' labels and the status dialog. */
  nameOf: (row: T) => string;
  /** The status tabs; `label` names their group where no search box stands beside them. */
  tabs: { options: { key: F['status']; label: string }[]; label?: string };
  search?: { id: string; label: string; placeholder: string };
  sort?: { id: string; default: string; options: SortOption[] | ((filters: F) => SortOption[]) };
  /** The API path whose `/exportar` saves the list as CSV or XLSX. */
  exportPath?: string;
  importKind?: ComponentProps<typeof ImportButton>['kind'];
  /**
   * Ativar/Desativar: each row's button, confirmed in a dialog; with `bulkPath`, also the tick boxes and the bar
   * that does it to the selected rows or to every result.
   */
  activation?: {
    noun: BulkNoun;
    isActive: (row: T) => boolean;
    send: (row: T, active: 0 | 1) => Promise<unknown>;
    bulkPath?: ComponentProps<typeof BulkBar>['path'];
  };
  errorMessage: string;
  emptyText: string | ((filters: F) => string);
}

/** A list page's state: its spec, its filters as the URL has them, and the visits that change them. */
export function useResourceList<T, F extends ListFilters>(spec: ResourceListSpec<T, F>, filters: F) {
  // Empty filters stay out of the URL, and so does the first page.
  const list = useListVisit<F>(spec.path, ['filters', spec.rowsProp, 'counts'], { page: 1 } as Partial<F>);
  useLiveEvent<RecordChangedEvent>('registro.alterado', (event) => {
    if (spec.live !== undefined && event.recurso === spec.live) list.refresh();
  });
  return {
    ...list,
    spec,
    filters,
    reload: () => list.visit(filters),
    /** Other filters (or order), from the first page. */
    change: (change: Record<string, string | number>) => list.visit({ ...filters, ...change, page: 1 }),
  };
}

export type ResourceListState<T, F extends ListFilters> = ReturnType<typeof useResourceList<T, F>>;

const capitalized = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/**
 * A resource's list page: its heading and header buttons (import, export, the page's own), the status tabs and
 * search, the bulk bar, the order, the rows as a table or cards with each row's buttons and status activation, and
 * paging. The page's dialogs come as `children`.
 */
export function ResourceList<T, F extends ListFilters>({
  list,
  rows,
  counts,
  onOpen,
  actions,
  headerActions,
  moreFilters,
  children,
}: {
  list: ResourceListState<T, F>;
  rows: { data: T[]; total: number; pageSize: number };
  counts: Record<F['status'], number>;
  onOpen: (row: T) => void;
  /** The row's own buttons, before its status activation. */
  actions?: (row: T) => ReactNode;
  /** The header's own buttons, after import and export. */
  headerActions?: ReactNode;
  /** Filters of the page's own, under the tabs. */
  moreFilters?: ReactNode;
  children?: ReactNode;
}) {
  const { spec, filters, change, reload } = list;
  const { activation } = spec;
  const bulkPath = activation?.bulkPath;
  // 'a empresa', 'o usuário'; 'ativada', 'ativado'.
  const gender = activation?.noun.feminine ? 'a' : 'o';
  const [toggling, setToggling] = useState<T | null>(null);
  const action = useApiAction();
  const scope = Object.entries(filters).filter(([key]) => !['page', 'ordem', 'sentido'].includes(key));
  const bulk = useBulkSelection(JSON.stringify(scope), rows.total);
  const sortOptions = typeof spec.sort?.options === 'function' ? spec.sort.options(filters) : spec.sort?.options;
  const order = { ordem: String(filters.ordem ?? ''), sentido: String(filters.sentido ?? '') };
  const sort = spec.sort && sortOptions && listSort(order, sortOptions, spec.sort.default, change);
  const ids = rows.data.map(spec.idOf);
  const arrived = useArrivedRows(ids, JSON.stringify(filters));
  useFocusKeptInList(list.listRef, ids.join(','));

  function confirmToggle() {
    if (!activation || !toggling) return;
    const active = activation.isActive(toggling) ? 0 : 1;
    const done = `${capitalized(activation.noun.one)} ${active ? 'ativad' : 'desativad'}${gender} com sucesso!`;
    void action.run(
      () => activation.send(toggling, active),
      { done, failed: 'Falha ao alterar status.' },
      () => {
        setToggling(null);
        reload();
      },
    );
  }

  const rowActions = (row: T) => (
    <div className="ml-auto flex justify-end gap-1" onClick={(event) => event.stopPropagation()}>
      {actions?.(row)}
      {activation && (
        <IconButton
          label={`${activation.isActive(row) ? 'Desativar' : 'Ativar'} ${spec.nameOf(row)}`}
          icon={activation.isActive(row) ? Power : Check}
          onClick={() => setToggling(row)}
          tone={activation.isActive(row) ? 'danger' : 'brand'}
        />
      )}
    </div>
  );
  // A lone button stands in the header's row itself; several form a group that wraps as one.
  const headerButtons = [
    spec.importKind && <ImportButton key="importar" kind={spec.importKind} onImported={reload} />,
    spec.exportPath && <ExportMenu key="exportar" path={spec.exportPath} query={filters} />,
    headerActions && <Fragment key="proprios">{headerActions}</Fragment>,
  ].filter(Boolean);
  const deactivating = activation && toggling !== null && activation.isActive(toggling);

  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{spec.title}</h1>
          <p className="mt-1 text-sm text-slate-600">{spec.description}</p>
        </div>
        {headerButtons.length > 1 ? <div className="flex flex-wrap items-center gap-2">{headerButtons}</div> : headerButtons}
      </div>

      {spec.search ? (
        <StatusSearchBar
          options={spec.tabs.options}
          counts={counts}
          status={filters.status}
          busca={String(filters.busca ?? '')}
          search={spec.search}
          onChange={change}
        />
      ) : (
        <div className="mt-6">
          <FilterButtons
            label={spec.tabs.label ?? 'Filtrar por status'}
            options={spec.tabs.options}
            value={filters.status}
            counts={counts}
            onChange={(status) => change({ status })}
          />
        </div>
      )}
      {moreFilters}

      {activation && bulkPath && (
        <BulkBar bulk={bulk} pageIds={rows.data.map(spec.idOf)} total={rows.total} path={bulkPath} filters={filters} noun={activation.noun} onDone={reload} />
      )}
      {sort && spec.sort && <SortSelect sort={sort} id={spec.sort.id} />}

      <ListBody
        list={list}
        rows={rows}
        page={filters.page}
        errorMessage={spec.errorMessage}
        emptyText={typeof spec.emptyText === 'function' ? spec.emptyText(filters) : spec.emptyText}
        onRetry={reload}
        onPage={(page) => list.visit({ ...filters, page }, { toListTop: true })}
      >
        <ResourceRows
          rows={rows.data}
          columns={typeof spec.columns === 'function' ? spec.columns(filters) : spec.columns}
          idOf={spec.idOf}
          nameOf={spec.nameOf}
          onOpen={onOpen}
          actions={rowActions}
          sort={sort}
          bulk={bulkPath ? bulk : undefined}
          arrived={arrived}
          pageLabel={activation && `Selecionar ${gender}s ${activation.noun.many} desta página`}
        />
      </ListBody>

      {children}
      {activation && (
        <ConfirmDialog
          open={toggling !== null}
          title={`${deactivating ? 'Desativar' : 'Ativar'} ${activation.noun.one}`}
          message={toggling ? `Deseja ${deactivating ? 'desativar' : 'ativar'} ${gender} ${activation.noun.one} ${spec.nameOf(toggling)}?` : ''}
          confirmLabel={deactivating ? 'Desativar' : 'Ativar'}
          danger={deactivating}
          busy={action.busy}
          onConfirm={confirmToggle}
          onCancel={() => setToggling(null)}
        />
      )}
    </div>
  );
}

/**
 * The rows that came into the list while it showed the same filters and page (a live refresh, or the list read
 * again after a save): the rows drawn then mark them. A new filter or page marks none.
 */
function useArrivedRows(ids: number[], scope: string): ReadonlySet<number> {
  const key = ids.join(',');
  const [seen, setSeen] = useState({ scope, key, ids: new Set(ids), arrived: new Set<number>() });
  if (seen.scope !== scope || seen.key !== key) {
    const arrived = seen.scope === scope ? new Set(ids.filter((id) => !seen.ids.has(id))) : new Set<number>();
    setSeen({ scope, key, ids: new Set(ids), arrived });
  }
  return seen.arrived;
}

/**
 * Where the focus was in the list, kept when its row goes away (answered or removed, here or elsewhere): the focus
 * moves to the row that took its place (its first button or link), or to the list itself when none is left, never
 * back to the top of the page.
 */
function useFocusKeptInList(listRef: RefObject<HTMLDivElement | null>, rowsKey: string) {
  const last = useRef<{ element: Element; face: Element; index: number } | null>(null);
  useEffect(() => {
    const box = listRef.current;
    if (!box) return;
    const onFocusIn = (event: FocusEvent) => {
      const row = event.target instanceof Element ? event.target.closest('[data-row]') : null;
      const face = row?.parentElement;
      last.current = row && face ? { element: event.target as Element, face, index: [...face.children].indexOf(row) } : null;
    };
    box.addEventListener('focusin', onFocusIn);
    return () => box.removeEventListener('focusin', onFocusIn);
  }, [listRef]);
  useLayoutEffect(() => {
    const kept = last.current;
    const box = listRef.current;
    if (!kept || !box || kept.element.isConnected) return;
    last.current = null;
    // The focus went elsewhere meanwhile (a dialog, another control): it stays there.
    if (document.activeElement && document.activeElement !== document.body) return;
    const rows = kept.face.isConnected ? [...kept.face.querySelectorAll(':scope > [data-row]')] : [];
    const target = rows[Math.min(kept.index, rows.length - 1)]?.querySelector<HTMLElement>('button, a[href]');
    if (target) return target.focus();
    box.tabIndex = -1;
    box.focus();
  }, [rowsKey, listRef]);
}
