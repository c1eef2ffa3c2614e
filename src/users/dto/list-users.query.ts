import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { IsSaoPauloDay, NotAfterDay } from '../../common/http/day.validators.js';
import { BulkSelection } from '../../common/bulk/bulk-status.js';
import { Trim } from '../../common/http/trim.decorator.js';
import { PageQuery } from '../../common/http/page.query.js';
import { SortDirectionField, SortKeyField } from '../../common/http/sort.query.js';

export const USER_STATUS_FILTERS = ['todos', 'ativos', 'inativos'] as const;
export type UserStatusFilter = (typeof USER_STATUS_FILTERS)[number];
/** The columns the users list sorts by (`ordem`); Data de Cadastro, newest first, when none is given. */
export const USER_SORTS = ['nome', 'email', 'cadastro', 'empresa', 'status'] as const;
export type UserSort = (typeof USER_SORTS)[number];
const DATE_MESSAGE = 'Data inválida: use AAAA-MM-DD.';

// Rules run from the one nearest the property upwards; the first failure is reported. The API validates with this
// class and the page reads its URL with it (listStateFromUrl): one set of rules for both.
export class ListUsersQuery extends PageQuery {
  @IsIn(USER_STATUS_FILTERS, { message: 'Status inválido: use todos, ativos ou inativos.' })
  @IsOptional()
  status?: UserStatusFilter;

  @MaxLength(100, { message: 'A busca deve ter no máximo 100 caracteres.' })
  @IsString({ message: 'A busca deve ser um texto.' })
  @IsOptional()
  @Trim()
  busca?: string;

  /** First day of registration, inclusive, in São Paulo. */
  @NotAfterDay('date_to', { message: 'A data inicial deve ser anterior ou igual à data final.' })
  @IsSaoPauloDay({ message: DATE_MESSAGE })
  @IsOptional()
  @ApiPropertyOptional({ format: 'date', description: 'Primeiro dia de cadastro, inclusive (AAAA-MM-DD, dia de São Paulo).' })
  date_from?: string;

  /** Last day of registration, inclusive, in São Paulo. */
  @IsSaoPauloDay({ message: DATE_MESSAGE })
  @IsOptional()
  @ApiPropertyOptional({ format: 'date', description: 'Último dia de cadastro, inclusive (AAAA-MM-DD, dia de São Paulo).' })
  date_to?: string;

  @SortKeyField(USER_SORTS)
  ordem?: UserSort;

  @SortDirectionField()
  sentido?: 'asc' | 'desc';
}

/** A bulk Ativar/Desativar of users: the list's filters, dates and search, and the selection (BulkSelection). */
export class BulkUserStatusInput extends BulkSelection(ListUsersQuery) {}
