import { usePage } from '@inertiajs/react';
import { Check, History, KeyRound, LogOut, MonitorSmartphone, Pencil, Power, UserPlus } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import {
  ROLE_LABELS,
  TEAM_STATUS_LABELS,
  type AdminSessionView,
  type InviteLink,
  type TeamCounts,
  type TeamMemberStatus,
  type TeamMemberView,
  type TeamPage,
  type TeamStatusFilter,
} from '@shared/team.views';
import { ResourceList, useResourceList, type ListFilters, type ResourceListSpec } from '../../components/admin/ResourceList';
import { PasswordLinkDialog } from '../../components/admin/PasswordLinkDialog';
import { SessionList } from '../../components/admin/SessionList';
import { TeamMemberFormModal } from '../../components/admin/TeamMemberFormModal';
import { Button } from '../../components/ui/Button';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { EmailText } from '../../components/ui/EmailText';
import { IconButton } from '../../components/ui/IconButton';
import { Modal } from '../../components/ui/Modal';
import { HistoryTab } from '../../components/admin/HistoryTab';
import { useToast } from '../../components/ui/Toast';
import { Breakable } from '../../components/ui/Breakable';
import { AdminLayout } from '../../layouts/AdminLayout';
import { api, failureMessage, sessionEnded } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import type { AdminData } from '../../lib/session';
import type { SharedProps } from '../../types';

interface Filters extends ListFilters {
  status: TeamStatusFilter;
  busca: string;
}
interface Props extends SharedProps {
  filters: Filters;
  team: TeamPage;
  counts: TeamCounts;
  admin: AdminData | null;
}

const STATUS_STYLE: Record<TeamMemberStatus, string> = {
  ativo: 'bg-brand-100 text-brand-800',
  inativo: 'bg-slate-200 text-slate-700',
  convite: 'bg-amber-100 text-amber-900',
};

function TeamStatusBadge({ status }: { status: TeamMemberStatus }) {
  return (
    <span className={`inline-flex shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${STATUS_STYLE[status]}`}>
      {TEAM_STATUS_LABELS[status]}
    </span>
  );
}

function lastLogin(member: TeamMemberView): string {
  return member.last_login_at ? `${formatDateTime(member.last_login_at)}${member.last_login_ip ? ` · ${member.last_login_ip}` : ''}` : 'Nunca';
}

/** A colleague's name, "(você)" for oneself. */
function MemberName({ member }: { member: TeamMemberView }) {
  const self = usePage<Props>().props.admin?.id === member.id;
  return (
    <span>
      <Breakable text={member.nome} />
      {self && <span className="ml-1 text-xs font-normal whitespace-nowrap text-slate-500">(você)</span>}
    </span>
  );
}

const SPEC: ResourceListSpec<TeamMemberView, Filters> = {
  path: '/admin/equipe',
  rowsProp: 'team',
  live: 'admin',
  title: 'Equipe',
  description: 'Quem usa o painel: convites, papéis, acesso e sessões abertas.',
  columns: [
    {
      label: 'Nome',
      value: (member) => <MemberName member={member} />,
      below: (member) => (
        <span className="block text-xs text-slate-500">
          <Breakable text={member.username} />
        </span>
      ),
      className: 'max-w-72',
      place: 'title',
    },
    {
      label: 'E-mail',
      value: (member) => (member.email ? <EmailText email={member.email} /> : '—'),
      card: (member) => member.email && <EmailText email={member.email} />,
      className: 'max-w-64 text-slate-600',
      place: 'subtitle',
    },
    { label: 'Papel', value: (member) => ROLE_LABELS[member.role], className: 'text-slate-700' },
    { label: 'Status', value: (member) => <TeamStatusBadge status={member.status} />, place: 'badge' },
    { label: 'Último login', value: lastLogin, className: 'text-slate-600 tabular-nums' },
    { label: 'Sessões', cardLabel: 'Sessões abertas', value: (member) => member.sessoes_abertas, className: 'text-slate-700 tabular-nums' },
  ],
  idOf: (member) => member.id,
  nameOf: (member) => member.nome,
  tabs: {
    options: [
      { key: 'todos', label: 'Todos' },
      { key: 'ativos', label: 'Ativos' },
      { key: 'inativos', label: 'Inativos' },
      { key: 'convite', label: 'Convites pendentes' },
    ],
  },
  search: { id: 'busca-equipe', label: 'Buscar na equipe', placeholder: 'Buscar por nome, usuário ou e-mail...' },
  errorMessage: 'Falha ao carregar a equipe.',
  emptyText: 'Ninguém encontrado.',
};

