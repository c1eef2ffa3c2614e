import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
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
import type { BillingView, EnterpriseView } from '@shared/enterprise.views';
import { api, ApiError } from '../../lib/api';
import { Button } from '../ui/Button';
import { Modal } from '../ui/Modal';
import { useToast } from '../ui/Toast';
import { CitySelect, type CityOption } from './CitySelect';
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

function fieldsOf(enterprise: EnterpriseView | null): FormFields {
  if (!enterprise)
    return { ...EMPTY_ADDRESS, razao: '', fantasia: '', cnpj: '', inscricao_estadual: '', fone: '', email: '', site: '', logo: null, representada_logo: null };
  return {
    razao: enterprise.razao,
    fantasia: enterprise.fantasia,
    cnpj: formatCnpj(enterprise.cnpj),
    inscricao_estadual: enterprise.inscricao_estadual ?? '',
    endereco: enterprise.endereco ?? '',
    numero: enterprise.numero ?? '',
    complemento: enterprise.complemento ?? '',
    bairro: enterprise.bairro ?? '',
    cep: formatCep(enterprise.cep ?? ''),
    city: cityOf(enterprise),
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

/** The form's rules (SPEC.md section 5), the same helpers the API validates with. */
function validate(fields: FormFields, billing: AddressFields | null): Errors {
  const errors: Errors = {};
  if (!fields.razao.trim()) errors.razao = 'Informe a razão social.';
  if (!fields.fantasia.trim()) errors.fantasia = 'Informe o nome fantasia.';
  if (!fields.cnpj.trim()) errors.cnpj = 'Informe o CNPJ.';
  else if (!isValidCnpj(fields.cnpj)) errors.cnpj = 'CNPJ inválido';
  if (!isValidInscricaoEstadual(fields.inscricao_estadual)) errors.inscricao_estadual = 'Inscrição estadual inválida: use somente números (até 14) ou ISENTO.';
  if (fields.cep && !isValidCep(fields.cep)) errors.cep = 'CEP inválido';
  if (fields.fone && !isValidPhone(fields.fone)) errors.fone = 'Telefone inválido';
  if (fields.email.trim() && !isValidEmail(fields.email)) errors.email = 'Email inválido';
  if (fields.site.trim() && !isValidSiteUrl(fields.site)) errors.site = 'Site inválido: informe um endereço como https://www.exemplo.com.br';
  if (!fields.logo) errors.logo = 'Selecione a logo da empresa.';
  if (billing) {
    const body = addressBody(billing);
    if (!body.endereco && !body.numero && !body.complemento && !body.bairro && !body.cep && !body.city_id) {
      errors['cobranca.endereco'] = 'Preencha o endereço de cobrança ou escolha "O mesmo cadastrado acima".';
    }
    if (billing.cep && !isValidCep(billing.cep)) errors['cobranca.cep'] = 'CEP inválido';
  }
  return errors;
}

/**
 * 'Nova Empresa' / 'Editar Empresa': every field of the company, its logos and its billing address. The
 * billing address is saved right after the company (PUT when 'Endereço diferente', DELETE when switched
 * back to the same address).
 */
export function EnterpriseFormModal({
  open,
  enterprise,
  logos,
  onLogoUploaded,
  onClose,
  onSaved,
}: {
  open: boolean;
  enterprise: EnterpriseView | null;
  logos: LogoOption[];
  onLogoUploaded: (logo: LogoOption) => void;
  onClose: () => void;
  onSaved: (enterprise: EnterpriseView) => void;
}) {
  const toast = useToast();
  const [fields, setFields] = useState<FormFields>(() => fieldsOf(enterprise));
  const [billingMode, setBillingMode] = useState<'mesmo' | 'diferente'>('mesmo');
  const [billing, setBilling] = useState<AddressFields>(EMPTY_ADDRESS);
  const [hadBilling, setHadBilling] = useState(false);
  const [cnpjTouched, setCnpjTouched] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    setFields(fieldsOf(enterprise));
    setBillingMode('mesmo');
    setBilling(EMPTY_ADDRESS);
    setHadBilling(false);
    setCnpjTouched(Boolean(enterprise));
    setErrors({});
    if (!enterprise) return;
    let current = true;
    api<{ data: BillingView | null }>('GET', `/admin/enterprises/${enterprise.enterprise_id}/cobranca`)
      .then(({ data }) => {
        if (!current || !data) return;
        setHadBilling(true);
        setBillingMode('diferente');
        setBilling({
          endereco: data.endereco ?? '',
          numero: data.numero ?? '',
          complemento: data.complemento ?? '',
          bairro: data.bairro ?? '',
          cep: formatCep(data.cep ?? ''),
          city: cityOf(data),
        });
      })
      .catch((failure: unknown) => console.error('Falha ao carregar o endereço de cobrança', failure));
    return () => {
      current = false;
    };
  }, [open, enterprise?.enterprise_id]);

  const set = <K extends keyof FormFields>(key: K, value: FormFields[K]) => setFields((current) => ({ ...current, [key]: value }));
  const setBillingField = <K extends keyof AddressFields>(key: K, value: AddressFields[K]) => setBilling((current) => ({ ...current, [key]: value }));
  const cnpjInvalid = fields.cnpj.trim() !== '' && !isValidCnpj(fields.cnpj);
  const shownErrors: Errors = { ...errors, ...(cnpjTouched && cnpjInvalid ? { cnpj: 'CNPJ inválido' } : {}) };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validate(fields, billingMode === 'diferente' ? billing : null);
    setCnpjTouched(true);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    const body = {
      razao: fields.razao.trim(),
      fantasia: fields.fantasia.trim(),
      cnpj: fields.cnpj,
      inscricao_estadual: fields.inscricao_estadual.trim(),
      ...addressBody(fields),
      fone: onlyDigits(fields.fone),
      email: fields.email.trim(),
      site: fields.site.trim(),
      logo: fields.logo,
      representada_logo: fields.representada_logo,
    };
    try {
      const saved = enterprise
        ? await api<{ data: EnterpriseView }>('PUT', `/admin/enterprises/${enterprise.enterprise_id}`, body)
        : await api<{ data: EnterpriseView }>('POST', '/admin/enterprises', body);
      const id = saved.data.enterprise_id;
      // Billing failures are only logged (SPEC.md section 8); the form checked the address first.
      try {
        if (billingMode === 'diferente') await api('PUT', `/admin/enterprises/${id}/cobranca`, addressBody(billing));
        else if (hadBilling) await api('DELETE', `/admin/enterprises/${id}/cobranca`);
      } catch (failure) {
        console.error('Falha ao salvar o endereço de cobrança', failure);
      }
      toast('success', enterprise ? 'Empresa atualizada com sucesso!' : 'Empresa cadastrada com sucesso!');
      onSaved(saved.data);
    } catch (failure) {
      if (failure instanceof ApiError && failure.errors) setErrors(failure.errors);
      toast('error', failure instanceof ApiError && failure.message ? failure.message : 'Falha ao salvar. Verifique os dados e tente novamente.');
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal open={open} title={enterprise ? 'Editar Empresa' : 'Nova Empresa'} onClose={onClose} busy={saving} size="lg">
      <form onSubmit={submit} noValidate className="space-y-5">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="razao"
            label="Razão Social"
            required
            value={fields.razao}
            onChange={(value) => set('razao', value)}
            maxLength={150}
            error={shownErrors.razao}
            className="sm:col-span-2"
          />
          <TextField
            id="fantasia"
            label="Nome Fantasia"
            required
            value={fields.fantasia}
            onChange={(value) => set('fantasia', value)}
            maxLength={150}
            error={shownErrors.fantasia}
          />
          <TextField
            id="cnpj"
            label="CNPJ"
            required
            value={fields.cnpj}
            onChange={(value) => {
              set('cnpj', formatCnpj(value));
              if (formatCnpj(value).replace(/\W/g, '').length === 14) setCnpjTouched(true);
            }}
            onBlur={() => setCnpjTouched(true)}
            placeholder="00.000.000/0000-00"
            inputMode="text"
            maxLength={18}
            error={shownErrors.cnpj}
          />
          <TextField
            id="inscricao_estadual"
            label="Inscrição Estadual"
            value={fields.inscricao_estadual}
            onChange={(value) => set('inscricao_estadual', maskInscricaoEstadual(value))}
            maxLength={IE_MAX_LENGTH}
            placeholder="Somente números ou ISENTO"
            error={shownErrors.inscricao_estadual}
          />
          <TextField
            id="fone"
            label="Telefone"
            value={fields.fone}
            onChange={(value) => set('fone', formatPhone(value))}
            inputMode="tel"
            placeholder="(00) 00000-0000"
            maxLength={15}
            error={shownErrors.fone}
          />
          <TextField
            id="endereco"
            label="Endereço"
            value={fields.endereco}
            onChange={(value) => set('endereco', value)}
            maxLength={150}
            error={shownErrors.endereco}
            className="sm:col-span-2"
          />
          <TextField id="bairro" label="Bairro" value={fields.bairro} onChange={(value) => set('bairro', value)} maxLength={100} error={shownErrors.bairro} />
          <div className="grid grid-cols-2 gap-4">
            <TextField id="numero" label="Número" value={fields.numero} onChange={(value) => set('numero', value)} maxLength={20} error={shownErrors.numero} />
            <TextField
              id="cep"
              label="CEP"
              value={fields.cep}
              onChange={(value) => set('cep', formatCep(value))}
              inputMode="numeric"
              placeholder="00000-000"
              maxLength={9}
              error={shownErrors.cep}
            />
          </div>
          <TextField
            id="complemento"
            label="Complemento"
            value={fields.complemento}
            onChange={(value) => set('complemento', value)}
            maxLength={100}
            error={shownErrors.complemento}
          />
          <CitySelect id="cidade" label="Cidade" value={fields.city} onChange={(city) => set('city', city)} error={shownErrors.city_id} />
          <TextField
            id="email"
            label="Email"
            type="email"
            value={fields.email}
            onChange={(value) => set('email', value)}
            maxLength={160}
            error={shownErrors.email}
          />
          <TextField
            id="site"
            label="Site"
            type="url"
            value={fields.site}
            onChange={(value) => set('site', value)}
            maxLength={255}
            placeholder="https://www.exemplo.com.br"
            error={shownErrors.site}
          />
        </div>

        <div className="grid gap-4 lg:grid-cols-2">
          <LogoPicker
            label="Logo"
            required
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

        <fieldset className="rounded-xl border border-slate-200 p-4">
          <legend className="px-1 text-sm font-semibold text-slate-800">Endereço de cobrança</legend>
          <div className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-700">
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name="cobranca"
                checked={billingMode === 'mesmo'}
                onChange={() => setBillingMode('mesmo')}
                className="h-4 w-4 text-brand-700"
              />
              O mesmo cadastrado acima
            </label>
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name="cobranca"
                checked={billingMode === 'diferente'}
                onChange={() => setBillingMode('diferente')}
                className="h-4 w-4 text-brand-700"
              />
              Endereço diferente
            </label>
          </div>
          {billingMode === 'diferente' && (
            <div className="mt-4 grid gap-4 sm:grid-cols-2">
              <TextField
                id="cobranca_endereco"
                label="Endereço (Cobrança)"
                value={billing.endereco}
                onChange={(value) => setBillingField('endereco', value)}
                maxLength={150}
                error={shownErrors['cobranca.endereco']}
                className="sm:col-span-2"
              />
              <div className="grid grid-cols-2 gap-4">
                <TextField id="cobranca_numero" label="Número" value={billing.numero} onChange={(value) => setBillingField('numero', value)} maxLength={20} />
                <TextField
                  id="cobranca_cep"
                  label="CEP"
                  value={billing.cep}
                  onChange={(value) => setBillingField('cep', formatCep(value))}
                  inputMode="numeric"
                  placeholder="00000-000"
                  maxLength={9}
                  error={shownErrors['cobranca.cep']}
                />
              </div>
              <TextField
                id="cobranca_complemento"
                label="Complemento"
                value={billing.complemento}
                onChange={(value) => setBillingField('complemento', value)}
                maxLength={100}
              />
              <TextField id="cobranca_bairro" label="Bairro" value={billing.bairro} onChange={(value) => setBillingField('bairro', value)} maxLength={100} />
              <CitySelect id="cobranca_cidade" label="Cidade (Cobrança)" value={billing.city} onChange={(city) => setBillingField('city', city)} />
              <p className="text-xs text-slate-500 sm:col-span-2">As alterações serão salvas junto com a empresa.</p>
            </div>
          )}
        </fieldset>

        <div className="flex flex-col-reverse gap-2 border-t border-slate-200 pt-4 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            Cancelar
          </Button>
          <Button type="submit" disabled={saving || cnpjInvalid}>
            {saving ? 'Salvando...' : 'Salvar'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

function TextField({
  id,
  label,
  value,
  onChange,
  onBlur,
  required = false,
  error,
  className = '',
  type = 'text',
  ...rest
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  required?: boolean;
  error?: string;
  className?: string;
  type?: string;
  maxLength?: number;
  placeholder?: string;
  inputMode?: 'text' | 'numeric' | 'tel' | 'email' | 'url';
}): ReactNode {
  return (
    <div className={className}>
      <label htmlFor={`empresa-${id}`} className="block text-sm font-medium text-slate-700">
        {label}
        {required && <span className="text-red-600"> *</span>}
      </label>
      <input
        id={`empresa-${id}`}
        type={type}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `empresa-${id}-erro` : undefined}
        className={`mt-1 block w-full rounded-lg border px-3 py-2 text-sm shadow-sm focus:ring-2 focus:outline-none ${error ? 'border-red-400 focus:border-red-500 focus:ring-red-500/20' : 'border-slate-300 focus:border-brand-600 focus:ring-brand-600/20'}`}
        {...rest}
      />
      {error && (
        <p id={`empresa-${id}-erro`} className="mt-1 text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
