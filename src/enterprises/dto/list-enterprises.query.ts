import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

export const ENTERPRISE_STATUS_FILTERS = ['todos', 'ativos', 'inativos'] as const;
export type EnterpriseStatusFilter = (typeof ENTERPRISE_STATUS_FILTERS)[number];
export const DEFAULT_PAGE_SIZE = 20;
/** The user form's company dropdown asks for 1000 at once (SPEC.md section 9); no list page is larger. */
export const MAX_PAGE_SIZE = 1000;
export const SEARCH_MAX_LENGTH = 100;

// Rules run from the one nearest the property upwards; the first failure is reported.
export class ListEnterprisesQuery {
  @IsIn(ENTERPRISE_STATUS_FILTERS, { message: 'Status inválido: use todos, ativos ou inativos.' })
  @IsOptional()
  status?: EnterpriseStatusFilter;

  @Min(1, { message: 'A página deve ser um número inteiro maior que zero.' })
  @IsInt({ message: 'A página deve ser um número inteiro maior que zero.' })
  @Type(() => Number)
  @IsOptional()
  page?: number;

  @Max(MAX_PAGE_SIZE, { message: `O tamanho da página deve estar entre 1 e ${MAX_PAGE_SIZE}.` })
  @Min(1, { message: `O tamanho da página deve estar entre 1 e ${MAX_PAGE_SIZE}.` })
  @IsInt({ message: `O tamanho da página deve estar entre 1 e ${MAX_PAGE_SIZE}.` })
  @Type(() => Number)
  @IsOptional()
  pageSize?: number;

  @MaxLength(SEARCH_MAX_LENGTH, { message: `A busca deve ter no máximo ${SEARCH_MAX_LENGTH} caracteres.` })
  @IsString({ message: 'A busca deve ser um texto.' })
  @IsOptional()
  busca?: string;
}
