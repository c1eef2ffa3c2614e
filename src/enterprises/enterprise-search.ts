import { toSearchText } from '../common/search-text.js';

/**
 * The normalized copies a company row keeps for ordering and searching (accent- and case-insensitive on
 * every database): its trade name, and its razão, fantasia, CNPJ, IE, bairro, city and UF together.
 */
export function enterpriseSearchColumns(values: {
  razao: string;
  fantasia: string;
  cnpj: string;
  inscricaoEstadual: string | null;
  bairro: string | null;
  cityName: string | null | undefined;
  uf: string | null | undefined;
}): { sortName: string; searchText: string } {
  return {
    sortName: toSearchText(values.fantasia).slice(0, 150),
    searchText: [values.razao, values.fantasia, values.cnpj, values.inscricaoEstadual, values.bairro, values.cityName, values.uf]
      .filter((part): part is string => Boolean(part))
      .map(toSearchText)
      .join(' | ')
      .slice(0, 800),
  };
}
