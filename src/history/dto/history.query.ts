import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

/** A page of a record's history: older than `antes` (the previous page's `proximo`), `limite` entries (20 by default). */
export class HistoryQuery {
  /** The `proximo` of the previous page: entries older than this one. */
  @Max(Number.MAX_SAFE_INTEGER, { message: 'Continuação inválida.' })
  @Min(1, { message: 'Continuação inválida.' })
  @IsInt({ message: 'Continuação inválida.' })
  @Type(() => Number)
  @IsOptional()
  antes?: number;

  @Max(100, { message: 'Peça no máximo 100 registros por página.' })
  @Min(1, { message: 'Peça ao menos 1 registro por página.' })
  @IsInt({ message: 'O limite deve ser um número inteiro.' })
  @Type(() => Number)
  @IsOptional()
  limite?: number;
}

/** "Ver alterações": the version the form opened, whose later changes are asked for. */
export class ChangesQuery {
  /** The version the form read. */
  @Max(999_999_999, { message: 'Informe a versão que o formulário abriu (desde).' })
  @Min(1, { message: 'Informe a versão que o formulário abriu (desde).' })
  @IsInt({ message: 'Informe a versão que o formulário abriu (desde).' })
  @Type(() => Number)
  desde: number;
}
