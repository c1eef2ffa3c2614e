import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsObject } from 'class-validator';
import { IMPORT_MODES, type ImportMode } from '../../shared/import.views.js';

/** "Ver prévia" with another mapping: field → column index (null: not imported). */
export class ImportPreviewInput {
  @ApiProperty({ type: 'object', additionalProperties: { type: 'integer', nullable: true }, description: 'Campo → índice da coluna (null: não importar).' })
  @IsObject({ message: 'Envie o mapeamento como um objeto: campo → coluna.' })
  mapeamento: Record<string, number | null>;
}

/** "Importar": the mapping and the mode. */
export class ImportStartInput extends ImportPreviewInput {
  @ApiProperty({ enum: IMPORT_MODES, description: 'atualizar: cria as novas e atualiza as existentes; criar: só cria as novas.' })
  @IsIn(IMPORT_MODES, { message: 'Modo inválido: use atualizar ou criar.' })
  modo: ImportMode;
}

/** The kinds of record imported. */
export const IMPORT_KINDS = ['empresas', 'usuarios'] as const;

export class ImportTemplateQuery {
  @IsIn(IMPORT_KINDS, { message: 'Tipo inválido: use empresas ou usuarios.' })
  tipo: (typeof IMPORT_KINDS)[number];
}
