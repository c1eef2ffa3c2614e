import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

export const DEFAULT_PAGE_SIZE = 20;
/**
 * The most rows a list page holds unless its query says otherwise. A page of people's data (app users, contacts,
 * the team, a company's users) is for looking at: reading more of them at once is an export (/exportar), which
 * asks for a recent confirmation of identity and is audited. A list without people's data may allow larger pages
 * by extending PageQueryUpTo with its own maximum.
 */
export const MAX_PAGE_SIZE = 100;

/** Far past the last page of any list (a million rows one per page), and small enough for every database's OFFSET. */
export const MAX_PAGE = 10_000_000;

const PAGE_MESSAGE = 'A página deve ser um número inteiro maior que zero.';
const PAGE_MAX_MESSAGE = `A página deve ser no máximo ${MAX_PAGE.toLocaleString('pt-BR')}.`;

/** The page-size rule's message for a list whose pages hold at most `maxPageSize` rows. */
export function pageSizeMessage(maxPageSize: number): string {
  return `O tamanho da página deve estar entre 1 e ${maxPageSize}.`;
}

/**
 * `page` and `pageSize` of a list whose pages hold at most `maxPageSize` rows: whole numbers, the size capped.
 * A list's query declares its maximum by what it extends (`extends PageQueryUpTo(1000)`); rules add up along
 * the classes, so a subclass can lower a maximum but never raise it.
 */
export function PageQueryUpTo(maxPageSize: number) {
  const sizeMessage = pageSizeMessage(maxPageSize);
  // Rules run from the one nearest the property upwards; the first failure is reported.
  class PageFields {
    @Max(MAX_PAGE, { message: PAGE_MAX_MESSAGE })
    @Min(1, { message: PAGE_MESSAGE })
    @IsInt({ message: PAGE_MESSAGE })
    @Type(() => Number)
    @IsOptional()
    @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_PAGE, default: 1, description: 'A página, a partir de 1.' })
    page?: number;

    @Max(maxPageSize, { message: sizeMessage })
    @Min(1, { message: sizeMessage })
    @IsInt({ message: sizeMessage })
    @Type(() => Number)
    @IsOptional()
    @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: maxPageSize, default: DEFAULT_PAGE_SIZE, description: 'Itens por página.' })
    pageSize?: number;
  }
  return PageFields;
}

/** `page` and `pageSize` of an admin list of people's data: at most MAX_PAGE_SIZE rows a page. */
export class PageQuery extends PageQueryUpTo(MAX_PAGE_SIZE) {}
