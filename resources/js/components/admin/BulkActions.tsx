import { CheckSquare, Power, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { TaskEvent } from '@shared/live.views';
import { api, sessionEnded, failureMessage } from '../../lib/api';
import type { BodyOf, ResponseOf } from '../../lib/api-contract';
import { useLiveEvent } from '../../lib/live';
import { Button } from '../ui/Button';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { useToast } from '../ui/Toast';

/** Rows ticked one by one, or every row of the filters and search but the unticked ones. */
export type BulkSelection = { kind: 'ids'; ids: Set<number> } | { kind: 'all'; except: Set<number> };

const NONE: BulkSelection = { kind: 'ids', ids: new Set() };
const number = (value: number) => value.toLocaleString('pt-BR');

/**
 * A list's selection for bulk actions. It is kept across pages and orders, and cleared when the filters or
 * the search change (`scope`), since "every result" would then mean other rows.
 */
export function useBulkSelection(scope: string, total: number) {
  const [selection, setSelection] = useState<BulkSelection>(NONE);
  useEffect(() => setSelection(NONE), [scope]);
  const isSelected = (id: number) => (selection.kind === 'ids' ? selection.ids.has(id) : !selection.except.has(id));
  const count = selection.kind === 'ids' ? selection.ids.size : Math.max(0, total - selection.except.size);
  const toggle = (id: number) =>
    setSelection((current) => {
      const set = new Set(current.kind === 'ids' ? current.ids : current.except);
      if (set.has(id)) set.delete(id);
      else set.add(id);
      return current.kind === 'ids' ? { kind: 'ids', ids: set } : { kind: 'all', except: set };
    });
  const setPage = (ids: number[], ticked: boolean) =>
    setSelection((current) => {
      const set = new Set(current.kind === 'ids' ? current.ids : current.except);
      // Ticking adds to the ids (or removes from the exceptions); unticking the other way round.
      for (const id of ids)
        if (ticked === (current.kind === 'ids')) set.add(id);
        else set.delete(id);
      return current.kind === 'ids' ? { kind: 'ids', ids: set } : { kind: 'all', except: set };
    });
  return {
    selection,
    count,
    isSelected,
    toggle,
    setPage,
    selectAll: () => setSelection({ kind: 'all', except: new Set() }),
    clear: () => setSelection(NONE),
  };
}

export type BulkState = ReturnType<typeof useBulkSelection>;

/** A row's (or the page's) tick box; its clicks stay off the row, which opens the details. */
export function SelectBox({
  checked,
  indeterminate = false,
  label,
  text,
  onChange,
}: {
  checked: boolean;
  indeterminate?: boolean;
  label: string;
  /** A visible label next to the box (the cards' "Selecionar esta página"). */
  text?: string;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label
      className="-m-2 inline-flex cursor-pointer items-center justify-center gap-2.5 p-2.5 text-sm font-medium text-slate-600"
      onClick={(event) => event.stopPropagation()}
    >
      <input
        type="checkbox"
        aria-label={label}
        checked={checked}
        ref={(input) => {
          if (input) input.indeterminate = indeterminate;
        }}
        onChange={(event) => onChange(event.target.checked)}
        className="accent-brand-700 h-4.5 w-4.5 cursor-pointer rounded border-slate-300"
      />
      {text}
    </label>
  );
}

/** The page's tick box: ticks or unticks every row of the page. */
export function PageSelectBox({ bulk, ids, label, text }: { bulk: BulkState; ids: number[]; label: string; text?: string }) {
  const ticked = ids.filter((id) => bulk.isSelected(id)).length;
  return (
    <SelectBox
      label={label}
      text={text}
      checked={ids.length > 0 && ticked === ids.length}
      indeterminate={ticked > 0 && ticked < ids.length}
      onChange={(checked) => bulk.setPage(ids, checked)}
    />
  );
}

export interface BulkNoun {
  one: string;
  many: string;
  /** The participle's ending: "desativada(s)" or "desativado(s)". */
  feminine: boolean;
}

const done = (noun: BulkNoun, count: number, acao: 'ativar' | 'desativar') =>
  `${number(count)} ${count === 1 ? noun.one : noun.many} ${acao === 'ativar' ? 'ativad' : 'desativad'}${noun.feminine ? 'a' : 'o'}${count === 1 ? '' : 's'}`;

/**
 * What is selected and what can be done with it: the count, "Selecionar todos os N resultados" once the
 * whole page is ticked, Ativar and Desativar (confirmed with the count, run in chunks with a progress bar,
 * summed up in a toast), and clearing the selection.
 */
export function BulkBar({
  bulk,
  pageIds,
  total,
  path,
  filters,
  noun,
  onDone,
}: {
  bulk: BulkState;
  pageIds: number[];
  total: number;
  /** The API path of the bulk call, e.g. `/admin/enterprises/status-em-lote`. */
  path: `/admin/${'enterprises' | 'users'}/status-em-lote`;
  /** The list's filters and search, as the list's API takes them. */
  filters: Record<string, string | number>;
  noun: BulkNoun;
  onDone: () => void;
}) {
  const toast = useToast();
  const [acao, setAcao] = useState<'ativar' | 'desativar' | null>(null);
  const [progress, setProgress] = useState<{ seen: number; changed: number } | null>(null);
  const task = useRef<string | null>(null);
  useLiveEvent<TaskEvent>('tarefa.progresso', (event) => {
    if (event.tarefa !== task.current) return;
    setProgress((current) => (current && current.seen >= event.vistos ? current : { seen: event.vistos, changed: event.alterados }));
  });
  if (bulk.count === 0 && !acao) return null;
  const wholePageTicked = bulk.selection.kind === 'ids' && pageIds.length > 0 && pageIds.every((id) => bulk.isSelected(id));
  const count = bulk.count;

  async function run() {
    if (!acao) return;
    const selection = bulk.selection;
    type Body = BodyOf<typeof path, 'POST'>;
    // "All that match": the list's own filters (its query's names, which the bulk call takes too), but no page or order.
    const matching = Object.fromEntries(Object.entries(filters).filter(([key, value]) => value !== '' && !['page', 'ordem', 'sentido'].includes(key)));
    const body: Body =
      selection.kind === 'ids'
        ? { acao, ids: [...selection.ids] }
        : { ...(matching as Partial<Body>), acao, todos: true, ...(selection.except.size > 0 ? { exceto: [...selection.except] } : {}) };
    let seen = 0;
    let changed = 0;
    // The run's id: each chunk's progress comes back as a live event (tarefa.progresso) that moves the bar, in
    // this tab and the admin's others; the answers move it too when events are away.
    const tarefa = newTaskId();
    task.current = tarefa;
    setProgress({ seen, changed });
    try {
      for (let apos: number | null = 0; apos !== null;) {
        const step = { ...body, tarefa, tarefa_vistos: seen, tarefa_alterados: changed, ...(apos ? { apos } : {}) };
        const answer: ResponseOf<typeof path, 'POST'> = await api('POST', path, step);
        seen += answer.vistos;
        changed += answer.alterados;
        setProgress((current) => (current && current.seen >= seen ? current : { seen, changed }));
        apos = answer.apos;
      }
      toast(
        'success',
        changed > 0 ? done(noun, changed, acao) : `Nenhuma alteração: ${count === 1 ? `a ${noun.one} já estava` : `as ${noun.many} já estavam`} assim.`,
      );
      bulk.clear();
    } catch (failure) {
      if (!sessionEnded(failure)) {
        const partial = changed > 0 ? ` ${done(noun, changed, acao)} antes da falha.` : '';
        toast('error', `${failureMessage(failure, 'Falha ao alterar status.')}${partial}`);
      }
    } finally {
      task.current = null;
      setAcao(null);
      setProgress(null);
      onDone();
    }
  }

  const label = (value: number) => `${number(value)} ${value === 1 ? noun.one : noun.many}`;
  return (
    <div
      role="region"
      aria-label="Seleção"
      className="border-brand-200 bg-brand-50 sticky top-[4.5rem] z-20 mt-4 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border px-4 py-2.5 text-sm"
    >
      <p className="text-brand-900 font-semibold" aria-live="polite">
        {bulk.selection.kind === 'all'
          ? `${noun.feminine ? 'Todas as' : 'Todos os'} ${label(count)} do filtro selecionad${noun.feminine ? 'a' : 'o'}s`
          : `${label(count)} selecionad${noun.feminine ? 'a' : 'o'}${count === 1 ? '' : 's'}`}
      </p>
      {wholePageTicked && total > pageIds.length && (
        <button
          type="button"
          onClick={bulk.selectAll}
          className="text-brand-800 inline-flex min-h-9 items-center gap-1.5 font-semibold underline underline-offset-2"
        >
          <CheckSquare className="h-4 w-4" aria-hidden="true" />
          Selecionar todos os {number(total)} resultados
        </button>
      )}
      <div className="ml-auto flex flex-wrap gap-2">
        <Button variant="secondary" className="min-h-10" onClick={() => setAcao('ativar')} disabled={count === 0}>
          Ativar
        </Button>
        <Button variant="danger" className="min-h-10" onClick={() => setAcao('desativar')} disabled={count === 0}>
          <Power className="h-4 w-4" aria-hidden="true" />
          Desativar
        </Button>
        <Button variant="ghost" className="min-h-10" onClick={bulk.clear}>
          <X className="h-4 w-4" aria-hidden="true" />
          Limpar seleção
        </Button>
      </div>
      <ConfirmDialog
        open={acao !== null}
        title={acao === 'ativar' ? `Ativar ${noun.many}` : `Desativar ${noun.many}`}
        message={progress ? undefined : `Deseja ${acao} ${label(count)}?`}
        confirmLabel={acao === 'ativar' ? 'Ativar' : 'Desativar'}
        busyLabel={acao === 'ativar' ? 'Ativando…' : 'Desativando…'}
        danger={acao === 'desativar'}
        busy={progress !== null}
        onConfirm={run}
        onCancel={() => setAcao(null)}
      >
        {progress && (
          <div>
            <p className="text-slate-700">
              {acao === 'ativar' ? 'Ativando' : 'Desativando'} {label(count)}: {number(Math.min(progress.seen, count))} de {number(count)}.
            </p>
            <div
              role="progressbar"
              aria-label="Progresso"
              aria-valuemin={0}
              aria-valuemax={count}
              aria-valuenow={Math.min(progress.seen, count)}
              className="mt-3 h-2.5 overflow-hidden rounded-full bg-slate-200"
            >
              <div
                className="bg-brand-600 h-full rounded-full transition-[width]"
                style={{ width: `${count > 0 ? Math.min(100, (progress.seen / count) * 100) : 0}%` }}
              />
            </div>
          </div>
        )}
      </ConfirmDialog>
    </div>
  );
}

/** A bulk run's id for its live events. */
function newTaskId(): string {
  return typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2, 10)}`;
}