/** What a confirmed action on a colleague does: its dialog's words and its call. */
type Action = 'desativar' | 'reativar' | 'link' | 'encerrar';
const ACTIONS: Record<Action, { title: string; label: string; danger: boolean; message: (name: string) => string }> = {
  desativar: {
    title: 'Desativar colega',
    label: 'Desativar',
    danger: true,
    message: (name) => `Desativar ${name}? As sessões abertas de ${name} terminam agora e o login deixa de funcionar até a reativação.`,
  },
  reativar: { title: 'Reativar colega', label: 'Reativar', danger: false, message: (name) => `Reativar ${name}? O login volta a funcionar com a senha atual.` },
  link: {
    title: 'Gerar novo link de senha',
    label: 'Gerar link',
    danger: true,
    message: (name) => `Gerar um novo link de senha para ${name}? A senha atual de ${name} deixa de funcionar agora e as sessões abertas terminam.`,
  },
  encerrar: { title: 'Encerrar sessões', label: 'Encerrar sessões', danger: true, message: (name) => `Encerrar todas as sessões abertas de ${name}?` },
};

/** The back office's own people (masters only): invite, edit, deactivate, new password links and sessions. */
export default function Equipe() {
  const { filters, team, counts, admin } = usePage<Props>().props;
  const toast = useToast();
  const list = useResourceList(SPEC, filters);
  const { reload } = list;
  const selfId = admin?.id ?? 0;

  const [form, setForm] = useState<{ member: TeamMemberView | null } | null>(null);
  const [link, setLink] = useState<{ link: InviteLink; member: TeamMemberView; title: string; noAddress?: boolean } | null>(null);
  const [pending, setPending] = useState<{ action: Action; member: TeamMemberView } | null>(null);
  const [busy, setBusy] = useState(false);
  const [sessionsOf, setSessionsOf] = useState<TeamMemberView | null>(null);
  const [historyOf, setHistoryOf] = useState<TeamMemberView | null>(null);

  async function run() {
    if (!pending) return;
    const { action, member } = pending;
    setBusy(true);
    try {
      if (action === 'desativar' || action === 'reativar') {
        await api('PATCH', `/admin/admins/${member.id}`, { ativo: action === 'reativar' });
        toast('success', action === 'reativar' ? `${member.nome} foi reativado(a).` : `${member.nome} foi desativado(a) e as sessões foram encerradas.`);
      } else if (action === 'link') {
        const { convite } = await api('POST', `/admin/admins/${member.id}/link-senha`);
        setLink({ link: convite, member, title: 'Novo link de senha' });
      } else {
        const { encerradas } = await api('DELETE', `/admin/admins/${member.id}/sessoes`);
        toast('success', encerradas === 1 ? '1 sessão encerrada.' : `${encerradas} sessões encerradas.`);
      }
      setPending(null);
      reload();
    } catch (failure) {
      if (!sessionEnded(failure)) toast('error', failureMessage(failure, 'Não foi possível concluir a ação.'));
    } finally {
      setBusy(false);
    }
  }

  const actions = (member: TeamMemberView) => {
    const self = member.id === selfId;
    const ask = (action: Action) => () => setPending({ action, member });
    return (
      <>
        <IconButton label={`Editar ${member.nome}`} icon={Pencil} onClick={() => setForm({ member })} />
        <IconButton label={`Sessões de ${member.nome}`} icon={MonitorSmartphone} onClick={() => setSessionsOf(member)} />
        <IconButton label={`Histórico de ${member.nome}`} icon={History} onClick={() => setHistoryOf(member)} />
        <IconButton label={`Encerrar sessões de ${member.nome}`} icon={LogOut} onClick={ask('encerrar')} disabled={member.sessoes_abertas === 0} />
        {!self && member.status !== 'inativo' && <IconButton label={`Gerar novo link de senha para ${member.nome}`} icon={KeyRound} onClick={ask('link')} />}
        {!self &&
          (member.status === 'inativo' ? (
            <IconButton label={`Reativar ${member.nome}`} icon={Check} tone="brand" onClick={ask('reativar')} />
          ) : (
            <IconButton label={`Desativar ${member.nome}`} icon={Power} tone="danger" onClick={ask('desativar')} />
          ))}
      </>
    );
  };

  return (
    <ResourceList
      list={list}
      rows={team}
      counts={counts}
      onOpen={(member) => setForm({ member })}
      actions={actions}
      headerActions={
        <Button onClick={() => setForm({ member: null })}>
          <UserPlus className="h-4 w-4" aria-hidden="true" />
          Convidar colega
        </Button>
      }
    >
      <TeamMemberFormModal
        open={form !== null}
        member={form?.member ?? null}
        selfId={selfId}
        onClose={() => setForm(null)}
        onSaved={() => {
          setForm(null);
          reload();
        }}
        onInvited={({ admin: invited, convite, ips_do_papel }) => {
          setForm(null);
          setLink({ link: convite, member: invited, title: 'Convite criado', noAddress: ips_do_papel === 0 });
          reload();
        }}
      />
      <PasswordLinkDialog
        link={link?.link ?? null}
        title={link?.title ?? ''}
        person={link?.member.nome ?? ''}
        username={link?.member.username ?? ''}
        email={link?.member.email ?? null}
        noAddressFor={link?.noAddress ? link.member.role : null}
        onClose={() => setLink(null)}
      />
      <ConfirmDialog
        open={pending !== null}
        title={pending ? ACTIONS[pending.action].title : ''}
        message={pending ? ACTIONS[pending.action].message(pending.member.nome) : ''}
        confirmLabel={pending ? ACTIONS[pending.action].label : ''}
        danger={pending ? ACTIONS[pending.action].danger : false}
        busy={busy}
        onConfirm={run}
        onCancel={() => setPending(null)}
      />
      {sessionsOf && (
        <SessionsDialog
          member={sessionsOf}
          onClose={() => {
            setSessionsOf(null);
            reload();
          }}
        />
      )}
      {historyOf && (
        <Modal
          open
          title={`Histórico de ${historyOf.nome}`}
          size="lg"
          onClose={() => setHistoryOf(null)}
          footer={<Button onClick={() => setHistoryOf(null)}>Fechar</Button>}
        >
          <HistoryTab<TeamMemberView>
            path="admins"
            id={historyOf.id}
            version={historyOf.version}
            onRestored={(restored) => {
              setHistoryOf(restored);
              reload();
            }}
          />
        </Modal>
      )}
    </ResourceList>
  );
}

