// What the back office's command palette answers: pure types, read by the server and the React layout.

/** A record found, with where the back office shows it. */
export interface FoundItem {
  id: number;
  titulo: string;
  detalhe: string;
  /** The list page with this record's details open. */
  url: string;
}

export interface FoundGroup {
  items: FoundItem[];
  /** How many match in all (null when not counted), and the list showing them all (null when there is none). */
  total: number | null;
  todos_url: string | null;
}

export interface FindResult {
  empresas: FoundGroup;
  usuarios: FoundGroup;
  contatos: FoundGroup;
}
