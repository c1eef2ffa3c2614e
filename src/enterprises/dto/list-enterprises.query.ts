import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { BulkSelection } from '../../common/bulk/bulk-status.js';
import { Trim } from '../../common/http/trim.decorator.js';
import { PageQueryUpTo } from '../../common/http/page.query.js';
import { SortDirectionField, SortKeyField } from '../../common/http/sort.query.js';
import { ENTERPRISE_MAX_PAGE_SIZE, ENTERPRISE_SORTS, type EnterpriseSort } from '../../shared/enterprise.views.js';

export const ENTERPRISE_STATUS_FILTERS = ['todos', 'ativos', 'inativos'] as const;
export type EnterpriseStatusFilter = (typeof ENTERPRISE_STATUS_FILTERS)[number];
export const SEARCH_MAX_LENGTH = 100;

// Rules run from the one nearest the property upwards; the first failure is reported.
/** The companies list's query: no person's data, so its pages may be as large as ENTERPRISE_MAX_PAGE_SIZE. */
export class ListEnterprisesQuery extends PageQueryUpTo(ENTERPRISE_MAX_PAGE_SIZE) {
  @IsIn(ENTERPRISE_STATUS_FILTERS, { message: 'Status inválido: use todos, ativos ou inativos.' })
  @IsOptional()
  status?: EnterpriseStatusFilter;

  @MaxLength(SEARCH_MAX_LENGTH, { message: `A busca deve ter no máximo ${SEARCH_MAX_LENGTH} caracteres.` })
  @IsString({ message: 'A busca deve ser um texto.' })
  @IsOptional()
  @Trim()
  busca?: string;

  @SortKeyField(ENTERPRISE_SORTS)
  ordem?: EnterpriseSort;

  @SortDirectionField()
  sentido?: 'asc' | 'desc';
}

/** A bulk Ativar/Desativar of companies: the list's filters and search, and the selection (BulkSelection). */
export class BulkEnterpriseStatusInput extends BulkSelection(ListEnterprisesQuery) {}
