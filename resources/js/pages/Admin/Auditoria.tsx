import { Link, usePage } from '@inertiajs/react';
import type { ReactNode } from 'react';
import { AUDIT_ACTIONS, type AuditAction, type AuditEntryView, type AuditTargetView } from '@shared/audit-actions';
import { ChangedValue } from '../../components/admin/HistoryTab';
import { ListBody } from '../../components/admin/ListLayout';
import { AdminLayout } from '../../layouts/AdminLayout';
import { formatDateTime } from '../../lib/dates';
import { useListVisit } from '../../lib/use-list-visit';
import type { SharedProps } from '../../types';
import { SelectField } from '../../components/ui/fields';

interface Filters extends Record<string, string | number> {
  page: number;
  acao: string;
  grupo: string;
}
interface Props extends SharedProps {
  filters: Filters;
  entries: { data: AuditEntryView[]; total: number; page: number; pageSize: number };
}

/** Who did what in the back office (masters only). */
export default function Auditoria() {
  const { filters, entries } = usePage<Props>().props;
  const list = useListVisit<Filters>('/admin/auditoria', ['filters', 'entries'], { page: 1, acao: '', grupo: '' });
  const { visit } = list;

  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Auditoria</h1>
          <p className="mt-1 text-sm text-slate-600">Cada alteração feita no painel e cada tentativa de login, com quem, de onde e quando.</p>
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <SelectField
            id="filtro-grupo"
            label="Grupo"
            value={filters.grupo}
            onChange={(value) => visit({ page: 1, acao: '', grupo: value })}
            empty="Todos"
            options={[{ value: 'equipe', label: 'Ações da equipe' }]}
          />
          <SelectField
            id="filtro-acao"
            label="Ação"
            value={filters.acao}
            onChange={(value) => visit({ page: 1, acao: value, grupo: '' })}
            empty="Todas"
            options={(Object.keys(AUDIT_ACTIONS) as AuditAction[]).map((action) => ({ value: action, label: AUDIT_ACTIONS[action] }))}
          />
        </div>
      </div>
      <ListBody
        list={list}
        rows={entries}
        page={filters.page}
        errorMessage="Erro ao carregar a auditoria."
        emptyText="Nenhum registro encontrado."
        onRetry={() => visit(filters)}
        onPage={(page) => visit({ ...filters, page }, { toListTop: true })}
      >
        <ul className="mt-6 divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
          {entries.data.map((entry) => (
            <li
              key={entry.id}
              className="grid grid-cols-1 gap-1 px-4 py-3 text-sm [overflow-wrap:anywhere] md:grid-cols-[11rem_minmax(0,1fr)_9rem] md:items-start md:gap-4"
            >
              <span className="text-slate-500 tabular-nums">{formatDateTime(entry.created_at)}</span>
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">
                  {AUDIT_ACTIONS[entry.action] ?? entry.action}
                  {entry.alvo && <Target target={entry.alvo} />}
                </p>
                <EntryDetails entry={entry} />
              </div>
              <span className="min-w-0 text-slate-700 md:text-right">
                {entry.admin_username ?? '—'}
                <span className="block font-mono text-xs text-slate-500">{entry.ip ?? ''}</span>
              </span>
            </li>
          ))}
        </ul>
      </ListBody>
    </div>
  );
}

/** The record an entry is about: its kind and name, the name a link to the page that opens it while it exists. */
function Target({ target }: { target: AuditTargetView }) {
  return (
    <span className="font-normal text-slate-600">
      {' '}
      · {target.tipo}
      {target.nome && ' '}
      {target.nome && target.url ? (
        <Link href={target.url} className="font-semibold text-brand-800 underline hover:text-brand-900">
          {target.nome}
        </Link>
      ) : (
        target.nome
      )}
    </span>
  );
}

/**
 * What an entry did: the fields a write changed, "Campo: antes → depois" in the history's words (a creation: the
 * values it set; a deletion: nothing but the name above); a restore says whose values came back. An entry written
 * before the trail kept changes shows the fields it kept, as they were sent.
 */
function EntryDetails({ entry }: { entry: AuditEntryView }) {
  const restored = entry.restaurado;
  return (
    <>
      {restored && (
        <p className="text-slate-600">
          {restored.versao
            ? restored.em
              ? `De volta à versão deixada pela alteração feita ${restored.por ? `por ${restored.por} ` : ''}em ${formatDateTime(restored.em)}`
              : `De volta à versão deixada pela alteração nº ${restored.entrada} do histórico`
            : restored.em
              ? `Valores de antes da alteração feita ${restored.por ? `por ${restored.por} ` : ''}em ${formatDateTime(restored.em)}`
              : `Valores de antes da alteração nº ${restored.entrada} do histórico`}
          {entry.campos && entry.campos.length > 0 ? ':' : '.'}
        </p>
      )}
      {entry.campos ? (
        entry.campos.length > 0 ? (
          <ul className="mt-0.5 space-y-0.5 text-slate-700">
            {entry.campos.map((field) => (
              <li key={field.campo} className="[overflow-wrap:anywhere]">
                <span className="font-medium text-slate-800">{field.rotulo}:</span>{' '}
                {entry.operacao === 'criacao' ? field.depois_texto : <ChangedValue field={field} />}
              </li>
            ))}
          </ul>
        ) : (
          entry.operacao !== 'exclusao' && <p className="text-slate-600">Nenhum campo alterado.</p>
        )
      ) : (
        entry.enviados &&
        entry.enviados.length > 0 && (
          <p className="[overflow-wrap:anywhere] text-slate-600">{entry.enviados.map((field) => `${field.rotulo}: ${field.texto}`).join(' · ')}</p>
        )
      )}
      {entry.summary?.em_lote === true && <p className="text-xs text-slate-500">Alterado em lote</p>}
    </>
  );
}

Auditoria.layout = (page: ReactNode) => <AdminLayout>{page}</AdminLayout>;
