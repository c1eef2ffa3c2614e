import { useState, type FormEvent } from 'react';
import { isValidEmail } from '@shared/br';
import { ROLE_LABELS, type AdminRole, type InviteLink, type TeamMemberView } from '@shared/team.views';
import { failureMessage } from '../../lib/api';
import { useApiForm } from '../../lib/use-api-form';
import { useEditConflict } from '../../lib/use-edit-conflict';
import { ConflictPanel, LiveChangeBanner } from './ConflictPanel';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { FormActions, SelectField, TextField } from '../ui/fields';
import { Modal } from '../ui/Modal';
import { useToast } from '../ui/Toast';

interface Fields {
  nome: string;
  username: string;
  email: string;
  role: AdminRole;
}

const ROLE_OPTIONS = (Object.keys(ROLE_LABELS) as AdminRole[]).map((role) => ({ value: role, label: ROLE_LABELS[role] }));
const USERNAME = /^[\p{L}\p{N}._-]{3,60}$/u;

/** A colleague as the edit form holds it. */
const fieldsOf = (member: TeamMemberView): Fields => ({ nome: member.nome, username: member.username, email: member.email ?? '', role: member.role });

/**
 * "Convidar colega" (member null) and "Editar" (a member): name, username (on invitation only), e-mail and role.
 * A role change ends the colleague's sessions, so it is confirmed first, naming the person; one's own role is
 * not offered (the server refuses it too).
 */
export function TeamMemberFormModal(props: FormModalProps) {
  // Mounted afresh at each opening, so nothing of the last one shows before this one's values.
  return props.open ? <TeamMemberForm {...props} /> : null;
}

interface FormModalProps {
  open: boolean;
  member: TeamMemberView | null;
  selfId: number;
  onClose: () => void;
  onInvited: (result: { admin: TeamMemberView; convite: InviteLink; ips_do_papel: number }) => void;
  onSaved: () => void;
}

function TeamMemberForm({ member, selfId, onClose, onInvited, onSaved }: FormModalProps) {
  const toast = useToast();
  const form = useApiForm<Fields>(member ? fieldsOf(member) : { nome: '', username: '', email: '', role: 'gestor' });
  const [confirmRole, setConfirmRole] = useState(false);
  const edit = useEditConflict<TeamMemberView, Fields>(
    member,
    fieldsOf,
    form,
    save,
    member ? { recurso: 'admin', id: member.id, path: `/admin/admins/${member.id}` } : undefined,
    { name: { field: 'nome' }, role: { text: (data) => ROLE_LABELS[data.role] } },
  );

  const fields = form.data;
  const editing = member !== null;
  const self = member?.id === selfId;
  const roleChanges = editing && fields.role !== member.role;

  function check(): boolean {
    const found: Partial<Record<keyof Fields, string>> = {};
    if (!fields.nome.trim()) found.nome = 'Informe o nome.';
    if (!editing && !USERNAME.test(fields.username.trim()))
      found.username = 'O usuário deve ter de 3 a 60 letras, números, pontos, hífens ou sublinhados, sem espaços.';
    if (fields.email.trim() && !isValidEmail(fields.email)) found.email = 'Email inválido';
    form.clearErrors();
    if (Object.keys(found).length > 0) form.setError(found);
    return Object.keys(found).length === 0;
  }

  async function save() {
    setConfirmRole(false);
    try {
      if (editing) {
        const saved = await form.send('patch', `/admin/admins/${member.id}`, {
          ifMatch: edit.version,
          body: (data) => ({ nome: data.nome.trim(), email: data.email.trim() || null, ...(roleChanges ? { role: data.role } : {}) }),
        });
        edit.saved(saved.admin);
        toast('success', roleChanges ? `${fields.nome.trim()} agora é ${ROLE_LABELS[fields.role]}. As sessões abertas foram encerradas.` : 'Dados salvos.');
        onSaved();
      } else {
        onInvited(
          await form.send('post', '/admin/admins', {
            body: (data) => ({ nome: data.nome.trim(), username: data.username.trim(), email: data.email.trim() || null, role: data.role }),
          }),
        );
      }
    } catch (failure) {
      // A colleague saved in between: the form stays open with this admin's values and the conflict panel.
      if (edit.take(failure)) return;
      toast('error', failureMessage(failure, 'Falha ao salvar. Verifique os dados e tente novamente.'));
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!check()) return;
    if (roleChanges) setConfirmRole(true);
    else void save();
  }

  if (confirmRole && member) {
    return (
      <ConfirmDialog
        open
        title="Mudar o papel"
        message={`Mudar o papel de ${member.nome} de ${ROLE_LABELS[member.role]} para ${ROLE_LABELS[fields.role]}? As sessões abertas de ${member.nome} terminam agora, e o acesso passa a ser pelos IPs de ${ROLE_LABELS[fields.role]}.`}
        confirmLabel="Mudar o papel"
        danger
        busy={form.processing}
        onConfirm={save}
        onCancel={() => setConfirmRole(false)}
      />
    );
  }

  return (
    <Modal open title={editing ? 'Editar colega' : 'Convidar colega'} size="md" onClose={onClose} busy={form.processing}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <LiveChangeBanner edit={edit} />
        <ConflictPanel edit={edit} busy={form.processing} />
        {!editing && (
          <p className="text-sm text-slate-600">
            O colega recebe um link de uso único, válido por 72 horas, para definir a senha. Depois entra com o usuário, a senha e o código 2FA de um IP
            autorizado para o papel dele.
          </p>
        )}
        <TextField
          id="equipe-nome"
          label="Nome"
          required
          maxLength={120}
          value={fields.nome}
          onChange={(value) => form.setData('nome', value)}
          error={form.errors.nome}
          hint={edit.hint('name')}
        />
        {editing ? (
          <p className="text-sm text-slate-600">
            Usuário: <span className="font-semibold break-all text-slate-900">{member.username}</span>
          </p>
        ) : (
          <TextField
            id="equipe-username"
            label="Usuário"
            required
            maxLength={60}
            autoComplete="off"
            value={fields.username}
            onChange={(value) => form.setData('username', value)}
            error={form.errors.username}
          />
        )}
        <TextField
          id="equipe-email"
          label="E-mail (opcional)"
          type="email"
          inputMode="email"
          maxLength={254}
          value={fields.email}
          onChange={(value) => form.setData('email', value)}
          error={form.errors.email}
          hint={edit.hint('email')}
        />
        {self ? (
          <p className="text-sm text-slate-600">
            Papel: <span className="font-semibold text-slate-900">{ROLE_LABELS[member.role]}</span> (ninguém muda o próprio papel)
          </p>
        ) : (
          <SelectField
            id="equipe-papel"
            label="Papel"
            required
            value={fields.role}
            onChange={(value) => form.setData('role', value as AdminRole)}
            options={ROLE_OPTIONS}
            error={form.errors.role}
          />
        )}
        <FormActions onCancel={onClose} saving={form.processing} submitLabel={editing ? 'Salvar' : 'Convidar'} />
      </form>
    </Modal>
  );
}
