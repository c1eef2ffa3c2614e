// The shapes the app users API and page props answer with: pure types, read by the server and the React pages.

export interface AppUserView {
  user_id: number;
  firstname: string;
  lastname: string;
  email: string | null;
  fone: string | null;
  cpf: string | null;
  enterprise_id: number | null;
  empresa_nome: string | null;
  cargo_id: number | null;
  cargo_nome: string | null;
  ocupacao_id: number | null;
  ocupacao_nome: string | null;
  cidade_nome: string | null;
  cidade_uf: string | null;
  status: number;
  date_added: string;
  date_modified: string;
  /** Raised by every change (ETag); send it back as If-Match. */
  version: number;
  plano_valido: string | null;
  device_id: string | null;
}

export interface AppUserPage {
  data: AppUserView[];
  total: number;
  page: number;
  pageSize: number;
}

export interface AppUserCounts {
  todos: number;
  ativos: number;
  inativos: number;
}
