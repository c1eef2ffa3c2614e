import { useEffect, useState, type FormEvent } from 'react';
import { formatCpf, formatPhone, isValidCpf, isValidEmail, isValidPhone, onlyDigits } from '@shared/br';
import type { AppUserView } from '@shared/app-user.views';
import { ENTERPRISE_MAX_PAGE_SIZE } from '@shared/enterprise.views';
import { api, failureMessage } from '../../lib/api';
import { useApiForm } from '../../lib/use-api-form';
import { useEditConflict } from '../../lib/use-edit-conflict';
import { ConflictPanel, LiveChangeBanner } from './ConflictPanel';
import { FormActions, SelectField, TextField, type SelectOption } from '../ui/fields';
import { Modal } from '../ui/Modal';
import { useToast } from '../ui/Toast';

interface Fields {
  firstname: string;
  lastname: string;
  email: string;
  fone: string;
  cpf: string;
  enterprise_id: string;
  cargo_id: string;
  ocupacao_id: string;
}

const CPF_INVALID = 'CPF inválido';

function fieldsOf(user: AppUserView): Fields {
  return {
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email ?? '',
    fone: formatPhone(user.fone ?? ''),
    cpf: formatCpf(user.cpf ?? ''),
    enterprise_id: user.enterprise_id ? String(user.enterprise_id) : '',
    cargo_id: user.cargo_id ? String(user.cargo_id) : '',
    ocupacao_id: user.ocupacao_id ? String(user.ocupacao_id) : '',
  };
}

/** The lists the form picks from, loaded once; failures are only logged. */
function useOptions(open: boolean) {
  const [enterprises, setEnterprises] = useState<SelectOption[]>([]);
  const [cargos, setCargos] = useState<SelectOption[]>([]);
  const [ocupacoes, setOcupacoes] = useState<SelectOption[]>([]);
  useEffect(() => {
    if (!open) return;
    const option = (id: number, label: string) => ({ value: String(id), label });
    api('GET', `/admin/enterprises?status=ativos&pageSize=${ENTERPRISE_MAX_PAGE_SIZE}`)
      .then(({ data }) => setEnterprises(data.map((row) => option(row.enterprise_id, row.fantasia))))
      .catch((failure: unknown) => console.error('Falha ao carregar empresas', failure));
    api('GET', '/admin/cargos')
      .then(({ data }) => setCargos(data.map((row) => option(row.cargo_id, row.name))))
      .catch((failure: unknown) => console.error('Falha ao carregar cargos', failure));
    api('GET', '/admin/ocupacoes')
      .then(({ data }) => setOcupacoes(data.map((row) => option(row.ocupacao_id, row.name))))
      .catch((failure: unknown) => console.error('Falha ao carregar ramos de atividade', failure));
  }, [open]);
  return { enterprises, cargos, ocupacoes };
}

/** The name a list gives a chosen id ('' when none is chosen). */
const optionLabel = (options: SelectOption[], value: string, fallback?: string | null) =>
  value ? (options.find((option) => option.value === value)?.label ?? fallback ?? value) : '';

const EMPTY: Fields = { firstname: '', lastname: '', email: '', fone: '', cpf: '', enterprise_id: '', cargo_id: '', ocupacao_id: '' };

