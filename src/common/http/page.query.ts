import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

export const DEFAULT_PAGE_SIZE = 20;
/** The user form's company dropdown asks for 1000 at once; no list page is larger. */
export const MAX_PAGE_SIZE = 1000;

/** Far past the last page of any list (a million rows one per page), and small enough for every database's OFFSET. */
export const MAX_PAGE = 10_000_000;

const PAGE_MESSAGE = 'A página deve ser um número inteiro maior que zero.';
const PAGE_MAX_MESSAGE = `A página deve ser no máximo ${MAX_PAGE.toLocaleString('pt-BR')}.`;
const PAGE_SIZE_MESSAGE = `O tamanho da página deve estar entre 1 e ${MAX_PAGE_SIZE}.`;

// Rules run from the one nearest the property upwards; the first failure is reported.
/** `page` and `pageSize` of every admin list: whole numbers, the size capped. */
export class PageQuery {
  @Max(MAX_PAGE, { message: PAGE_MAX_MESSAGE })
  @Min(1, { message: PAGE_MESSAGE })
  @IsInt({ message: PAGE_MESSAGE })
  @Type(() => Number)
  @IsOptional()
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_PAGE, default: 1, description: 'A página, a partir de 1.' })
  page?: number;

  @Max(MAX_PAGE_SIZE, { message: PAGE_SIZE_MESSAGE })
  @Min(1, { message: PAGE_SIZE_MESSAGE })
  @IsInt({ message: PAGE_SIZE_MESSAGE })
  @Type(() => Number)
  @IsOptional()
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE, description: 'Itens por página.' })
  pageSize?: number;
}
