import { usePage } from '@inertiajs/react';
import { KeyRound, Pencil } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { AppUserCounts, AppUserPage, AppUserView } from '@shared/app-user.views';
import { DateRangeFilter } from '../../components/admin/ListControls';
import { ACTIVE_TABS, ResourceList, useResourceList, type ActiveListFilters, type ResourceListSpec } from '../../components/admin/ResourceList';
import { StatusBadge } from '../../components/admin/StatusBadge';
import { UserDetailsModal } from '../../components/admin/UserDetailsModal';
import { UserFormModal } from '../../components/admin/UserFormModal';
import { useUserPasswordReset } from '../../components/admin/UserPasswordReset';
import { EmailText } from '../../components/ui/EmailText';
import { IconButton } from '../../components/ui/IconButton';
import { AdminLayout } from '../../layouts/AdminLayout';
import { api } from '../../lib/api';
import { formatDate } from '../../lib/dates';
import { useOpenedDetails } from '../../lib/use-opened-details';
import type { SharedProps } from '../../types';

interface Filters extends ActiveListFilters {
  date_from: string;
  date_to: string;
}
interface Props extends SharedProps {
  filters: Filters;
  users: AppUserPage;
  counts: AppUserCounts;
  /** The record a link asked to open (`?abrir=<id>`). */
  opened?: AppUserView | null;
}

const fullName = (user: AppUserView) => `${user.firstname} ${user.lastname}`.trim();
const SPEC: ResourceListSpec<AppUserView, Filters> = {
  path: '/admin/usuarios',
  rowsProp: 'users',
  live: 'usuario',
  title: 'Usuários do App',
  description: 'Produtores, vendedores, compradores e equipes que usam o aplicativo.',
  columns: [
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
  ],
  idOf: (user) => user.user_id,
  nameOf: fullName,
  tabs: { options: ACTIVE_TABS },
  search: { id: 'busca-usuarios', label: 'Buscar usuários', placeholder: 'Buscar por Nome, Sobrenome, Email, CPF, Empresa e Cargo...' },
  sort: {
    id: 'ordem-usuarios',
    default: 'cadastro',
    options: [
      { key: 'nome', label: 'Nome' },
      { key: 'email', label: 'Email' },
      { key: 'cadastro', label: 'Data de Cadastro', first: 'desc' },
      { key: 'empresa', label: 'Empresa' },
      { key: 'status', label: 'Status' },
    ],
  },
  exportPath: '/admin/users',
  importKind: 'usuarios',
  activation: {
    noun: { one: 'usuário', many: 'usuários', feminine: false },
    isActive: (user) => user.status === 1,
    send: (user, status) => api('PATCH', `/admin/users/${user.user_id}/status`, { status }),
    bulkPath: '/admin/users/status-em-lote',
  },
  errorMessage: 'Falha ao carregar usuários.',
  emptyText: 'Nenhum usuário encontrado.',
};

export default function Usuarios() {
  const { filters, users, counts, opened } = usePage<Props>().props;
  const list = useResourceList(SPEC, filters);
  const [details, setDetails] = useOpenedDetails(opened);
  const [editing, setEditing] = useState<AppUserView | null>(null);
  const reset = useUserPasswordReset(fullName);

  return (
    <ResourceList
      list={list}
      rows={users}
      counts={counts}
      onOpen={setDetails}
      actions={(user) => (
        <>
          <IconButton label={`Editar ${fullName(user)}`} icon={Pencil} onClick={() => setEditing(user)} />
          <IconButton
            label={`Enviar e-mail de redefinição de senha para ${fullName(user)}`}
            icon={KeyRound}
            onClick={() => reset.ask(user)}
            disabled={reset.sending === user.user_id}
          />
        </>
      )}
      moreFilters={<DateRangeFilter label="Data de cadastro" from={filters.date_from} to={filters.date_to} onChange={list.change} />}
    >
      {details && (
        <UserDetailsModal
          user={details}
          onClose={() => setDetails(null)}
          onEdit={(user) => {
            setEditing(user);
            setDetails(null);
          }}
          onRestored={(restored) => {
            setDetails(restored);
            list.reload();
          }}
        />
      )}
      <UserFormModal
        user={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          list.reload();
        }}
      />
      {reset.dialogs}
    </ResourceList>
  );
}

Usuarios.layout = (page: ReactNode) => <AdminLayout>{page}</AdminLayout>;
