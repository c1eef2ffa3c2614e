import { useEffect, useState, type FormEvent } from 'react';
import {
  formatCep,
  formatCnpj,
  formatPhone,
  IE_EXEMPT,
  IE_MAX_DIGITS,
  IE_MAX_LENGTH,
  isValidCep,
  isValidCnpj,
  isValidEmail,
  isValidInscricaoEstadual,
  isValidPhone,
  isValidSiteUrl,
  onlyDigits,
} from '@shared/br';
import { ENTERPRISE_REQUIRED, type EnterpriseView } from '@shared/enterprise.views';
import { api, failureMessage } from '../../lib/api';
import { useApiForm } from '../../lib/use-api-form';
import { useEditConflict, type Overwrite } from '../../lib/use-edit-conflict';
import { ConflictPanel, LiveChangeBanner } from './ConflictPanel';
import { FormActions, RadioGroupField, TextField } from '../ui/fields';
import { Modal } from '../ui/Modal';
import { useToast } from '../ui/Toast';
import { CitySelect, cityLabel, type CityOption } from './CitySelect';
import { LogoPicker, type LogoOption } from './LogoPicker';

interface AddressFields {
  endereco: string;
  numero: string;
  complemento: string;
  bairro: string;
  cep: string;
  city: CityOption | null;
}

interface FormFields extends AddressFields {
  razao: string;
  fantasia: string;
  cnpj: string;
  inscricao_estadual: string;
  fone: string;
  email: string;
  site: string;
  logo: string | null;
  representada_logo: string | null;
}

type Errors = Record<string, string>;

const EMPTY_ADDRESS: AddressFields = { endereco: '', numero: '', complemento: '', bairro: '', cep: '', city: null };

function cityOf(view: { city_id: number | null; cidade_nome: string | null; cidade_uf: string | null }): CityOption | null {
  return view.city_id && view.cidade_nome && view.cidade_uf ? { city_id: view.city_id, name: view.cidade_nome, code: view.cidade_uf } : null;
}

/** An address as the form shows it, from a company's own address or its billing address. */
function addressOf(
  view: { endereco: string | null; numero: string | null; complemento: string | null; bairro: string | null; cep: string | null } & Parameters<
    typeof cityOf
  >[0],
): AddressFields {
  return {
    endereco: view.endereco ?? '',
    numero: view.numero ?? '',
    complemento: view.complemento ?? '',
    bairro: view.bairro ?? '',
    cep: formatCep(view.cep ?? ''),
    city: cityOf(view),
  };
}

function fieldsOf(enterprise: EnterpriseView | null): FormFields {
  if (!enterprise)
    return { ...EMPTY_ADDRESS, razao: '', fantasia: '', cnpj: '', inscricao_estadual: '', fone: '', email: '', site: '', logo: null, representada_logo: null };
  return {
    razao: enterprise.razao,
    fantasia: enterprise.fantasia,
    cnpj: formatCnpj(enterprise.cnpj),
    inscricao_estadual: enterprise.inscricao_estadual ?? '',
    ...addressOf(enterprise),
    fone: formatPhone(enterprise.fone ?? ''),
    email: enterprise.email ?? '',
    site: enterprise.site ?? '',
    logo: enterprise.logo,
    representada_logo: enterprise.representada_logo,
  };
}

/** What the IE field keeps as the user types: ISENTO (any case, as it is being typed), else digits, at most 14. */
export function maskInscricaoEstadual(value: string): string {
  const typed = value.trimStart().slice(0, IE_MAX_LENGTH);
  const upper = typed.trim().toUpperCase();
  if (upper === IE_EXEMPT) return IE_EXEMPT;
  if (/^[a-z]+$/i.test(upper) && IE_EXEMPT.startsWith(upper)) return typed.trim();
  return onlyDigits(typed, IE_MAX_DIGITS);
}

function addressBody(address: AddressFields) {
  return {
    endereco: address.endereco.trim(),
    numero: address.numero.trim(),
    complemento: address.complemento.trim(),
    bairro: address.bairro.trim(),
    cep: onlyDigits(address.cep),
    city_id: address.city?.city_id ?? null,
  };
}

