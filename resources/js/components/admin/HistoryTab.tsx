import { useEffect, useState, type ReactNode } from 'react';
import type { FieldChangeView, HistoryEntryView } from '@shared/history.views';
import { api, failureMessage } from '../../lib/api';
import type { VersionedResourcePath } from '../../lib/api-contract';
import { formatDateTime } from '../../lib/dates';
import { Button } from '../ui/Button';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { useToast } from '../ui/Toast';

/**
 * A record's history (GET /api/admin/<path>/:id/historico), newest first, a page at a time: when, who, from
 * where and each changed field before → after; "Restaurar estes valores" puts an entry's "before" values back
 * (against the version the details show) and reports the record as it is then.
 */
export function HistoryTab<V extends { version: number }>({
  path,
  id,
  version,
  onRestored,
}: {
  path: VersionedResourcePath;
  id: number;
  version: number;
  onRestored: (record: V) => void;
}) {
  const toast = useToast();
  const [entries, setEntries] = useState<HistoryEntryView[] | null>(null);
  const [next, setNext] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const [restoring, setRestoring] = useState<HistoryEntryView | null>(null);
  const [busy, setBusy] = useState(false);

  async function load(before: number | null) {
    try {
      const page = await api('GET', before ? `/admin/${path}/${id}/historico?antes=${before}` : `/admin/${path}/${id}/historico`);
      setEntries((current) => (before && current ? [...current, ...page.data] : page.data));
      setNext(page.proximo);
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }

  useEffect(() => {
    setEntries(null);
    void load(null);
  }, [path, id, version]);

  async function restore() {
    if (!restoring) return;
    setBusy(true);
    try {
      const answer = await api('POST', `/admin/${path}/${id}/historico/${restoring.id}/restaurar`, undefined, { 'If-Match': `"${version}"` });
      toast('success', 'Valores restaurados.');
      setRestoring(null);
      // The history's routes serve every versioned resource: the record is this tab's own view.
      onRestored(answer.data as V);
    } catch (failure) {
      toast('error', failureMessage(failure, 'Falha ao restaurar. Tente novamente.'));
      setRestoring(null);
      void load(null);
    } finally {
      setBusy(false);
    }
  }

  if (failed && !entries) return <p className="text-sm text-red-700">Falha ao carregar o histórico.</p>;
  if (!entries) return <p className="text-sm text-slate-500">Carregando...</p>;
  if (entries.length === 0) return <p className="text-sm text-slate-500">Nenhuma alteração registrada.</p>;
  return (
    <div aria-live="polite">
      <ol className="space-y-3" aria-label="Alterações, da mais recente para a mais antiga">
        {entries.map((entry) => (
          <li key={entry.id} className="rounded-xl border border-slate-200 p-3 text-sm" data-testid="historico-entrada">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
              <p className="min-w-0 [overflow-wrap:anywhere]">
                <strong className="text-slate-900">{entry.operacao_rotulo}</strong> por <strong className="text-slate-900">{entry.quem}</strong>
                <span className="text-slate-600"> · {entry.origem_rotulo}</span>
                {entry.restaurado_de && <span className="text-slate-600"> · valores restaurados</span>}
              </p>
              <time dateTime={entry.em} className="shrink-0 text-slate-600">
                {formatDateTime(entry.em)}
              </time>
            </div>
            {entry.campos.length > 0 && (
              <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[minmax(0,11rem)_minmax(0,1fr)]">
                {entry.campos.map((field) => (
                  <Change key={field.campo} label={field.rotulo}>
                    <ChangedValue field={field} />
                  </Change>
                ))}
              </dl>
            )}
            {entry.restauravel && (
              <Button variant="secondary" className="mt-2" onClick={() => setRestoring(entry)}>
                Restaurar estes valores
              </Button>
            )}
          </li>
        ))}
      </ol>
      {next && (
        <Button variant="secondary" className="mt-3" onClick={() => void load(next)}>
          Carregar mais
        </Button>
      )}
      <ConfirmDialog
        open={restoring !== null}
        title="Restaurar valores"
        message={
          restoring
            ? `Voltar ${restoring.campos
                .filter((field) => !field.oculto)
                .map((field) => field.rotulo)
                .join(', ')} aos valores de antes desta alteração?`
            : ''
        }
        confirmLabel="Restaurar"
        busy={busy}
        onConfirm={() => void restore()}
        onCancel={() => setRestoring(null)}
      />
    </div>
  );
}

/** A field's change as the history and the audit trail write it: "antes → depois" (a secret: only that it changed). */
export function ChangedValue({ field }: { field: FieldChangeView }) {
  if (field.oculto) return <>{field.depois_texto}</>;
  return (
    <>
      <span className="text-slate-600 line-through">{field.antes_texto}</span> → <span className="text-slate-900">{field.depois_texto}</span>
    </>
  );
}

function Change({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="contents">
      <dt className="font-medium [overflow-wrap:anywhere] text-slate-700">{label}</dt>
      <dd className="[overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/** The details of a record in two tabs: its data, and its history. */
export function RecordTabs({ details, history }: { details: ReactNode; history: ReactNode }) {
  const [tab, setTab] = useState<'detalhes' | 'historico'>('detalhes');
  const tabs = [
    { key: 'detalhes', label: 'Detalhes' },
    { key: 'historico', label: 'Histórico' },
  ] as const;
  return (
    <div>
      <div role="tablist" aria-label="Seções" className="mb-4 flex gap-1 border-b border-slate-200">
        {tabs.map((item) => (
          <button
            key={item.key}
            type="button"
            role="tab"
            id={`aba-${item.key}`}
            aria-selected={tab === item.key}
            aria-controls={`painel-${item.key}`}
            tabIndex={tab === item.key ? 0 : -1}
            onClick={() => setTab(item.key)}
            onKeyDown={(event) => {
              if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
                const other = tab === 'detalhes' ? 'historico' : 'detalhes';
                setTab(other);
                document.getElementById(`aba-${other}`)?.focus();
              }
            }}
            className={`-mb-px min-h-11 border-b-2 px-4 text-sm font-semibold ${tab === item.key ? 'border-brand-700 text-brand-800' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
          >
            {item.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`painel-${tab}`} aria-labelledby={`aba-${tab}`} tabIndex={0}>
        {tab === 'detalhes' ? details : history}
      </div>
    </div>
  );
}
