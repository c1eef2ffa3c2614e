import { documentWords, toSearchColumn, toSearchText } from '../common/search-text.js';

/**
 * The normalized copies a company row keeps for ordering and searching (accent- and case-insensitive on
 * every database): its trade name, and the words of its razão, fantasia, CNPJ and IE (any part of them, see documentWords), bairro, city and UF.
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
    searchText: toSearchColumn(
      [values.razao, values.fantasia, ...documentWords(values.cnpj), ...documentWords(values.inscricaoEstadual), values.bairro, values.cityName, values.uf],
      800,
    ),
  };
}
