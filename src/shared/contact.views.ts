// The shapes the contacts API and page props answer with: pure types, read by the server and the React pages.

export interface ContactView {
  id: number;
  nome: string;
  email: string;
  /** Digits only: area code and number. */
  telefone: string;
  mensagem: string;
  status: 'pendente' | 'respondido';
  response_channel: 'whatsapp' | 'email' | null;
  responded_at: string | null;
  responded_by: number | null;
  /** The name of the admin who answered. */
  responded_by_nome: string | null;
  created_at: string;
  /** Raised by every change (ETag). */
  version: number;
}

export interface ContactPage {
  data: ContactView[];
  total: number;
  page: number;
  pageSize: number;
}

export interface ContactCounts {
  pendente: number;
  respondido: number;
}
