import { usePage } from '@inertiajs/react';
import { Check, Pencil, Power } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { formatCnpj } from '@shared/br';
import type { EnterpriseCounts, EnterprisePage, EnterpriseView } from '@shared/enterprise.views';
import { EnterpriseDetailsModal, formatCity } from '../../components/admin/EnterpriseDetailsModal';
import { ExportMenu } from '../../components/admin/ExportMenu';
import { ImportButton } from '../../components/admin/ImportDialog';
import { ENTERPRISE_DRAFT, EnterpriseFormModal } from '../../components/admin/EnterpriseFormModal';
import { pendingDraft } from '../../lib/session-guard';
import { StatusSearchBar } from '../../components/admin/ListControls';
import { listSort, SortSelect, type SortOption } from '../../components/admin/ListSort';
import { BulkBar, useBulkSelection } from '../../components/admin/BulkActions';
import { ListBody } from '../../components/admin/ListLayout';
import { ResourceRows, type ResourceColumn } from '../../components/admin/ResourceRows';
import { LogoImage } from '../../components/admin/LogoImage';
import type { LogoOption } from '../../components/admin/LogoPicker';
import { StatusBadge } from '../../components/admin/StatusBadge';
import { Button } from '../../components/ui/Button';
import { IconButton } from '../../components/ui/IconButton';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { useToast } from '../../components/ui/Toast';
import { AdminLayout } from '../../layouts/AdminLayout';
import { api, failureMessage, sessionEnded } from '../../lib/api';
import { useListVisit } from '../../lib/use-list-visit';
import { useOpenedDetails } from '../../lib/use-opened-details';
import type { SharedProps } from '../../types';
import { Plus } from 'lucide-react';

type StatusFilter = 'todos' | 'ativos' | 'inativos';
interface Filters extends Record<string, string | number> {
  status: StatusFilter;
  page: number;
  busca: string;
  ordem: string;
  sentido: string;
}
interface Props extends SharedProps {
  filters: Filters;
  enterprises: EnterprisePage;
  counts: EnterpriseCounts;
  /** The record a link asked to open (`?abrir=<id>`). */
  opened?: EnterpriseView | null;
}

const FILTERS: { key: StatusFilter; label: string }[] = [
  { key: 'todos', label: 'Todos' },
  { key: 'ativos', label: 'Ativos' },
  { key: 'inativos', label: 'Inativos' },
];
const NA = 'N/A';
/** The list's columns: the table's, and where each card shows them. */
const COLUMNS: ResourceColumn<EnterpriseView>[] = [
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
    below: (enterprise) => <p className="max-w-xs text-xs [overflow-wrap:anywhere] text-slate-500">{enterprise.razao}</p>,
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
];
const SORTS: SortOption[] = [
  { key: 'fantasia', label: 'Fantasia' },
  { key: 'cnpj', label: 'CNPJ' },
  { key: 'cidade', label: 'Cidade' },
  { key: 'status', label: 'Status' },
];

