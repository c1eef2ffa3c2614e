import { usePage } from '@inertiajs/react';
import { useMemo, useState, type ReactNode } from 'react';
import { formatCnpj, formatCpf } from '@shared/br';
import type { ResourcePageColumn, ResourcePageSpec } from '@shared/resource-page.views';
import { ACTIVE_TABS, ResourceList, useResourceList, type ActiveListFilters, type ResourceListSpec } from '../../components/admin/ResourceList';
import type { ResourceColumn } from '../../components/admin/ResourceRows';
import { StatusBadge } from '../../components/admin/StatusBadge';
import { Button } from '../../components/ui/Button';
import { DetailItem } from '../../components/ui/DetailItem';
import { Modal } from '../../components/ui/Modal';
import { AdminLayout } from '../../layouts/AdminLayout';
import { api } from '../../lib/api';
import type { SharedProps } from '../../types';

type Row = Record<string, unknown>;

interface Props extends SharedProps {
  spec: ResourcePageSpec;
  filters: ActiveListFilters;
  rows: { data: Row[]; total: number; pageSize: number };
  counts: Record<ActiveListFilters['status'], number>;
}

/**
 * Every declared resource's bulk route takes the same body (BulkSelection), and its row route the companies' own
 * row route's (`{ ativo }`): the companies' types stand for them all.
 */
type BulkPath = '/admin/enterprises/status-em-lote';
type RowStatusPath = `/admin/enterprises/${number}/status`;

/** A field's value as text: the rows are JSON, so a value is a string, a number or null. */
const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : 'N/A');
/** A CNPJ (14 digits) or CPF (11) with its mask; anything else as it is. */
const documentText = (value: unknown) => {
  const digits = text(value);
  return /^\d{14}$/.test(digits) ? formatCnpj(digits) : /^\d{11}$/.test(digits) ? formatCpf(digits) : digits;
};

/** A column of the declaration as the list draws it: text, a document in monospace, or the Ativo/Inativo badge. */
function column(declared: ResourcePageColumn): ResourceColumn<Row> {
  const value = (row: Row): ReactNode => {
    const raw = row[declared.field];
    if (declared.kind === 'status') return <StatusBadge active={Number(raw) === 1} />;
    return declared.kind === 'document' ? documentText(raw) : text(raw);
  };
  return {
    label: declared.label,
    sort: declared.sort,
    value,
    place: declared.place ?? (declared.kind === 'status' ? 'badge' : 'field'),
    className: declared.kind === 'document' ? 'font-mono text-xs whitespace-nowrap text-slate-700' : undefined,
  };
}

/** The list spec of a declared resource's page, from what the server sends. */
function listSpec(spec: ResourcePageSpec): ResourceListSpec<Row, ActiveListFilters> {
  const bulkPath = `${spec.apiPath}/status-em-lote` as BulkPath;
  const activation = spec.activation;
  return {
    path: spec.path,
    rowsProp: 'rows',
    title: spec.title,
    description: spec.description,
    columns: spec.columns.map(column),
    idOf: (row) => Number(row[spec.idField]),
    nameOf: (row) => text(row[spec.nameField]),
    tabs: { options: ACTIVE_TABS },
    search: spec.search && { id: 'busca-recurso', ...spec.search },
    sort: spec.sort && { id: 'ordem-recurso', ...spec.sort },
    exportPath: spec.export ? spec.apiPath : undefined,
    activation: activation && {
      noun: { one: activation.one, many: activation.many, feminine: activation.feminine },
      isActive: (row) => Number(row[activation.statusField]) === 1,
      // The declared row route (not a sensitive action, as a bulk change over the filters is).
      send: (row, active) => api('PATCH', `${spec.apiPath}/${Number(row[spec.idField])}/status` as RowStatusPath, { ativo: active }),
      bulkPath,
    },
    errorMessage: spec.errorMessage,
    emptyText: spec.emptyText,
  };
}

/** The list page of a resource declared on the server with a page (ResourceDeclaration.page): no page of its own. */
export default function Recurso() {
  const { spec, filters, rows, counts } = usePage<Props>().props;
  const declared = useMemo(() => listSpec(spec), [spec]);
  const list = useResourceList(declared, filters);
  const [details, setDetails] = useState<Row | null>(null);

  return (
    <ResourceList list={list} rows={rows} counts={counts} onOpen={setDetails}>
      <Modal
        open={details !== null}
        title={details ? text(details[spec.nameField]) : ''}
        onClose={() => setDetails(null)}
        footer={
          <Button variant="secondary" onClick={() => setDetails(null)}>
            Fechar
          </Button>
        }
      >
        {details && (
          <dl className="grid gap-4 sm:grid-cols-2">
            {(declared.columns as ResourceColumn<Row>[]).map((item) => (
              <DetailItem key={item.label} label={item.label}>
                {item.value(details)}
              </DetailItem>
            ))}
          </dl>
        )}
      </Modal>
    </ResourceList>
  );
}

Recurso.layout = (page: ReactNode) => <AdminLayout>{page}</AdminLayout>;
