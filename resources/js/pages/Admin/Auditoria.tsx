import { usePage } from '@inertiajs/react';
import type { ReactNode } from 'react';
import { AUDIT_ACTIONS, describeAuditSummary, type AuditAction, type AuditEntryView } from '@shared/audit-actions';
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

const TARGETS: Record<string, string> = { admin: 'Administrador', ip: 'IP', enterprise: 'Empresa', logo: 'Logo', user: 'Usuário', contact: 'Contato' };

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
                  {entry.target_type && (
                    <span className="font-normal text-slate-600">
                      {' '}
                      · {TARGETS[entry.target_type] ?? entry.target_type}
                      {entry.target_id ? ` #${entry.target_id}` : ''}
                    </span>
                  )}
                </p>
                <p className="[overflow-wrap:anywhere] text-slate-600">{describeAuditSummary(entry.summary)}</p>
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

Auditoria.layout = (page: ReactNode) => <AdminLayout>{page}</AdminLayout>;
