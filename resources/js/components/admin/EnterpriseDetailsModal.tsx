import { useEffect, useState } from 'react';
import { formatCep, formatCity as cityText, formatCnpj, formatPhone } from '@shared/br';
import type { BillingView, EnterpriseView, LinkedUserPage } from '@shared/enterprise.views';
import { api } from '../../lib/api';
import { Button } from '../ui/Button';
import { EmailText } from '../ui/EmailText';
import { LogoImage } from './LogoImage';
import { StatusBadge } from './StatusBadge';
import { RecordDetailsModal } from './RecordDetailsModal';
import { DetailItem as Item } from '../ui/DetailItem';

const NA = 'N/A';

/** 'endereco, numero', or 'endereco, s/n' without a number. */
export function formatStreet(endereco: string | null, numero: string | null): string {
  if (!endereco) return NA;
  return `${endereco}, ${numero || 's/n'}`;
}

/** A company's city as every screen writes it ("Campinas - SP"), or N/A. */
export function formatCity(nome: string | null, uf: string | null): string {
  return cityText(nome, uf) || NA;
}

/** Everything about a company, its billing address when it has one, and the app users linked to it. */
export function EnterpriseDetailsModal({
  enterprise: opened,
  onClose,
  onEdit,
  onChanged,
}: {
  enterprise: EnterpriseView | null;
  onClose: () => void;
  onEdit: (enterprise: EnterpriseView) => void;
  /** The company changed from here (values restored from its history): the list reloads. */
  onChanged?: () => void;
}) {
  // The company as shown: the one opened, or as a restore left it.
  const [enterprise, setEnterprise] = useState(opened);
  useEffect(() => setEnterprise(opened), [opened]);
  // The first page of the company's users (the largest a page of people's data may be), and how many there are.
  const [users, setUsers] = useState<LinkedUserPage | null>(null);
  const [usersFailed, setUsersFailed] = useState(false);
  const [billing, setBilling] = useState<BillingView | null>(null);

  useEffect(() => {
    setUsers(null);
    setUsersFailed(false);
    setBilling(null);
    if (!enterprise) return;
    let current = true;
    api('GET', `/admin/enterprises/${enterprise.enterprise_id}/users`)
      .then((page) => current && setUsers(page))
      .catch(() => current && setUsersFailed(true));
    api('GET', `/admin/enterprises/${enterprise.enterprise_id}/cobranca`)
      .then(({ data }) => current && setBilling(data))
      .catch((failure: unknown) => console.error('Falha ao carregar o endereço de cobrança', failure));
    return () => {
      current = false;
    };
  }, [enterprise?.enterprise_id, enterprise?.version]);

  if (!enterprise) return null;
  return (
    <RecordDetailsModal<EnterpriseView>
      title="Detalhes da Empresa"
      size="lg"
      onClose={onClose}
      actions={<Button onClick={() => onEdit(enterprise)}>Editar</Button>}
      history={{
        path: 'enterprises',
        id: enterprise.enterprise_id,
        version: enterprise.version,
        onRestored: (restored) => {
          setEnterprise(restored);
          onChanged?.();
        },
      }}
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <div className="flex shrink-0 items-end gap-4">
          <LogoImage src={enterprise.logo_url} alt={`Logo ${enterprise.fantasia}`} className="h-16 w-32" />
          {enterprise.representada_logo_url && (
            <div className="text-xs text-slate-500">
              <p className="mb-1">Representa</p>
              <LogoImage src={enterprise.representada_logo_url} alt="Logo representada" className="h-12 w-24" />
            </div>
          )}
        </div>
        <div className="min-w-0 flex-1" data-testid="empresa-cabecalho">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <p className="min-w-0 text-lg font-bold [overflow-wrap:anywhere] text-slate-900">{enterprise.fantasia}</p>
            <StatusBadge active={enterprise.ativo === 1} />
          </div>
          <p className="text-sm [overflow-wrap:anywhere] text-slate-600">{enterprise.razao}</p>
        </div>
      </div>

      <dl className="mt-5 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        <Item label="CNPJ">{formatCnpj(enterprise.cnpj)}</Item>
        <Item label="Inscrição Estadual">{enterprise.inscricao_estadual || NA}</Item>
        <Item label="Endereço">{formatStreet(enterprise.endereco, enterprise.numero)}</Item>
        <Item label="Bairro">{enterprise.bairro || NA}</Item>
        <Item label="Complemento">{enterprise.complemento || NA}</Item>
        <Item label="CEP">{enterprise.cep ? formatCep(enterprise.cep) : NA}</Item>
        <Item label="Cidade">{formatCity(enterprise.cidade_nome, enterprise.cidade_uf)}</Item>
        <Item label="Telefone">{enterprise.fone ? formatPhone(enterprise.fone) : NA}</Item>
        <Item label="Email">
          {enterprise.email ? (
            <a href={`mailto:${enterprise.email}`} className="text-brand-700 hover:underline">
              <EmailText email={enterprise.email} />
            </a>
          ) : (
            NA
          )}
        </Item>
        <Item label="Site">
          {enterprise.site ? (
            <a href={enterprise.site} target="_blank" rel="noopener noreferrer" className="break-all text-brand-700 hover:underline">
              {enterprise.site}
            </a>
          ) : (
            NA
          )}
        </Item>
        <Item label="Status">
          <StatusBadge active={enterprise.ativo === 1} />
        </Item>
        {billing && (
          <Item label="Endereço de cobrança" wide>
            {formatStreet(billing.endereco, billing.numero)}
            {billing.complemento ? ` (${billing.complemento})` : ''}
            {billing.bairro ? ` · ${billing.bairro}` : ''}
            {billing.cep ? ` · ${formatCep(billing.cep)}` : ''}
            {billing.cidade_nome ? ` · ${formatCity(billing.cidade_nome, billing.cidade_uf)}` : ''}
          </Item>
        )}
      </dl>

      <section className="mt-6 border-t border-slate-200 pt-4" aria-live="polite">
        <h3 className="font-semibold text-slate-900">Usuários Vinculados ({users?.total ?? 0})</h3>
        {usersFailed ? (
          <p className="mt-2 text-sm text-red-700">Falha ao carregar usuários.</p>
        ) : users === null ? (
          <p className="mt-2 text-sm text-slate-500">Carregando...</p>
        ) : users.data.length === 0 ? (
          <p className="mt-2 text-sm text-slate-500">Nenhum usuário vinculado a esta empresa.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-100 rounded-xl border border-slate-200">
            {users.data.map((user) => (
              <li key={user.user_id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">
                    {user.firstname} {user.lastname}
                  </p>
                  <p className="text-slate-500">
                    {user.email ? <EmailText email={user.email} /> : 'Sem email'} · {user.cargo_nome || 'Sem cargo'}
                  </p>
                </div>
                <StatusBadge active={user.status === 1} />
              </li>
            ))}
          </ul>
        )}
        {users && users.total > users.data.length && (
          <p className="mt-2 text-sm text-slate-500">
            Mostrando os primeiros {users.data.length} de {users.total}. Para ver todos, busque pela empresa em Usuários.
          </p>
        )}
      </section>
    </RecordDetailsModal>
  );
}