/** The form's rules, the same helpers the API validates with. */
function validate(fields: FormFields, billing: AddressFields | null): Errors {
  const errors: Errors = {};
  // The required fields are the API's and the import's: ENTERPRISE_REQUIRED, and nothing else (not the logo).
  for (const [field, message] of Object.entries(ENTERPRISE_REQUIRED)) if (!fields[field as keyof typeof ENTERPRISE_REQUIRED].trim()) errors[field] = message;
  if (fields.cnpj.trim() && !isValidCnpj(fields.cnpj)) errors.cnpj = 'CNPJ inválido';
  if (!isValidInscricaoEstadual(fields.inscricao_estadual)) errors.inscricao_estadual = 'Inscrição estadual inválida: use somente números (até 14) ou ISENTO.';
  if (fields.cep && !isValidCep(fields.cep)) errors.cep = 'CEP inválido';
  if (fields.fone && !isValidPhone(fields.fone)) errors.fone = 'Telefone inválido';
  if (fields.email.trim() && !isValidEmail(fields.email)) errors.email = 'Email inválido';
  if (fields.site.trim() && !isValidSiteUrl(fields.site)) errors.site = 'Site inválido: informe um endereço como https://www.exemplo.com.br';
  if (billing) {
    const body = addressBody(billing);
    if (!body.endereco && !body.numero && !body.complemento && !body.bairro && !body.cep && !body.city_id) {
      errors['cobranca.endereco'] = 'Preencha o endereço de cobrança ou escolha "O mesmo cadastrado acima".';
    }
    if (billing.cep && !isValidCep(billing.cep)) errors['cobranca.cep'] = 'CEP inválido';
  }
  return errors;
}

/** The key of the company form's draft (kept while the session ends for inactivity): `empresa:nova` or `empresa:<id>`. */
export const ENTERPRISE_DRAFT = 'empresa:';
const enterpriseDraftKey = (enterprise: EnterpriseView | null) => `${ENTERPRISE_DRAFT}${enterprise ? enterprise.enterprise_id : 'nova'}`;

/**
 * 'Nova Empresa' / 'Editar Empresa': every field of the company, its logos and its billing address. The
 * billing address is saved right after the company (PUT when 'Endereço diferente', DELETE when switched
 * back to the same address).
 */
export function EnterpriseFormModal(props: FormModalProps) {
  // The logos to choose from: loaded once with the page, and kept across openings with those uploaded since.
  const [logos, setLogos] = useState<LogoOption[]>([]);
  useEffect(() => {
    api('GET', '/admin/logos')
      .then(({ data }) => setLogos(data))
      .catch((failure: unknown) => console.error('Falha ao carregar logos', failure));
  }, []);
  // Mounted afresh at each opening: state kept from the last one (the billing address of the company just
  // created, say) would otherwise show for the moment before this opening's values arrive.
  return props.open ? <EnterpriseForm {...props} logos={logos} onLogoUploaded={(logo) => setLogos((current) => [...current, logo])} /> : null;
}

interface FormModalProps {
  open: boolean;
  enterprise: EnterpriseView | null;
  onClose: () => void;
  onSaved: (enterprise: EnterpriseView) => void;
}

