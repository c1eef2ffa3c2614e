import { IsOptional, IsString, MaxLength } from 'class-validator';

export class SearchCitiesQuery {
  @IsOptional()
  @IsString({ message: 'A busca deve ser um texto.' })
  @MaxLength(100, { message: 'A busca deve ter no máximo 100 caracteres.' })
  busca?: string;
}
