import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import type { SortDirection } from '../sql/list-query.js';

export const SORT_DIRECTIONS: readonly SortDirection[] = ['asc', 'desc'];

/** A list's `ordem`: one of the columns it sorts by (its default order when absent). */
export const SortKeyField = (keys: readonly string[]) =>
  applyDecorators(
    IsIn(keys, { message: `Ordem inválida: use ${keys.slice(0, -1).join(', ')}${keys.length > 1 ? ' ou ' : ''}${keys[keys.length - 1]}.` }),
    IsOptional(),
    ApiPropertyOptional({ enum: keys, description: 'A coluna pela qual a lista é ordenada; sem ela, a ordem padrão da lista.' }),
  );

/** A list's `sentido`: asc or desc. */
export const SortDirectionField = () =>
  applyDecorators(
    IsIn(SORT_DIRECTIONS, { message: 'Sentido inválido: use asc ou desc.' }),
    IsOptional(),
    ApiPropertyOptional({ enum: SORT_DIRECTIONS, description: 'Crescente (asc) ou decrescente (desc).' }),
  );
