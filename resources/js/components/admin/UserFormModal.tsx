import { useEffect, useState, type FormEvent } from 'react';
import { formatCpf, formatPhone, isValidCpf, isValidEmail, isValidPhone, onlyDigits } from '@shared/br';
import type { EnterpriseView } from '@shared/enterprise.views';
import type { AppUserView } from '@shared/app-user.views';
import { api, ApiError } from '../../lib/api';
import { Button } from '../ui/Button';
import { Modal } from '../ui/Modal';
import { useToast } from '../ui/Toast';

interface Option {
  id: number;
  name: string;
}

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

/** The lists the form picks from, loaded once; failures are only logged (SPEC.md section 8). */
function useOptions(open: boolean) {
  const [enterprises, setEnterprises] = useState<Option[]>([]);
  const [cargos, setCargos] = useState<Option[]>([]);
  const [ocupacoes, setOcupacoes] = useState<Option[]>([]);
  useEffect(() => {
    if (!open) return;
    api<{ data: EnterpriseView[] }>('GET', '/admin/enterprises?status=ativos&pageSize=1000')
      .then(({ data }) => setEnterprises(data.map((row) => ({ id: row.enterprise_id, name: row.fantasia }))))
      .catch((failure: unknown) => console.error('Falha ao carregar empresas', failure));
    api<{ data: { cargo_id: number; name: string }[] }>('GET', '/admin/cargos')
      .then(({ data }) => setCargos(data.map((row) => ({ id: row.cargo_id, name: row.name }))))
      .catch((failure: unknown) => console.error('Falha ao carregar cargos', failure));
    api<{ data: { ocupacao_id: number; name: string }[] }>('GET', '/admin/ocupacoes')
      .then(({ data }) => setOcupacoes(data.map((row) => ({ id: row.ocupacao_id, name: row.name }))))
      .catch((failure: unknown) => console.error('Falha ao carregar ramos de atividade', failure));
  }, [open]);
  return { enterprises, cargos, ocupacoes };
}

/** 'Editar Usuário': the profile fields, the company (active ones), cargo and ramo de atividade. */
export function UserFormModal({ user, onClose, onSaved }: { user: AppUserView | null; onClose: () => void; onSaved: () => void }) {
  const toast = useToast();
  const [fields, setFields] = useState<Fields | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [cpfTouched, setCpfTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const options = useOptions(user !== null);

  useEffect(() => {
    setFields(user ? fieldsOf(user) : null);
    setErrors({});
    setCpfTouched(false);
  }, [user?.user_id]);

  if (!user || !fields) return null;
  const set = (key: keyof Fields, value: string) => setFields((current) => (current ? { ...current, [key]: value } : current));
  const cpfInvalid = fields.cpf.trim() !== '' && !isValidCpf(fields.cpf);
  // The user's current company stays selectable even when it is no longer active.
  const enterprises =
    user.enterprise_id && !options.enterprises.some((row) => row.id === user.enterprise_id)
      ? [{ id: user.enterprise_id, name: user.empresa_nome ?? `Empresa ${user.enterprise_id}` }, ...options.enterprises]
      : options.enterprises;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!fields || !user) return;
    if (cpfInvalid) {
      setCpfTouched(true);
      window.alert('CPF inválido. Por favor, corrija antes de salvar.');
      return;
    }
    const found: Record<string, string> = {};
    if (!fields.firstname.trim()) found.firstname = 'Informe o nome.';
    if (!fields.lastname.trim()) found.lastname = 'Informe o sobrenome.';
    if (!fields.email.trim()) found.email = 'Informe o email.';
    else if (!isValidEmail(fields.email)) found.email = 'Email inválido';
    if (fields.fone && !isValidPhone(fields.fone)) found.fone = 'Telefone inválido';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    const id = (value: string) => (value ? Number(value) : null);
    try {
      await api('PUT', `/admin/users/${user.user_id}`, {
        firstname: fields.firstname.trim(),
        lastname: fields.lastname.trim(),
        email: fields.email.trim(),
        fone: onlyDigits(fields.fone),
        cpf: onlyDigits(fields.cpf),
        enterprise_id: id(fields.enterprise_id),
        cargo_id: id(fields.cargo_id),
        ocupacao_id: id(fields.ocupacao_id),
      });
      toast('success', 'Usuário atualizado com sucesso!');
      onSaved();
    } catch (failure) {
      if (failure instanceof ApiError && failure.errors) setErrors(failure.errors);
      toast('error', failure instanceof ApiError && failure.message ? failure.message : 'Falha ao salvar. Verifique os dados e tente novamente.');
    } finally {
      setSaving(false);
    }
  }

  const shown: Record<string, string> = { ...errors, ...(cpfTouched && cpfInvalid ? { cpf: CPF_INVALID } : {}) };
  const input = (error?: string) =>
    `mt-1 block w-full rounded-lg border px-3 py-2 text-sm shadow-sm focus:ring-2 focus:outline-none ${error ? 'border-red-400 focus:border-red-500 focus:ring-red-500/20' : 'border-slate-300 focus:border-brand-600 focus:ring-brand-600/20'}`;
  const text = (
    key: keyof Fields,
    label: string,
    props: {
      required?: boolean;
      type?: string;
      maxLength?: number;
      placeholder?: string;
      inputMode?: 'numeric' | 'tel' | 'email';
      mask?: (value: string) => string;
      onBlur?: () => void;
    } = {},
  ) => (
    <div>
      <label htmlFor={`usuario-${key}`} className="block text-sm font-medium text-slate-700">
        {label}
        {props.required && <span className="text-red-600"> *</span>}
      </label>
      <input
        id={`usuario-${key}`}
        type={props.type ?? 'text'}
        value={fields[key]}
        onChange={(event) => set(key, props.mask ? props.mask(event.target.value) : event.target.value)}
        onBlur={props.onBlur}
        maxLength={props.maxLength}
        placeholder={props.placeholder}
        inputMode={props.inputMode}
        aria-invalid={shown[key] ? true : undefined}
        className={input(shown[key])}
      />
      {shown[key] && <p className="mt-1 text-sm text-red-600">{shown[key]}</p>}
    </div>
  );
  const select = (key: 'enterprise_id' | 'cargo_id' | 'ocupacao_id', label: string, items: Option[], empty: string) => (
    <div>
      <label htmlFor={`usuario-${key}`} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select id={`usuario-${key}`} value={fields[key]} onChange={(event) => set(key, event.target.value)} className={input(shown[key])}>
        <option value="">{empty}</option>
        {items.map((item) => (
          <option key={item.id} value={item.id}>
            {item.name}
          </option>
        ))}
      </select>
      {shown[key] && <p className="mt-1 text-sm text-red-600">{shown[key]}</p>}
    </div>
  );

  return (
    <Modal open title="Editar Usuário" size="lg" onClose={onClose} busy={saving}>
      <form onSubmit={submit} noValidate className="space-y-4">
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
        <div className="flex flex-col-reverse gap-2 border-t border-slate-200 pt-4 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            Cancelar
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? 'Salvando...' : 'Salvar'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
