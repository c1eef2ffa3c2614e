import { useEffect, useState, type ReactNode } from 'react';
import type { FieldChangeView, HistoryEntryView, RestorePreview } from '@shared/history.views';
import { api, failureMessage } from '../../lib/api';
import type { VersionedResourcePath } from '../../lib/api-contract';
import { formatDateTime } from '../../lib/dates';
import { Button } from '../ui/Button';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { useToast } from '../ui/Toast';

/** "Telefone", "Telefone e Bairro", "Telefone, Bairro e Cidade": a list of names as a sentence says it. */
export function namesList(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} e ${names[names.length - 1]}`;
}

/** What an entry's restore button says: the fields whose earlier values it puts back (three named, then a count). */
export function restoreLabel(entry: HistoryEntryView): string {
  const names = entry.campos.filter((field) => field.restauravel).map((field) => field.rotulo);
  if (entry.operacao === 'exclusao' || names.length === 0) return 'Restaurar estes valores';
  const shown = names.length > 3 ? [...names.slice(0, 3), `mais ${names.length - 3}`] : names;
  return names.length === 1 ? `Restaurar o valor anterior de ${names[0]}` : `Restaurar os valores anteriores de ${namesList(shown)}`;
}

/** A restore being confirmed: the entry, which kind, and what it writes (null while it loads). */
interface Restoring {
  entry: HistoryEntryView;
  mode: RestorePreview['modo'];
  preview: RestorePreview | null;
}

/**
 * A record's history (GET /api/admin/<path>/:id/historico), newest first, a page at a time: when, who, from
 * where and each changed field before → after. On an entry, "Restaurar os valores anteriores de …" puts back that
 * change's "before" values, and "Voltar a esta versão" puts every editable field back as it was right after it
 * (all later changes undone at once). Each asks first, listing every field with its value now → the value it gets
 * back and who changed it since; both go against the version the details show and report the record as it is then.
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
  const [restoring, setRestoring] = useState<Restoring | null>(null);
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

  async function ask(entry: HistoryEntryView, mode: RestorePreview['modo']) {
    setRestoring({ entry, mode, preview: null });
    try {
      const preview = await api('GET', `/admin/${path}/${id}/historico/${entry.id}/${mode}`);
      setRestoring((current) => (current?.entry.id === entry.id && current.mode === mode ? { ...current, preview } : current));
    } catch (failure) {
      toast('error', failureMessage(failure, 'Não foi possível ler o que seria restaurado. Tente novamente.'));
      setRestoring(null);
    }
  }

  async function restore() {
    if (!restoring?.preview) return;
    const { entry, mode, preview } = restoring;
    setBusy(true);
    try {
      const answer = await api('POST', `/admin/${path}/${id}/historico/${entry.id}/${mode}`, undefined, { 'If-Match': `"${version}"` });
      const names = namesList(preview.campos.map((field) => field.rotulo));
      toast('success', mode === 'voltar' ? `Voltou à versão de ${formatDateTime(entry.em)}: ${names}.` : `Valores restaurados: ${names}.`);
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
  const newest = entries[0].id;
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
            {(entry.restauravel || (entry.id !== newest && entry.operacao !== 'exclusao')) && (
              <div className="mt-2 flex flex-wrap gap-2">
                {entry.restauravel && (
                  <Button variant="secondary" className="text-left" onClick={() => void ask(entry, 'restaurar')}>
                    {restoreLabel(entry)}
                  </Button>
                )}
                {entry.id !== newest && entry.operacao !== 'exclusao' && (
                  <Button variant="secondary" onClick={() => void ask(entry, 'voltar')}>
                    Voltar a esta versão
                  </Button>
                )}
              </div>
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
        title={restoring?.mode === 'voltar' ? 'Voltar a esta versão' : 'Restaurar valores'}
        confirmLabel={restoring?.mode === 'voltar' ? 'Voltar a esta versão' : 'Restaurar'}
        busyLabel="Restaurando..."
        confirmDisabled={!restoring?.preview || restoring.preview.campos.length === 0}
        busy={busy}
        onConfirm={() => void restore()}
        onCancel={() => setRestoring(null)}
      >
        {restoring && <RestoreSummary restoring={restoring} />}
      </ConfirmDialog>
    </div>
  );
}

/**
 * What a restore will write, to confirm: each field, its value now → the value it gets back, and who changed it
 * after the entry (their changes are undone too); the fields that stay as they are (what only the app or the
 * system writes).
 */
function RestoreSummary({ restoring }: { restoring: Restoring }) {
  const { entry, mode, preview } = restoring;
  if (!preview) return <p className="text-slate-600">Carregando...</p>;
  const when = formatDateTime(entry.em);
  if (preview.campos.length === 0) {
    return (
      <p className="text-slate-700">
        {mode === 'voltar'
          ? `Os campos editáveis já estão como na versão de ${when}: nada a desfazer.`
          : 'Os valores de antes desta alteração já são os atuais: nada a restaurar.'}
      </p>
    );
  }
  const later = preview.campos.some((field) => field.alterado_depois_por.length > 0);
  const others = preview.outras_pessoas;
  return (
    <div className="space-y-3 text-slate-700">
      <p>{mode === 'voltar' ? `Estes campos voltam aos valores da versão de ${when}:` : `Estes campos voltam aos valores de antes da alteração de ${when}:`}</p>
      <dl className="space-y-2" data-testid="valores-restaurados">
        {preview.campos.map((field) => (
          <div key={field.campo}>
            <dt className="font-medium text-slate-900">{field.rotulo}</dt>
            <dd className="[overflow-wrap:anywhere]">
              <span className="text-slate-600 line-through">{field.atual_texto}</span> → <strong className="text-slate-900">{field.restaurado_texto}</strong>
              {field.alterado_depois_por.length > 0 && (
                <span className="block text-xs text-slate-600">Alterado depois por {namesList(field.alterado_depois_por)}.</span>
              )}
            </dd>
          </div>
        ))}
      </dl>
      {later && (
        <p data-testid="alteracoes-desfeitas">
          {others.length > 0
            ? `${mode === 'voltar' ? 'Desfaz' : 'Substitui'} as alterações feitas depois nesses campos, inclusive as de ${namesList(others)}.`
            : `${mode === 'voltar' ? 'Desfaz' : 'Substitui'} as alterações que você fez depois nesses campos.`}
        </p>
      )}
      {preview.mantidos.length > 0 && <p>Continuam como estão, porque só o aplicativo ou o sistema os altera: {namesList(preview.mantidos)}.</p>}
      <p>A restauração entra no histórico como uma nova alteração.</p>
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
