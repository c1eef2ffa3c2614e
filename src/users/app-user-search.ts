import { toSearchText } from '../common/search-text.js';

/**
 * The normalized copies an app user row keeps for ordering and searching (accent- and case-insensitive on
 * every database): the full name, and the name, e-mail and CPF together.
 */
export function appUserSearchColumns(values: { firstname: string; lastname: string; email: string | null; cpf: string | null }): { sortName: string; searchText: string } {
  return {
    sortName: toSearchText(`${values.firstname} ${values.lastname}`).slice(0, 201),
    searchText: [values.firstname, values.lastname, values.email, values.cpf]
      .filter((part): part is string => Boolean(part))
      .map(toSearchText)
      .join(' | ')
      .slice(0, 600),
  };
}
