import { usePage } from '@inertiajs/react';
import { Check, Download, KeyRound, Pencil, Power } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { formatCpf, formatPhone } from '@shared/br';
import type { AppUserCounts, AppUserPage, AppUserView } from '@shared/app-user.views';
import { StatusSearchBar } from '../../components/admin/ListControls';
import { ExportMenu } from '../../components/admin/ExportMenu';
import { ImportButton } from '../../components/admin/ImportDialog';
import { ListBody } from '../../components/admin/ListLayout';
import { ResourceRows, type ResourceColumn } from '../../components/admin/ResourceRows';
import { listSort, SortSelect, type SortOption } from '../../components/admin/ListSort';
import { BulkBar, useBulkSelection } from '../../components/admin/BulkActions';
import { StatusBadge } from '../../components/admin/StatusBadge';
import { UserFormModal } from '../../components/admin/UserFormModal';
import { HistoryTab, RecordTabs } from '../../components/admin/HistoryTab';
import { Button } from '../../components/ui/Button';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { EmailText } from '../../components/ui/EmailText';
import { IconButton } from '../../components/ui/IconButton';
import { Modal } from '../../components/ui/Modal';
import { useToast } from '../../components/ui/Toast';
import { AdminLayout } from '../../layouts/AdminLayout';
import { api, ApiError, downloadFile, failureMessage, sessionEnded } from '../../lib/api';
import { formatDate, formatDateTime } from '../../lib/dates';
import { resetMinutes } from '../../lib/list-format';
import { useListVisit } from '../../lib/use-list-visit';
import { useOpenedDetails } from '../../lib/use-opened-details';
import type { SharedProps } from '../../types';
import { TextField } from '../../components/ui/fields';
import { DetailItem as Item } from '../../components/ui/DetailItem';

type StatusFilter = 'todos' | 'ativos' | 'inativos';
interface Filters extends Record<string, string | number> {
  status: StatusFilter;
  page: number;
  busca: string;
  date_from: string;
  date_to: string;
  ordem: string;
  sentido: string;
}
interface Props extends SharedProps {
  filters: Filters;
  users: AppUserPage;
  counts: AppUserCounts;
  /** The record a link asked to open (`?abrir=<id>`). */
  opened?: AppUserView | null;
}

const FILTERS: { key: StatusFilter; label: string }[] = [
  { key: 'todos', label: 'Todos' },
  { key: 'ativos', label: 'Ativos' },
  { key: 'inativos', label: 'Inativos' },
];
const NOT_INFORMED = 'Não informado';
const SORTS: SortOption[] = [
  { key: 'nome', label: 'Nome' },
  { key: 'email', label: 'Email' },
  { key: 'cadastro', label: 'Data de Cadastro', first: 'desc' },
  { key: 'empresa', label: 'Empresa' },
  { key: 'status', label: 'Status' },
];
const fullName = (user: AppUserView) => `${user.firstname} ${user.lastname}`.trim();
/** The list's columns: the table's, and where each card shows them. */
const COLUMNS: ResourceColumn<AppUserView>[] = [
  { label: 'Nome', sort: 'nome', value: fullName, place: 'title' },
  {
    label: 'Email',
    sort: 'email',
    value: (user) => (user.email ? <EmailText email={user.email} /> : '—'),
    className: 'min-w-52 text-slate-600',
    place: 'subtitle',
  },
  {
    label: 'Data de Cadastro',
    sort: 'cadastro',
    value: (user) => formatDate(user.date_added),
    card: (user) => `Cadastro em ${formatDate(user.date_added)}`,
    className: 'whitespace-nowrap text-slate-600',
    place: 'note',
  },
  { label: 'Empresa', sort: 'empresa', value: (user) => user.empresa_nome || 'Sem empresa', className: 'text-slate-700' },
  { label: 'Cargo', value: (user) => user.cargo_nome || 'Sem cargo', className: 'text-slate-700' },
  { label: 'Status', sort: 'status', value: (user) => <StatusBadge active={user.status === 1} />, place: 'badge' },
];

