import type { City } from '../cities/city.entity.js';
import type { HistoryValue } from '../history/history.service.js';
import { logoUrl } from '../logos/logos.service.js';
import type { AddressView, EnterpriseView } from '../shared/enterprise.views.js';
import type { EnterpriseBilling } from './enterprise-billing.entity.js';
import type { Enterprise } from './enterprise.entity.js';
import { isoTime } from '../common/iso-time.js';

/** A company's or an address's stored values as the form sends them (an empty value left out). */
export function formValues(row: Record<string, HistoryValue | undefined>): Record<string, unknown> {
  const fields = [
    'razao',
    'fantasia',
    'cnpj',
    'inscricao_estadual',
    'endereco',
    'numero',
    'complemento',
    'bairro',
    'cep',
    'fone',
    'email',
    'site',
    'logo',
    'representada_logo',
  ];
  const form: Record<string, unknown> = {};
  for (const field of fields) {
    const value = row[field];
    if (value !== null && value !== undefined) form[field] = String(value);
  }
  if (row.city_id !== null && row.city_id !== undefined) form.city_id = Number(row.city_id);
  return form;
}

export function enterpriseView(row: Enterprise, city: City | null): EnterpriseView {
  return {
    enterprise_id: row.enterpriseId,
    razao: row.razao,
    fantasia: row.fantasia,
    cnpj: row.cnpj,
    inscricao_estadual: row.inscricaoEstadual,
    ...addressView(row, city),
    fone: row.fone,
    email: row.email,
    site: row.site,
    logo: row.logo,
    logo_url: logoUrl(row.logo),
    representada_logo: row.representadaLogo,
    representada_logo_url: row.representadaLogo ? logoUrl(row.representadaLogo) : null,
    ativo: Number(row.ativo),
    score: Number(row.score),
    created_at: isoTime(row.createdAt),
    updated_at: isoTime(row.updatedAt),
    version: Number(row.version),
  };
}

/** The address fields of a company or billing row, with its city's name and UF. */
export function addressView(row: Enterprise | EnterpriseBilling, city: City | null): AddressView {
  return {
    endereco: row.endereco,
    numero: row.numero,
    complemento: row.complemento,
    bairro: row.bairro,
    cep: row.cep,
    city_id: row.cityId,
    cidade_nome: city?.name ?? null,
    cidade_uf: city?.code ?? null,
  };
}
