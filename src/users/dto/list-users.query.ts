import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { PageQuery } from '../../common/http/page.query.js';

export const USER_STATUS_FILTERS = ['todos', 'ativos', 'inativos'] as const;
export type UserStatusFilter = (typeof USER_STATUS_FILTERS)[number];
const DATE_MESSAGE = 'Data inválida: use AAAA-MM-DD.';

// Rules run from the one nearest the property upwards; the first failure is reported.
export class ListUsersQuery extends PageQuery {
  @IsIn(USER_STATUS_FILTERS, { message: 'Status inválido: use todos, ativos ou inativos.' })
  @IsOptional()
  status?: UserStatusFilter;

  @MaxLength(100, { message: 'A busca deve ter no máximo 100 caracteres.' })
  @IsString({ message: 'A busca deve ser um texto.' })
  @IsOptional()
  busca?: string;

  /** First day of registration, inclusive, in São Paulo. */
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: DATE_MESSAGE })
  @IsString({ message: DATE_MESSAGE })
  @IsOptional()
  date_from?: string;

  /** Last day of registration, inclusive, in São Paulo. */
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: DATE_MESSAGE })
  @IsString({ message: DATE_MESSAGE })
  @IsOptional()
  date_to?: string;
}
