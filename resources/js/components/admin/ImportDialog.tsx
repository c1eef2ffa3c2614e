import { useEffect, useRef, useState } from 'react';
import { Upload } from 'lucide-react';
import {
  IMPORT_KINDS_WORDS,
  IMPORT_MAX_BYTES,
  importCountLabels,
  IMPORT_MODE_LABELS,
  IMPORT_MODES,
  type ImportKind,
  type ImportAnalysis,
  type ImportMode,
  type ImportSampleRow,
  type ImportView,
} from '@shared/import.views';
import type { TaskEvent } from '@shared/live.views';
import { api, downloadFile, failureMessage, sessionEnded } from '../../lib/api';
import { AUTOMATIC } from '../../lib/session-guard';
import { useLive, useLiveEvent } from '../../lib/live';
import { Button } from '../ui/Button';
import { RadioGroupField, SelectField } from '../ui/fields';
import { Modal } from '../ui/Modal';

const number = (value: number) => value.toLocaleString('pt-BR');
/** An estimate as one says it: to two figures ("cerca de 64.000", not "cerca de 63.652"). */
const about = (value: number) => {
  if (value < 100) return number(value);
  const step = 10 ** (Math.floor(Math.log10(value)) - 1);
  return number(Math.round(value / step) * step);
};
const RUNNING = ['na_fila', 'processando'];

type Step = 'arquivo' | 'mapeamento' | 'confirmar' | 'progresso' | 'resumo';

/**
 * "Importar": a spreadsheet of companies brought in by steps: the file (CSV or XLSX) → the columns, guessed and
 * editable, with the first 100 rows checked → the mode → confirm → progress (moved by the live events, read
 * again every few seconds when they are away) → the summary with the failed rows to download. An import under
 * way is shown again when the dialog opens, so the page can be closed and reopened.
 */

export function ImportButton({ kind, onImported }: { kind: ImportKind; onImported: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <Upload className="h-4 w-4" aria-hidden="true" />
        Importar
      </Button>
      {open && (
        <ImportDialog
          kind={kind}
          onClose={(changed) => {
            setOpen(false);
            if (changed) onImported();
          }}
        />
      )}
    </>
  );
}

