import { usePage } from '@inertiajs/react';
import { Pencil, Plus } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { formatCnpj } from '@shared/br';
import type { EnterpriseCounts, EnterprisePage, EnterpriseView } from '@shared/enterprise.views';
import { EnterpriseDetailsModal, formatCity } from '../../components/admin/EnterpriseDetailsModal';
import { ENTERPRISE_DRAFT, EnterpriseFormModal } from '../../components/admin/EnterpriseFormModal';
import { LogoImage } from '../../components/admin/LogoImage';
import { ACTIVE_TABS, ResourceList, useResourceList, type ActiveListFilters, type ResourceListSpec } from '../../components/admin/ResourceList';
import { StatusBadge } from '../../components/admin/StatusBadge';
import { Button } from '../../components/ui/Button';
import { IconButton } from '../../components/ui/IconButton';
import { useToast } from '../../components/ui/Toast';
import { Breakable } from '../../components/ui/Breakable';
import { AdminLayout } from '../../layouts/AdminLayout';
import { api, failureMessage, sessionEnded } from '../../lib/api';
import { pendingDraft } from '../../lib/session-guard';
import { useOpenedDetails } from '../../lib/use-opened-details';
import type { SharedProps } from '../../types';

interface Props extends SharedProps {
  filters: ActiveListFilters;
  enterprises: EnterprisePage;
  counts: EnterpriseCounts;
  /** The record a link asked to open (`?abrir=<id>`). */
  opened?: EnterpriseView | null;
}

const NA = 'N/A';
const SPEC: ResourceListSpec<EnterpriseView, ActiveListFilters> = {
  path: '/admin/empresas',
  rowsProp: 'enterprises',
  live: 'empresa',
  title: 'Empresas',
  description: 'Concessionárias, revendas, fabricantes, leiloeiros e produtores cadastrados.',
  columns: [
    {
      label: 'Logo',
      value: (enterprise) => <LogoImage src={enterprise.logo_url} alt={`Logo ${enterprise.fantasia}`} />,
      card: (enterprise) => <LogoImage src={enterprise.logo_url} alt={`Logo ${enterprise.fantasia}`} className="h-12 w-20 shrink-0" />,
      place: 'media',
    },
    {
      label: 'Fantasia',
      sort: 'fantasia',
      value: (enterprise) => enterprise.fantasia,
      below: (enterprise) => (
        <p className="max-w-xs text-xs text-slate-500">
          <Breakable text={enterprise.razao} />
        </p>
      ),
      place: 'title',
    },
    {
      label: 'CNPJ',
      sort: 'cnpj',
      value: (enterprise) => formatCnpj(enterprise.cnpj),
      card: (enterprise) => <span className="font-mono text-xs">{formatCnpj(enterprise.cnpj)}</span>,
      className: 'font-mono text-xs whitespace-nowrap text-slate-700',
      place: 'subtitle',
    },
    { label: 'IE', value: (enterprise) => enterprise.inscricao_estadual || NA, className: 'whitespace-nowrap text-slate-600' },
    { label: 'Cidade', sort: 'cidade', value: (enterprise) => formatCity(enterprise.cidade_nome, enterprise.cidade_uf), className: 'text-slate-600' },
    { label: 'Status', sort: 'status', value: (enterprise) => <StatusBadge active={enterprise.ativo === 1} />, place: 'badge' },
  ],
  idOf: (enterprise) => enterprise.enterprise_id,
  nameOf: (enterprise) => enterprise.fantasia,
  tabs: { options: ACTIVE_TABS },
  search: { id: 'busca-empresas', label: 'Buscar empresas', placeholder: 'Buscar por Razão, Fantasia, CNPJ, Bairro, Cidade, UF ou IE...' },
  sort: {
    id: 'ordem-empresas',
    default: 'fantasia',
    options: [
      { key: 'fantasia', label: 'Fantasia' },
      { key: 'cnpj', label: 'CNPJ' },
      { key: 'cidade', label: 'Cidade' },
      { key: 'status', label: 'Status' },
    ],
  },
  exportPath: '/admin/enterprises',
  importKind: 'empresas',
  activation: {
    noun: { one: 'empresa', many: 'empresas', feminine: true },
    isActive: (enterprise) => enterprise.ativo === 1,
    send: (enterprise, ativo) => api('PATCH', `/admin/enterprises/${enterprise.enterprise_id}/status`, { ativo }),
    bulkPath: '/admin/enterprises/status-em-lote',
  },
  errorMessage: 'Falha ao carregar empresas.',
  emptyText: 'Nenhuma empresa encontrada.',
};

export default function Empresas() {
  const { filters, enterprises, counts, opened } = usePage<Props>().props;
  const toast = useToast();
  const list = useResourceList(SPEC, filters);
  const [details, setDetails] = useOpenedDetails(opened);
  const [editing, setEditing] = useState<EnterpriseView | null>(null);
  const [formOpen, setFormOpen] = useState(false);

  // Back from a session ended for inactivity with a company form half filled: it opens again as it was.
  useEffect(() => {
    const draft = pendingDraft(ENTERPRISE_DRAFT);
    if (!draft) return;
    const id = draft.key.slice(ENTERPRISE_DRAFT.length);
    if (id === 'nova') openForm(null);
    else
      api('GET', `/admin/enterprises/${id}`)
        .then(({ data }) => openForm(data))
        .catch((failure: unknown) => {
          if (!sessionEnded(failure)) toast('error', failureMessage(failure, 'Não foi possível abrir a empresa que você editava.'));
        });
  }, []);

  function openForm(enterprise: EnterpriseView | null) {
    setDetails(null);
    setEditing(enterprise);
    setFormOpen(true);
  }

  return (
    <ResourceList
      list={list}
      rows={enterprises}
      counts={counts}
      onOpen={setDetails}
      actions={(enterprise) => <IconButton label={`Editar ${enterprise.fantasia}`} icon={Pencil} onClick={() => openForm(enterprise)} />}
      headerActions={
        <Button onClick={() => openForm(null)}>
          <Plus className="h-4 w-4" strokeWidth={2.2} aria-hidden="true" />
          Nova Empresa
        </Button>
      }
    >
      <EnterpriseDetailsModal enterprise={details} onClose={() => setDetails(null)} onEdit={openForm} onChanged={list.reload} />
      <EnterpriseFormModal
        open={formOpen}
        enterprise={editing}
        onClose={() => setFormOpen(false)}
        onSaved={() => {
          setFormOpen(false);
          list.reload();
        }}
      />
    </ResourceList>
  );
}

Empresas.layout = (page: ReactNode) => <AdminLayout>{page}</AdminLayout>;