export default function Empresas() {
  const { filters, enterprises, counts, opened } = usePage<Props>().props;
  const toast = useToast();
  const [logos, setLogos] = useState<LogoOption[]>([]);
  const [details, setDetails] = useOpenedDetails(opened);
  const [editing, setEditing] = useState<EnterpriseView | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [toggling, setToggling] = useState<EnterpriseView | null>(null);
  const [toggleBusy, setToggleBusy] = useState(false);

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

  useEffect(() => {
    api('GET', '/admin/logos')
      .then(({ data }) => setLogos(data))
      .catch((failure: unknown) => console.error('Falha ao carregar logos', failure));
  }, []);

  const list = useListVisit<Filters>('/admin/empresas', ['filters', 'enterprises', 'counts'], { page: 1, busca: '' });
  const { visit } = list;
  const reload = () => visit(filters);
  const sort = listSort(filters, SORTS, 'fantasia', (order) => visit({ ...filters, ...order, page: 1 }));
  const bulk = useBulkSelection(JSON.stringify([filters.status, filters.busca]), enterprises.total);
  const pageIds = enterprises.data.map((enterprise) => enterprise.enterprise_id);

  async function confirmToggle() {
    if (!toggling) return;
    setToggleBusy(true);
    const ativo = toggling.ativo === 1 ? 0 : 1;
    try {
      await api('PATCH', `/admin/enterprises/${toggling.enterprise_id}/status`, { ativo });
      toast('success', ativo ? 'Empresa ativada com sucesso!' : 'Empresa desativada com sucesso!');
      setToggling(null);
      reload();
    } catch (failure) {
      if (!sessionEnded(failure)) toast('error', 'Falha ao alterar status.');
    } finally {
      setToggleBusy(false);
    }
  }

  function openForm(enterprise: EnterpriseView | null) {
    setDetails(null);
    setEditing(enterprise);
    setFormOpen(true);
  }

  const actions = (enterprise: EnterpriseView) => (
    <div className="ml-auto flex justify-end gap-1" onClick={(event) => event.stopPropagation()}>
      <IconButton label={`Editar ${enterprise.fantasia}`} icon={Pencil} onClick={() => openForm(enterprise)} />
      <IconButton
        label={`${enterprise.ativo === 1 ? 'Desativar' : 'Ativar'} ${enterprise.fantasia}`}
        icon={enterprise.ativo === 1 ? Power : Check}
        onClick={() => setToggling(enterprise)}
        tone={enterprise.ativo === 1 ? 'danger' : 'brand'}
      />
    </div>
  );

  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Empresas</h1>
          <p className="mt-1 text-sm text-slate-600">Concessionárias, revendas, fabricantes, leiloeiros e produtores cadastrados.</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <ImportButton kind="empresas" onImported={reload} />
          <ExportMenu path="/admin/enterprises" query={filters} />
          <Button onClick={() => openForm(null)}>
            <Plus className="h-4 w-4" strokeWidth={2.2} aria-hidden="true" />
            Nova Empresa
          </Button>
        </div>
      </div>

      <StatusSearchBar
        options={FILTERS}
        counts={counts}
        status={filters.status}
        busca={filters.busca}
        search={{ id: 'busca-empresas', label: 'Buscar empresas', placeholder: 'Buscar por Razão, Fantasia, CNPJ, Bairro, Cidade, UF ou IE...' }}
        onChange={(change) => visit({ ...filters, ...change, page: 1 })}
      />

      <BulkBar
        bulk={bulk}
        pageIds={pageIds}
        total={enterprises.total}
        path="/admin/enterprises/status-em-lote"
        filters={filters}
        noun={{ one: 'empresa', many: 'empresas', feminine: true }}
        onDone={reload}
      />
      <SortSelect sort={sort} id="ordem-empresas" />

      <ListBody
        list={list}
        rows={enterprises}
        page={filters.page}
        errorMessage="Falha ao carregar empresas."
        emptyText="Nenhuma empresa encontrada."
        onRetry={reload}
        onPage={(page) => visit({ ...filters, page }, { toListTop: true })}
      >
        <ResourceRows
          rows={enterprises.data}
          columns={COLUMNS}
          idOf={(enterprise) => enterprise.enterprise_id}
          nameOf={(enterprise) => enterprise.fantasia}
          onOpen={setDetails}
          actions={actions}
          sort={sort}
          bulk={bulk}
          pageLabel="Selecionar as empresas desta página"
        />
      </ListBody>

      <EnterpriseDetailsModal enterprise={details} onClose={() => setDetails(null)} onEdit={openForm} onChanged={reload} />
      <EnterpriseFormModal
        open={formOpen}
        enterprise={editing}
        logos={logos}
        onLogoUploaded={(logo) => setLogos((current) => [...current, logo])}
        onClose={() => setFormOpen(false)}
        onSaved={() => {
          setFormOpen(false);
          reload();
        }}
      />
      <ConfirmDialog
        open={toggling !== null}
        title={toggling?.ativo === 1 ? 'Desativar empresa' : 'Ativar empresa'}
        message={toggling ? `Deseja ${toggling.ativo === 1 ? 'desativar' : 'ativar'} a empresa ${toggling.fantasia}?` : ''}
        confirmLabel={toggling?.ativo === 1 ? 'Desativar' : 'Ativar'}
        danger={toggling?.ativo === 1}
        busy={toggleBusy}
        onConfirm={confirmToggle}
        onCancel={() => setToggling(null)}
      />
    </div>
  );
}

Empresas.layout = (page: ReactNode) => <AdminLayout>{page}</AdminLayout>;