export default function Usuarios() {
  const { filters, users, counts, opened } = usePage<Props>().props;
  const toast = useToast();
  const list = useListVisit<Filters>('/admin/usuarios', ['filters', 'users', 'counts'], {
    page: 1,
    busca: '',
    date_from: '',
    date_to: '',
  });
  const { visit } = list;
  const [details, setDetails] = useOpenedDetails(opened);
  const [editing, setEditing] = useState<AppUserView | null>(null);
  const [toggling, setToggling] = useState<AppUserView | null>(null);
  const [busy, setBusy] = useState(false);
  const [resetNotice, setResetNotice] = useState<{ email: string; minutes: number } | null>(null);
  const [resetting, setResetting] = useState<number | null>(null);
  const [confirmReset, setConfirmReset] = useState<AppUserView | null>(null);
  const [copying, setCopying] = useState(false);

  const reload = () => visit(filters);
  const sort = listSort(filters, SORTS, 'cadastro', (order) => visit({ ...filters, ...order, page: 1 }));
  const bulk = useBulkSelection(JSON.stringify([filters.status, filters.busca, filters.date_from, filters.date_to]), users.total);
  const pageIds = users.data.map((user) => user.user_id);

  async function confirmToggle() {
    if (!toggling) return;
    setBusy(true);
    const status = toggling.status === 1 ? 0 : 1;
    try {
      await api('PATCH', `/admin/users/${toggling.user_id}/status`, { status });
      toast('success', status ? 'Usuário ativado com sucesso!' : 'Usuário desativado com sucesso!');
      setToggling(null);
      reload();
    } catch (failure) {
      if (!sessionEnded(failure)) toast('error', 'Falha ao alterar status.');
    } finally {
      setBusy(false);
    }
  }

  /** A reset e-mail goes to a real person's inbox: staff confirm the recipient first. */
  function askReset(user: AppUserView) {
    if (!user.email) {
      toast('error', 'Este usuário não possui e-mail cadastrado.');
      return;
    }
    setConfirmReset(user);
  }

  async function sendReset(user: AppUserView) {
    setConfirmReset(null);
    setResetting(user.user_id);
    try {
      const result = await api('POST', `/admin/users/${user.user_id}/reset-password`);
      setResetNotice({ email: result.email ?? user.email, minutes: resetMinutes(result) });
    } catch (failure) {
      if (sessionEnded(failure)) return;
      toast(
        'error',
        failure instanceof ApiError && failure.code === 'USER_WITHOUT_EMAIL'
          ? 'Este usuário não possui e-mail cadastrado.'
          : 'Se o e-mail existir, enviaremos as instruções.',
      );
    } finally {
      setResetting(null);
    }
  }

  /** The data subject's copy (LGPD art. 19 § 3º): everything kept about the user, as a JSON file. */
  async function downloadCopy(user: AppUserView) {
    setCopying(true);
    try {
      await downloadFile(`/admin/users/${user.user_id}/dados-pessoais`, `agromaq-dados-usuario-${user.user_id}.json`);
      toast('success', 'Cópia dos dados baixada.');
    } catch (failure) {
      if (!sessionEnded(failure)) toast('error', failureMessage(failure, 'Falha ao gerar a cópia dos dados.'));
    } finally {
      setCopying(false);
    }
  }

  const actions = (user: AppUserView) => (
    <div className="ml-auto flex justify-end gap-1" onClick={(event) => event.stopPropagation()}>
      <IconButton label={`Editar ${fullName(user)}`} icon={Pencil} onClick={() => setEditing(user)} />
      <IconButton
        label={`Enviar e-mail de redefinição de senha para ${fullName(user)}`}
        icon={KeyRound}
        onClick={() => askReset(user)}
        disabled={resetting === user.user_id}
      />
      <IconButton
        label={`${user.status === 1 ? 'Desativar' : 'Ativar'} ${fullName(user)}`}
        icon={user.status === 1 ? Power : Check}
        onClick={() => setToggling(user)}
        tone={user.status === 1 ? 'danger' : 'brand'}
      />
    </div>
  );

  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Usuários do App</h1>
          <p className="mt-1 text-sm text-slate-600">Produtores, vendedores, compradores e equipes que usam o aplicativo.</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <ImportButton kind="usuarios" onImported={reload} />
          <ExportMenu path="/admin/users" query={filters} />
        </div>
      </div>

      <StatusSearchBar
        options={FILTERS}
        counts={counts}
        status={filters.status}
        busca={filters.busca}
        search={{ id: 'busca-usuarios', label: 'Buscar usuários', placeholder: 'Buscar por Nome, Sobrenome, Email, CPF, Empresa e Cargo...' }}
        onChange={(change) => visit({ ...filters, ...change, page: 1 })}
      />
      <div className="mt-3 flex flex-wrap items-end gap-3 text-sm" role="group" aria-label="Data de cadastro">
        <TextField
          id="filtro-de"
          label="De"
          type="date"
          value={filters.date_from}
          max={filters.date_to || undefined}
          onChange={(value) => visit({ ...filters, date_from: value, page: 1 })}
        />
        <TextField
          id="filtro-ate"
          label="Até"
          type="date"
          value={filters.date_to}
          min={filters.date_from || undefined}
          onChange={(value) => visit({ ...filters, date_to: value, page: 1 })}
        />
        {(filters.date_from || filters.date_to) && (
          <Button variant="ghost" onClick={() => visit({ ...filters, date_from: '', date_to: '', page: 1 })}>
            Limpar
          </Button>
        )}
      </div>

      <BulkBar
        bulk={bulk}
        pageIds={pageIds}
        total={users.total}
        path="/admin/users/status-em-lote"
        filters={filters}
        noun={{ one: 'usuário', many: 'usuários', feminine: false }}
        onDone={reload}
      />
      <SortSelect sort={sort} id="ordem-usuarios" />

      <ListBody
        list={list}
        rows={users}
        page={filters.page}
        errorMessage="Falha ao carregar usuários."
        emptyText="Nenhum usuário encontrado."
        onRetry={reload}
        onPage={(page) => visit({ ...filters, page }, { toListTop: true })}
      >
        <ResourceRows
          rows={users.data}
          columns={COLUMNS}
          idOf={(user) => user.user_id}
          nameOf={fullName}
          onOpen={setDetails}
          actions={actions}
          sort={sort}
          bulk={bulk}
          pageLabel="Selecionar os usuários desta página"
        />
      </ListBody>

      {details && (
        <Modal
          open
          title="Detalhes do Usuário"
          size="lg"
          onClose={() => setDetails(null)}
          footer={
            <>
              <Button variant="secondary" onClick={() => setDetails(null)}>
                Fechar
              </Button>
              <Button
                variant="secondary"
                onClick={() => downloadCopy(details)}
                disabled={copying}
                title="Tudo o que guardamos sobre este usuário, em JSON (LGPD, art. 19)"
              >
                <Download className="h-4 w-4" aria-hidden />
                {copying ? 'Gerando…' : 'Baixar dados (LGPD)'}
              </Button>
              <Button
                onClick={() => {
                  setEditing(details);
                  setDetails(null);
                }}
              >
                Editar
              </Button>
            </>
          }
        >
          <RecordTabs
            details={
              <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
                <Item label="Nome">{details.firstname}</Item>
                <Item label="Sobrenome">{details.lastname}</Item>
                <Item label="Email">{details.email ? <EmailText email={details.email} /> : NOT_INFORMED}</Item>
                <Item label="Telefone">{details.fone ? formatPhone(details.fone) : NOT_INFORMED}</Item>
                <Item label="CPF">{details.cpf ? formatCpf(details.cpf) : NOT_INFORMED}</Item>
                <Item label="Empresa">{details.empresa_nome || 'Sem empresa'}</Item>
                <Item label="Cargo">{details.cargo_nome || 'Sem cargo'}</Item>
                <Item label="Ramo de Atividade">{details.ocupacao_nome || NOT_INFORMED}</Item>
                <Item label="Cidade">{details.cidade_nome && details.cidade_uf ? `${details.cidade_nome} - ${details.cidade_uf}` : NOT_INFORMED}</Item>
                <Item label="Status">{details.status === 1 ? 'Ativo' : 'Inativo'}</Item>
                <Item label="Plano Válido Até">{details.plano_valido ? formatDate(details.plano_valido) : NOT_INFORMED}</Item>
                <Item label="Device ID">{details.device_id ? <span className="font-mono text-xs break-all">{details.device_id}</span> : NOT_INFORMED}</Item>
                <Item label="Data de Cadastro">{formatDateTime(details.date_added)}</Item>
                <Item label="Última Modificação">{formatDateTime(details.date_modified)}</Item>
              </dl>
            }
            history={
              <HistoryTab<AppUserView>
                path="users"
                id={details.user_id}
                version={details.version}
                onRestored={(restored) => {
                  setDetails(restored);
                  reload();
                }}
              />
            }
          />
        </Modal>
      )}

      <UserFormModal
        user={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          reload();
        }}
      />
      <ConfirmDialog
        open={toggling !== null}
        title={toggling?.status === 1 ? 'Desativar usuário' : 'Ativar usuário'}
        message={toggling ? `Deseja ${toggling.status === 1 ? 'desativar' : 'ativar'} o usuário ${fullName(toggling)}?` : ''}
        confirmLabel={toggling?.status === 1 ? 'Desativar' : 'Ativar'}
        danger={toggling?.status === 1}
        busy={busy}
        onConfirm={confirmToggle}
        onCancel={() => setToggling(null)}
      />
      <ConfirmDialog
        open={confirmReset !== null}
        title="Redefinição de senha"
        message={confirmReset ? `Enviar para ${confirmReset.email} um link de redefinição de senha de ${fullName(confirmReset)}?` : ''}
        confirmLabel="Enviar e-mail"
        onConfirm={() => confirmReset && sendReset(confirmReset)}
        onCancel={() => setConfirmReset(null)}
      />
      <Modal
        open={resetNotice !== null}
        title="Email de Redefinição Enviado"
        size="sm"
        onClose={() => setResetNotice(null)}
        footer={<Button onClick={() => setResetNotice(null)}>Entendi</Button>}
      >
        {resetNotice && (
          <div className="space-y-2 text-sm text-slate-700">
            <p>
              Enviamos um link para redefinir a senha para{' '}
              <strong className="text-slate-900">
                <EmailText email={resetNotice.email} />
              </strong>
              .
            </p>
            <p>Este link expira em {resetNotice.minutes} minuto(s).</p>
            <p className="text-slate-500">Se o e-mail não aparecer na caixa de entrada, peça ao usuário para verificar a pasta de spam.</p>
          </div>
        )}
      </Modal>
    </div>
  );
}

Usuarios.layout = (page: ReactNode) => <AdminLayout>{page}</AdminLayout>;
