/**
 * The list page of a declared resource, as the server sends it to the generic page (Admin/Recurso): everything
 * the page shows, as data. A resource with dialogs of its own writes its page on ResourceList instead.
 */
export interface ResourcePageSpec {
  /** The page's address (`/admin/revendas`): the filters are its query string. */
  path: string;
  /** The API's path under /api (`/admin/revendas`): its export and bulk status change. */
  apiPath: string;
  title: string;
  description: string;
  columns: ResourcePageColumn[];
  /** The row's fields with its id and its name (in its buttons' labels and the status dialog). */
  idField: string;
  nameField: string;
  search?: { label: string; placeholder: string };
  sort?: { default: string; options: { key: string; label: string }[] };
  /** Ativar/Desativar, each row and in bulk, through the declared bulk route; the row's status field is 1 or 0. */
  activation?: { one: string; many: string; feminine: boolean; statusField: string };
  export: boolean;
  errorMessage: string;
  emptyText: string;
}

export interface ResourcePageColumn {
  label: string;
  field: string;
  /** The list's sort key, for a header that sorts by this column. */
  sort?: string;
  /** How the value shows: as text, as a document (CNPJ or CPF with its mask, monospace), or as the Ativo/Inativo badge. */
  kind?: 'text' | 'document' | 'status';
  /** Where a card shows it (see ResourceRows). */
  place?: 'title' | 'subtitle' | 'badge' | 'field' | 'text' | 'note' | 'none';
}
