// The shapes the enterprises API and page props answer with: pure types, read by the server and the React pages.

/** An address as the API answers it: the stored fields and the city's name and UF. */
export interface AddressView {
  endereco: string | null;
  numero: string | null;
  complemento: string | null;
  bairro: string | null;
  cep: string | null;
  city_id: number | null;
  cidade_nome: string | null;
  cidade_uf: string | null;
}

/** A company's billing address (cobrança). */
export type BillingView = AddressView;

export interface EnterpriseView extends AddressView {
  enterprise_id: number;
  razao: string;
  fantasia: string;
  cnpj: string;
  inscricao_estadual: string | null;
  fone: string | null;
  email: string | null;
  site: string | null;
  logo: string | null;
  logo_url: string;
  representada_logo: string | null;
  representada_logo_url: string | null;
  ativo: number;
  score: number;
  created_at: string;
  updated_at: string;
  /** Raised by every change (ETag); send it back as If-Match. */
  version: number;
}

/**
 * The largest page of the companies list: companies hold no person's data, and the user form's company dropdown
 * reads every active one at once.
 */
export const ENTERPRISE_MAX_PAGE_SIZE = 1000;

export interface LinkedUserView {
  user_id: number;
  firstname: string;
  lastname: string;
  email: string | null;
  cargo_nome: string | null;
  status: number;
}

/** A page of a company's app users (its details), by name. */
export interface LinkedUserPage {
  data: LinkedUserView[];
  total: number;
  page: number;
  pageSize: number;
}

/** The columns the companies list sorts by (`ordem`); Fantasia ascending when none is given. */
export const ENTERPRISE_SORTS = ['fantasia', 'cnpj', 'cidade', 'status'] as const;
export type EnterpriseSort = (typeof ENTERPRISE_SORTS)[number];

export interface EnterprisePage {
  data: EnterpriseView[];
  total: number;
  page: number;
  pageSize: number;
}

export interface EnterpriseCounts {
  todos: number;
  ativos: number;
  inativos: number;
}

/**
 * A company's required fields and what each says when empty: the only ones. The form, the API and the import
 * refuse a company without them and nothing else; the logo is optional (the placeholder stands in for it).
 */
export const ENTERPRISE_REQUIRED = {
  razao: 'Informe a razão social.',
  fantasia: 'Informe o nome fantasia.',
  cnpj: 'Informe o CNPJ.',
} as const;
export type EnterpriseRequiredField = keyof typeof ENTERPRISE_REQUIRED;
export const isEnterpriseRequired = (field: string): field is EnterpriseRequiredField => field in ENTERPRISE_REQUIRED;
