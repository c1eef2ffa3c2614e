import { documentWords, toSearchColumn, toSearchText } from '../common/search-text.js';

/**
 * The normalized copies an app user row keeps for ordering and searching (accent- and case-insensitive on
 * every database): the full name; the words of the name, e-mail and CPF (any part of it, see documentWords); and the words of the user's company
 * (razão social and nome fantasia) and cargo, which the search box also matches (SPEC.md section 2).
 */
export function appUserSearchColumns(values: {
  firstname: string;
  lastname: string;
  email: string | null;
  cpf: string | null;
  company?: { razao: string; fantasia: string } | null;
  cargo?: string | null;
}): { sortName: string; searchText: string; orgSearch: string } {
  return {
    sortName: toSearchText(`${values.firstname} ${values.lastname}`).slice(0, 201),
    searchText: toSearchColumn([values.firstname, values.lastname, values.email, ...documentWords(values.cpf)], 600),
    orgSearch: orgSearchColumn(values.company ?? null, values.cargo ?? null),
  };
}

/** The words of a user's company and cargo. */
export function orgSearchColumn(company: { razao: string; fantasia: string } | null, cargo: string | null): string {
  return toSearchColumn([company?.fantasia, company?.razao, cargo], 400);
}