/** A colleague's open sessions, each ended on its own after a confirmation naming the person. */
function SessionsDialog({ member, onClose }: { member: TeamMemberView; onClose: () => void }) {
  const toast = useToast();
  const [sessions, setSessions] = useState<AdminSessionView[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [ending, setEnding] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<AdminSessionView | null>(null);

  const load = () =>
    api('GET', `/admin/admins/${member.id}/sessoes`).then(
      ({ data }) => setSessions(data),
      (failure: unknown) => !sessionEnded(failure) && setFailed(true),
    );
  useEffect(() => void load(), [member.id]);

  async function end(session: AdminSessionView) {
    setConfirming(null);
    setEnding(session.id);
    try {
      await api('DELETE', `/admin/admins/${member.id}/sessoes/${encodeURIComponent(session.id)}`);
      toast('success', 'Sessão encerrada.');
      await load();
    } catch (failure) {
      if (!sessionEnded(failure)) toast('error', failureMessage(failure, 'Não foi possível encerrar a sessão.'));
    } finally {
      setEnding(null);
    }
  }

  if (confirming) {
    const device = [confirming.navegador, confirming.sistema].filter(Boolean).join(' · ') || 'navegador desconhecido';
    return (
      <ConfirmDialog
        open
        title="Encerrar sessão"
        message={`Encerrar a sessão de ${member.nome} em ${device} (IP ${confirming.ip})?`}
        confirmLabel="Encerrar"
        danger
        onConfirm={() => end(confirming)}
        onCancel={() => setConfirming(null)}
      />
    );
  }

  return (
    <Modal open title={`Sessões de ${member.nome}`} size="lg" onClose={onClose} footer={<Button onClick={onClose}>Fechar</Button>}>
      {failed ? (
        <p className="text-sm text-red-700">Falha ao carregar as sessões.</p>
      ) : sessions === null ? (
        <p className="text-sm text-slate-500">Carregando…</p>
      ) : (
        <SessionList sessions={sessions} ending={ending} onEnd={setConfirming} />
      )}
    </Modal>
  );
}

Equipe.layout = (page: ReactNode) => <AdminLayout>{page}</AdminLayout>;