/** 'Editar Usuário': the profile fields, the company (active ones), cargo and ramo de atividade. */
export function UserFormModal({ user, onClose, onSaved }: { user: AppUserView | null; onClose: () => void; onSaved: () => void }) {
  const toast = useToast();
  const form = useApiForm<Fields>(EMPTY);
  const [cpfTouched, setCpfTouched] = useState(false);
  // The user whose fields the form holds: nothing is shown until they are loaded.
  const [loadedId, setLoadedId] = useState<number | null>(null);
  const options = useOptions(user !== null);
  const edit = useEditConflict<AppUserView, Fields>(
    user,
    fieldsOf,
    form,
    save,
    user ? { recurso: 'usuario', id: user.user_id, path: `/admin/users/${user.user_id}` } : undefined,
    {
      // The company, cargo and ramo de atividade read as the lists name them.
      enterprise_id: { text: (data) => optionLabel(options.enterprises, data.enterprise_id, user?.empresa_nome) },
      cargo_id: { text: (data) => optionLabel(options.cargos, data.cargo_id) },
      ocupacao_id: { text: (data) => optionLabel(options.ocupacoes, data.ocupacao_id) },
    },
  );

  useEffect(() => {
    if (user) form.setData(fieldsOf(user));
    form.clearErrors();
    setCpfTouched(false);
    setLoadedId(user?.user_id ?? null);
  }, [user?.user_id]);

  if (!user || loadedId !== user.user_id) return null;
  const fields = form.data;
  const cpfInvalid = fields.cpf.trim() !== '' && !isValidCpf(fields.cpf);
  // The user's current company stays selectable even when it is no longer active.
  const enterprises =
    user.enterprise_id && !options.enterprises.some((row) => row.value === String(user.enterprise_id))
      ? [{ value: String(user.enterprise_id), label: user.empresa_nome ?? `Empresa ${user.enterprise_id}` }, ...options.enterprises]
      : options.enterprises;

  async function submit(event: FormEvent) {
    event.preventDefault();
    await save();
  }

  async function save() {
    if (!user) return;
    if (cpfInvalid) {
      setCpfTouched(true);
      window.alert('CPF inválido. Por favor, corrija antes de salvar.');
      return;
    }
    const found: Partial<Record<keyof Fields, string>> = {};
    if (!fields.firstname.trim()) found.firstname = 'Informe o nome.';
    if (!fields.lastname.trim()) found.lastname = 'Informe o sobrenome.';
    if (!fields.email.trim()) found.email = 'Informe o email.';
    else if (!isValidEmail(fields.email)) found.email = 'Email inválido';
    if (fields.fone && !isValidPhone(fields.fone)) found.fone = 'Telefone inválido';
    form.clearErrors();
    if (Object.keys(found).length > 0) {
      form.setError(found);
      return;
    }
    const id = (value: string) => (value ? Number(value) : null);
    try {
      const saved = await form.send('put', `/admin/users/${user.user_id}`, {
        ifMatch: edit.version,
        body: (data) => ({
          firstname: data.firstname.trim(),
          lastname: data.lastname.trim(),
          email: data.email.trim(),
          fone: onlyDigits(data.fone),
          cpf: onlyDigits(data.cpf),
          enterprise_id: id(data.enterprise_id),
          cargo_id: id(data.cargo_id),
          ocupacao_id: id(data.ocupacao_id),
        }),
      });
      edit.saved(saved.data);
      toast('success', 'Usuário atualizado com sucesso!');
      onSaved();
    } catch (failure) {
      // A colleague saved in between: the form stays open with this admin's values and the conflict panel.
      if (edit.take(failure)) return;
      toast('error', failureMessage(failure, 'Falha ao salvar. Verifique os dados e tente novamente.'));
    }
  }

  const errors: Partial<Record<keyof Fields, string>> = { ...form.errors, ...(cpfTouched && cpfInvalid ? { cpf: CPF_INVALID } : {}) };
  const text = (key: keyof Fields, label: string, props: Omit<Parameters<typeof TextField>[0], 'id' | 'label' | 'value' | 'onChange'> = {}) => (
    <TextField
      id={`usuario-${key}`}
      label={label}
      value={fields[key]}
      onChange={(value) => form.setData(key, value)}
      error={errors[key]}
      hint={edit.hint(key)}
      {...props}
    />
  );
  const select = (key: 'enterprise_id' | 'cargo_id' | 'ocupacao_id', label: string, items: SelectOption[], empty: string) => (
    <SelectField
      id={`usuario-${key}`}
      label={label}
      value={fields[key]}
      onChange={(value) => form.setData(key, value)}
      options={items}
      empty={empty}
      error={errors[key]}
    />
  );
  const saving = form.processing;

  return (
    <Modal open title="Editar Usuário" size="lg" onClose={onClose} busy={saving}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <LiveChangeBanner edit={edit} />
        <ConflictPanel edit={edit} busy={saving} />
        <div className="grid gap-4 sm:grid-cols-2">
          {text('firstname', 'Nome', { required: true, maxLength: 100 })}
          {text('lastname', 'Sobrenome', { required: true, maxLength: 100 })}
          {text('email', 'Email', { required: true, type: 'email', maxLength: 160, inputMode: 'email' })}
          {text('fone', 'Telefone', { inputMode: 'tel', placeholder: '(00) 00000-0000', maxLength: 15, mask: formatPhone })}
          {text('cpf', 'CPF', { inputMode: 'numeric', placeholder: '000.000.000-00', maxLength: 14, mask: formatCpf, onBlur: () => setCpfTouched(true) })}
          {select('enterprise_id', 'Empresa', enterprises, 'Sem empresa')}
          {select('cargo_id', 'Cargo', options.cargos, 'Sem cargo')}
          {select('ocupacao_id', 'Ramo de Atividade', options.ocupacoes, 'Não informado')}
        </div>
        <FormActions onCancel={onClose} saving={saving} />
      </form>
    </Modal>
  );
}