function ImportDialog({ kind, onClose }: { kind: ImportKind; onClose: (changed: boolean) => void }) {
  const words = IMPORT_KINDS_WORDS[kind];
  const [step, setStep] = useState<Step>('arquivo');
  const [file, setFile] = useState<File | null>(null);
  const [analysis, setAnalysis] = useState<ImportAnalysis | null>(null);
  const [mapping, setMapping] = useState<Record<string, number | null>>({});
  const [mode, setMode] = useState<ImportMode>('atualizar');
  const [state, setState] = useState<ImportView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const { live } = useLive();
  const started = useRef<{ at: number; processed: number } | null>(null);

  // An import under way is shown at once.
  useEffect(() => {
    api('GET', '/admin/importacoes/atual').then(
      (answer) => {
        if (!answer.data) return;
        setState(answer.data);
        setStep('progresso');
      },
      () => undefined,
    );
  }, []);

  async function refresh(id: number) {
    try {
      // Following the progress is the page's own doing, not the person's.
      const now = await api('GET', `/admin/importacoes/${id}`, undefined, AUTOMATIC);
      started.current ??= { at: Date.now(), processed: now.processadas };
      // Reads answered out of order never take an ended import back to an earlier state.
      setState((shown) => (shown?.id === now.id && !RUNNING.includes(shown.status) ? shown : now));
      if (!RUNNING.includes(now.status)) setStep('resumo');
    } catch (failure) {
      if (!sessionEnded(failure)) setError(failureMessage(failure, 'Não foi possível ler o andamento da importação.'));
    }
  }

  // The import followed: known from the moment it is started, so an event that beats the start's answer (a
  // small file is done at once) is not lost.
  const followed = useRef<number | null>(null);
  const onTask = (event: TaskEvent) => {
    if (followed.current !== null && event.tarefa === `importacao-${followed.current}`) void refresh(followed.current);
  };
  useLiveEvent<TaskEvent>('tarefa.progresso', onTask);
  useLiveEvent<TaskEvent>('tarefa.concluida', onTask);
  // The progress is read every few seconds without live events, and now and then with them (an event missed
  // while the stream reconnected).
  useEffect(() => {
    if (step !== 'progresso' || !state) return;
    followed.current = state.id;
    const timer = window.setInterval(() => void refresh(state.id), live ? 10_000 : 3_000);
    return () => window.clearInterval(timer);
  }, [step, state?.id, live]);

  async function send() {
    if (!file) return setErrors({ arquivo: 'Escolha a planilha.' });
    if (file.size > IMPORT_MAX_BYTES) return setErrors({ arquivo: 'A planilha passa de 50 MB: divida-a em arquivos menores.' });
    setBusy(true);
    setError(null);
    setErrors({});
    const form = new FormData();
    form.append('tipo', kind);
    form.append('arquivo', file);
    try {
      const answer = await api('POST', '/admin/importacoes', form);
      setAnalysis(answer);
      setMapping(answer.mapeamento);
      setStep('mapeamento');
    } catch (failure) {
      if (!sessionEnded(failure)) setErrors({ arquivo: failureMessage(failure, 'Não foi possível enviar a planilha.') });
    } finally {
      setBusy(false);
    }
  }

  async function preview() {
    if (!analysis) return;
    setBusy(true);
    setErrors({});
    try {
      const answer = await api('POST', `/admin/importacoes/${analysis.id}/previa`, { mapeamento: mapping });
      setAnalysis(answer);
      return true;
    } catch (failure) {
      if (!sessionEnded(failure)) {
        setErrors(mappingErrors(failure));
        setError(failureMessage(failure, 'Confira o mapeamento das colunas.'));
      }
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function start() {
    if (!analysis) return;
    setBusy(true);
    setError(null);
    try {
      followed.current = analysis.id;
      const answer = await api('POST', `/admin/importacoes/${analysis.id}/iniciar`, { mapeamento: mapping, modo: mode });
      started.current = { at: Date.now(), processed: 0 };
      setState(answer);
      setStep('progresso');
      // Read again after the answer: the import may have ended before it, and its events with it.
      void refresh(answer.id);
    } catch (failure) {
      if (!sessionEnded(failure)) setError(failureMessage(failure, 'Não foi possível iniciar a importação.'));
    } finally {
      setBusy(false);
    }
  }

  async function cancel() {
    if (!state) return;
    setBusy(true);
    try {
      setState(await api('DELETE', `/admin/importacoes/${state.id}`));
    } catch (failure) {
      if (!sessionEnded(failure)) setError(failureMessage(failure, 'Não foi possível cancelar a importação.'));
    } finally {
      setBusy(false);
    }
  }

  const running = step === 'progresso';
  const sampleErrors = analysis?.amostra.filter((row) => Object.keys(row.erros).length > 0).length ?? 0;
  const footer = (
    <>
      {step === 'arquivo' && (
        <>
          <Button variant="secondary" onClick={() => onClose(false)}>
            Cancelar
          </Button>
          <Button onClick={() => void send()} disabled={busy}>
            {busy ? 'Enviando...' : 'Enviar planilha'}
          </Button>
        </>
      )}
      {step === 'mapeamento' && (
        <>
          <Button variant="secondary" onClick={() => setStep('arquivo')}>
            Voltar
          </Button>
          <Button variant="secondary" onClick={() => void preview()} disabled={busy}>
            Atualizar prévia
          </Button>
          <Button onClick={() => void preview().then((ok) => ok && setStep('confirmar'))} disabled={busy}>
            Continuar
          </Button>
        </>
      )}
      {step === 'confirmar' && (
        <>
          <Button variant="secondary" onClick={() => setStep('mapeamento')}>
            Voltar
          </Button>
          <Button onClick={() => void start()} disabled={busy}>
            {busy ? 'Iniciando...' : 'Importar'}
          </Button>
        </>
      )}
      {step === 'progresso' && (
        <>
          <Button variant="secondary" onClick={() => onClose(true)}>
            Fechar (continua em segundo plano)
          </Button>
          <Button variant="danger" onClick={() => void cancel()} disabled={busy || state?.status === 'cancelada'} aria-describedby="importar-cancelar-nota">
            Cancelar importação
          </Button>
        </>
      )}
      {step === 'resumo' && <Button onClick={() => onClose(true)}>Fechar</Button>}
    </>
  );

  return (
    <Modal open title={words.title} onClose={() => onClose(running || step === 'resumo')} busy={busy} size="lg" footer={footer}>
      {error && (
        <p role="alert" className="mb-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}
      {step === 'arquivo' && (
        <div className="space-y-4 text-sm text-slate-700">
          <p>
            Envie uma planilha CSV (separada por ponto e vírgula, vírgula ou tabulação, em UTF-8 ou no formato do Excel) ou XLSX, até 50 MB, com os nomes das
            colunas na primeira linha. {words.matched}
          </p>
          <div>
            <label htmlFor="importar-arquivo" className="mb-1.5 block font-medium text-slate-800">
              Planilha <span className="text-red-600">*</span>
            </label>
            <input
              id="importar-arquivo"
              type="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
              aria-invalid={errors.arquivo ? true : undefined}
              aria-describedby={errors.arquivo ? 'importar-arquivo-erro' : undefined}
              className="block w-full rounded-lg border border-slate-300 bg-white text-sm file:mr-3 file:min-h-11 file:border-0 file:bg-slate-100 file:px-4 file:font-semibold file:text-slate-800"
            />
            {errors.arquivo && (
              <p id="importar-arquivo-erro" className="mt-1 text-sm text-red-700">
                {errors.arquivo}
              </p>
            )}
          </div>
          <button
            type="button"
            onClick={() => void downloadFile(`/admin/importacoes/modelo?tipo=${kind}`, `modelo-${kind}.csv`).catch(() => undefined)}
            className="min-h-11 font-semibold text-brand-800 underline underline-offset-2"
          >
            Baixar modelo de planilha
          </button>
        </div>
      )}

      {step === 'mapeamento' && analysis && (
        <div className="space-y-5">
          <p className="text-sm text-slate-700">
            <strong className="[overflow-wrap:anywhere]">{analysis.arquivo}</strong>: cerca de {about(analysis.total)} linhas. Confira de qual coluna vem cada
            campo.
          </p>
          <div className="grid gap-x-4 sm:grid-cols-2">
            {analysis.campos.map((field) => (
              <SelectField
                key={field.campo}
                id={`mapa-${field.campo}`}
                label={field.rotulo}
                required={field.obrigatorio}
                value={mapping[field.campo] === null || mapping[field.campo] === undefined ? '' : String(mapping[field.campo])}
                onChange={(value) => setMapping((current) => ({ ...current, [field.campo]: value === '' ? null : Number(value) }))}
                options={analysis.colunas.map((column, index) => ({ value: String(index), label: column || `Coluna ${index + 1}` }))}
                empty="Não importar"
                error={errors[field.campo]}
              />
            ))}
          </div>
          <SamplePreview rows={analysis.amostra} analysis={analysis} mapping={mapping} />
        </div>
      )}

      {step === 'confirmar' && analysis && (
        <div className="space-y-5 text-sm text-slate-700">
          <RadioGroupField<ImportMode>
            name="modo"
            legend={words.existing}
            value={mode}
            onChange={setMode}
            options={IMPORT_MODES.map((value) => ({ value, label: IMPORT_MODE_LABELS[value] }))}
            cards
          />
          <p>
            Serão lidas cerca de <strong>{about(analysis.total)}</strong> linhas de <strong className="[overflow-wrap:anywhere]">{analysis.arquivo}</strong>.{' '}
            {sampleErrors > 0
              ? `${number(sampleErrors)} das ${number(analysis.amostra.length)} primeiras têm erros e não serão importadas; você poderá baixá-las no fim.`
              : `As ${number(analysis.amostra.length)} primeiras estão corretas.`}
          </p>
        </div>
      )}

      {(step === 'progresso' || step === 'resumo') && state && <Progress state={state} started={started.current} />}
      {step === 'progresso' && (
        <p id="importar-cancelar-nota" className="mt-3 text-sm text-slate-600">
          {words.feminine
            ? `Ao cancelar, a importação para depois do lote atual, e as ${words.plural} já gravadas continuam cadastradas.`
            : `Ao cancelar, a importação para depois do lote atual, e os ${words.plural} já gravados continuam cadastrados.`}
        </p>
      )}
    </Modal>
  );
}

/** The first rows as they would go in: a few of their mapped values, and each one's errors. */
function SamplePreview({ rows, analysis, mapping }: { rows: ImportSampleRow[]; analysis: ImportAnalysis; mapping: Record<string, number | null> }) {
  const shown = analysis.campos.filter((field) => mapping[field.campo] !== null && mapping[field.campo] !== undefined).slice(0, 3);
  const bad = rows.filter((row) => Object.keys(row.erros).length > 0).length;
  return (
    <section aria-labelledby="previa-titulo">
      <h3 id="previa-titulo" className="text-sm font-semibold text-slate-900">
        Prévia das primeiras {rows.length} linhas{bad > 0 ? `: ${bad} com erro` : ': todas corretas'}
      </h3>
      {/* Scrolls when the rows outgrow it: focusable, so a keyboard can scroll it too. */}
      <ul
        tabIndex={0}
        aria-labelledby="previa-titulo"
        className="mt-2 max-h-72 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200 text-sm"
      >
        {rows.map((row) => {
          const problems = Object.entries(row.erros);
          return (
            <li key={row.linha} className="px-3 py-2">
              <span className="font-medium text-slate-500">Linha {row.linha}: </span>
              <span className="[overflow-wrap:anywhere] text-slate-800">{shown.map((field) => row.valores[mapping[field.campo]!] ?? '').join(' · ')}</span>
              {problems.length > 0 ? (
                <span className="block text-red-700">
                  {problems.map(([field, message]) => `${analysis.campos.find((item) => item.campo === field)?.rotulo ?? field}: ${message}`).join(' ')}
                </span>
              ) : (
                <span className="block text-brand-800">Pronta para importar</span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Progress({ state, started }: { state: ImportView; started: { at: number; processed: number } | null }) {
  const total = Math.max(state.total, state.processadas, 1);
  const percent = Math.min(100, Math.round((state.processadas / total) * 100));
  const running = RUNNING.includes(state.status);
  const labels = importCountLabels(state.tipo);
  let left = '';
  if (running && started && state.processadas > started.processed) {
    const perSecond = (state.processadas - started.processed) / Math.max(1, (Date.now() - started.at) / 1000);
    const seconds = Math.round((total - state.processadas) / Math.max(perSecond, 0.1));
    left = seconds < 60 ? `cerca de ${seconds} s restantes` : `cerca de ${Math.round(seconds / 60)} min restantes`;
  }
  const title =
    state.status === 'concluida'
      ? 'Importação concluída'
      : state.status === 'cancelada'
        ? `Importação cancelada: as linhas já processadas foram mantidas`
        : state.status === 'falhou'
          ? 'A importação parou'
          : state.status === 'na_fila'
            ? 'Na fila'
            : 'Importando...';
  return (
    <div className="space-y-4 text-sm text-slate-700">
      <h3 className="text-base font-semibold text-slate-900" aria-live="polite">
        {title}
      </h3>
      <div>
        <div
          role="progressbar"
          aria-label="Linhas processadas"
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={state.processadas}
          className="h-3 overflow-hidden rounded-full bg-slate-200"
        >
          <div className="h-full bg-brand-700 transition-[width] motion-reduce:transition-none" style={{ width: `${percent}%` }} />
        </div>
        <p className="mt-1">
          {number(state.processadas)} de {state.total_estimado ? `cerca de ${about(total)}` : number(total)} linhas{left ? `, ${left}` : ''}.
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {[
          [labels.criadas, state.criadas],
          [labels.atualizadas, state.atualizadas],
          [labels.sem_alteracao, state.sem_alteracao],
          [labels.falhas, state.falhas],
        ].map(([label, value]) => (
          <div key={label} className="rounded-lg border border-slate-200 px-3 py-2">
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className="text-lg font-semibold text-slate-900">{number(Number(value))}</dd>
          </div>
        ))}
      </dl>
      {state.erro && <p className="text-red-700">{state.erro}</p>}
      {state.falhas_nao_guardadas > 0 && (
        <p>As primeiras 100.000 linhas com erro foram guardadas; outras {number(state.falhas_nao_guardadas)} também falharam.</p>
      )}
      {!running && state.falhas > 0 && (
        <Button
          variant="secondary"
          onClick={() => void downloadFile(`/admin/importacoes/${state.id}/falhas`, `importacao-${state.id}-erros.csv`).catch(() => undefined)}
        >
          Baixar linhas com erro
        </Button>
      )}
    </div>
  );
}

function mappingErrors(failure: unknown): Record<string, string> {
  const body = (failure as { errors?: Record<string, string> }).errors ?? {};
  return Object.fromEntries(Object.entries(body).map(([key, message]) => [key.replace(/^mapeamento\./, ''), message]));
}