function EnterpriseForm({
  enterprise,
  logos,
  onLogoUploaded,
  onClose,
  onSaved,
}: FormModalProps & { logos: LogoOption[]; onLogoUploaded: (logo: LogoOption) => void }) {
  const toast = useToast();
  const form = useApiForm<FormFields>(fieldsOf(enterprise), { draft: enterpriseDraftKey(enterprise) });
  const [billingMode, setBillingMode] = useState<'mesmo' | 'diferente'>('mesmo');
  const [billing, setBilling] = useState<AddressFields>(EMPTY_ADDRESS);
  /** The billing address as last read from the server: what "this admin changed it" is measured against. */
  const [billingRead, setBillingRead] = useState<{ mode: 'mesmo' | 'diferente'; address: AddressFields }>({ mode: 'mesmo', address: EMPTY_ADDRESS });
  const [hadBilling, setHadBilling] = useState(false);
  const [cnpjTouched, setCnpjTouched] = useState(Boolean(enterprise));
  const edit = useEditConflict<EnterpriseView, FormFields>(
    enterprise,
    fieldsOf,
    form,
    save,
    enterprise ? { recurso: 'empresa', id: enterprise.enterprise_id, path: `/admin/enterprises/${enterprise.enterprise_id}` } : undefined,
    { city_id: { field: 'city', text: (data) => (data.city ? cityLabel(data.city) : '') } },
  );
  const billingTouched = billingMode !== billingRead.mode || (billingMode === 'diferente' && JSON.stringify(billing) !== JSON.stringify(billingRead.address));

  /** Reads the billing address and shows it (the company's own address when it has none). */
  function loadBilling(): () => void {
    if (!enterprise) return () => undefined;
    let current = true;
    api('GET', `/admin/enterprises/${enterprise.enterprise_id}/cobranca`)
      .then(({ data }) => {
        if (!current) return;
        const address = data ? addressOf(data) : EMPTY_ADDRESS;
        const mode = data ? 'diferente' : 'mesmo';
        setHadBilling(Boolean(data));
        setBillingMode(mode);
        setBilling(address);
        setBillingRead({ mode, address });
      })
      .catch((failure: unknown) => console.error('Falha ao carregar o endereço de cobrança', failure));
    return () => {
      current = false;
    };
  }

  useEffect(loadBilling, [enterprise?.enterprise_id]);

  // A colleague's save met: a billing address this admin left as it was takes the current one, so the save
  // after "Manter as minhas alterações" does not write the old one back.
  const billingChanged = edit.conflict?.campos_alterados.some((field) => field.campo.startsWith('cobranca_')) ?? false;
  useEffect(() => {
    if (edit.conflict && billingChanged && !billingTouched) return loadBilling();
  }, [edit.conflict]);
  // Or, when they changed it too, the colleague's billing values their save replaces.
  const billingOverwrites: Overwrite[] =
    edit.conflict && billingTouched
      ? edit.conflict.campos_alterados
          .filter((field) => field.campo.startsWith('cobranca_'))
          .map((field) => {
            const key = field.campo.slice('cobranca_'.length);
            const text = key === 'city_id' ? (billing.city ? cityLabel(billing.city) : '') : String(billing[key as Exclude<keyof AddressFields, 'city'>] ?? '');
            const mine = billingMode === 'mesmo' ? '' : text;
            return { campo: field.campo, rotulo: field.rotulo, deles: field.depois_texto, seu: mine.trim() || '—' };
          })
          .filter((overwrite) => overwrite.deles !== overwrite.seu)
      : [];

  const fields = form.data;
  const set = <K extends keyof FormFields>(key: K, value: FormFields[K]) => form.setData(key, value as never);
  const setBillingField = <K extends keyof AddressFields>(key: K, value: AddressFields[K]) => setBilling((current) => ({ ...current, [key]: value }));
  const cnpjInvalid = fields.cnpj.trim() !== '' && !isValidCnpj(fields.cnpj);
  const shownErrors: Errors = { ...(form.errors as Errors), ...(cnpjTouched && cnpjInvalid ? { cnpj: 'CNPJ inválido' } : {}) };
  const saving = form.processing;

  type TextKey = Exclude<keyof FormFields, 'city' | 'logo' | 'representada_logo'>;
  type TextProps = Omit<Parameters<typeof TextField>[0], 'id' | 'label' | 'value' | 'onChange' | 'error'>;
  const text = (key: TextKey, label: string, props: TextProps) => (
    <TextField
      id={`empresa-${key}`}
      label={label}
      value={fields[key]}
      onChange={(value) => {
        set(key, value);
        // A whole CNPJ is checked at once, without waiting for the field to lose focus.
        if (key === 'cnpj' && onlyDigits(value).length === 14) setCnpjTouched(true);
      }}
      error={shownErrors[key]}
      hint={edit.hint(key)}
      {...props}
    />
  );
  const billingText = (key: Exclude<keyof AddressFields, 'city'>, label: string, props: TextProps) => (
    <TextField
      id={`empresa-cobranca_${key}`}
      label={label}
      value={billing[key]}
      onChange={(value) => setBillingField(key, value)}
      error={shownErrors[`cobranca.${key}`]}
      {...props}
    />
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    await save();
  }

  async function save() {
    const found = validate(fields, billingMode === 'diferente' ? billing : null);
    setCnpjTouched(true);
    form.clearErrors();
    if (Object.keys(found).length > 0) {
      form.setError(found as never);
      return;
    }
    const body = (data: FormFields) => ({
      razao: data.razao.trim(),
      fantasia: data.fantasia.trim(),
      cnpj: data.cnpj,
      inscricao_estadual: data.inscricao_estadual.trim(),
      ...addressBody(data),
      fone: onlyDigits(data.fone),
      email: data.email.trim(),
      site: data.site.trim(),
      logo: data.logo,
      representada_logo: data.representada_logo,
    });
    try {
      const saved = enterprise
        ? await form.send('put', `/admin/enterprises/${enterprise.enterprise_id}`, { ifMatch: edit.version, body })
        : await form.send('post', '/admin/enterprises', { body });
      const id = saved.data.enterprise_id;
      edit.saved(saved.data);
      // Billing failures are only logged; the form checked the address first.
      try {
        const version = { 'If-Match': `"${saved.data.version}"` };
        if (billingMode === 'diferente') await api('PUT', `/admin/enterprises/${id}/cobranca`, addressBody(billing), version);
        else if (hadBilling) await api('DELETE', `/admin/enterprises/${id}/cobranca`, undefined, version);
      } catch (failure) {
        console.error('Falha ao salvar o endereço de cobrança', failure);
      }
      toast('success', enterprise ? 'Empresa atualizada com sucesso!' : 'Empresa cadastrada com sucesso!');
      onSaved(saved.data);
    } catch (failure) {
      // A colleague saved in between: the form stays open with this admin's values and the conflict panel.
      if (edit.take(failure)) return;
      toast('error', failureMessage(failure, 'Falha ao salvar. Verifique os dados e tente novamente.'));
    }
  }

  return (
    <Modal open title={enterprise ? 'Editar Empresa' : 'Nova Empresa'} onClose={onClose} busy={saving} size="lg">
      <form onSubmit={submit} noValidate className="space-y-5">
        <LiveChangeBanner edit={edit} />
        <ConflictPanel edit={edit} busy={saving} more={billingOverwrites} />
        <div className="grid gap-4 sm:grid-cols-2">
          {text('razao', 'Razão Social', { required: true, maxLength: 150, className: 'sm:col-span-2' })}
          {text('fantasia', 'Nome Fantasia', { required: true, maxLength: 150 })}
          {text('cnpj', 'CNPJ', {
            required: true,
            mask: formatCnpj,
            onBlur: () => setCnpjTouched(true),
            placeholder: '00.000.000/0000-00',
            inputMode: 'text',
            maxLength: 18,
          })}
          {text('inscricao_estadual', 'Inscrição Estadual', {
            mask: maskInscricaoEstadual,
            maxLength: IE_MAX_LENGTH,
            placeholder: 'Somente números ou ISENTO',
          })}
          {text('fone', 'Telefone', { mask: formatPhone, inputMode: 'tel', placeholder: '(00) 00000-0000', maxLength: 15 })}
          {text('endereco', 'Endereço', { maxLength: 150, className: 'sm:col-span-2' })}
          {text('bairro', 'Bairro', { maxLength: 100 })}
          <div className="grid grid-cols-2 gap-4">
            {text('numero', 'Número', { maxLength: 20 })}
            {text('cep', 'CEP', { mask: formatCep, inputMode: 'numeric', placeholder: '00000-000', maxLength: 9 })}
          </div>
          {text('complemento', 'Complemento', { maxLength: 100 })}
          <CitySelect id="cidade" label="Cidade" value={fields.city} onChange={(city) => set('city', city)} error={shownErrors.city_id} />
          {text('email', 'Email', { type: 'email', maxLength: 160 })}
          {text('site', 'Site', { type: 'url', maxLength: 255, placeholder: 'https://www.exemplo.com.br' })}
        </div>

        <div className="grid gap-4 lg:grid-cols-2">
          <LogoPicker
            label="Logo"
            hint="Opcional: sem logo, a empresa aparece com o marcador padrão."
            logos={logos}
            value={fields.logo}
            onChange={(file) => set('logo', file)}
            onUploaded={onLogoUploaded}
            allowUpload
            error={shownErrors.logo}
          />
          <LogoPicker
            label="Logo Representada"
            logos={logos.filter((logo) => logo.kind === 'fabricante')}
            value={fields.representada_logo}
            onChange={(file) => set('representada_logo', file)}
            error={shownErrors.representada_logo}
          />
        </div>

        <div className="rounded-xl border border-slate-200 p-4">
          <RadioGroupField
            name="cobranca"
            legend="Endereço de cobrança"
            value={billingMode}
            onChange={setBillingMode}
            options={[
              { value: 'mesmo', label: 'O mesmo cadastrado acima' },
              { value: 'diferente', label: 'Endereço diferente' },
            ]}
          />
          {billingMode === 'diferente' && (
            <div className="mt-4 grid gap-4 sm:grid-cols-2">
              {billingText('endereco', 'Endereço (Cobrança)', { maxLength: 150, className: 'sm:col-span-2' })}
              <div className="grid grid-cols-2 gap-4">
                {billingText('numero', 'Número', { maxLength: 20 })}
                {billingText('cep', 'CEP', { mask: formatCep, inputMode: 'numeric', placeholder: '00000-000', maxLength: 9 })}
              </div>
              {billingText('complemento', 'Complemento', { maxLength: 100 })}
              {billingText('bairro', 'Bairro', { maxLength: 100 })}
              <CitySelect id="cobranca_cidade" label="Cidade (Cobrança)" value={billing.city} onChange={(city) => setBillingField('city', city)} />
              <p className="text-xs text-slate-500 sm:col-span-2">As alterações serão salvas junto com a empresa.</p>
            </div>
          )}
        </div>

        <FormActions onCancel={onClose} saving={saving} blocked={cnpjInvalid} />
      </form>
    </Modal>
  );
}
