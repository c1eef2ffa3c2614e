import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { Trim } from '../common/http/trim.decorator.js';
import { SEARCH_MAX_LENGTH } from '../enterprises/dto/list-enterprises.query.js';

// Rules run from the one nearest the property upwards; the first failure is reported.
export class FindQuery {
  @MaxLength(SEARCH_MAX_LENGTH, { message: `A busca deve ter no máximo ${SEARCH_MAX_LENGTH} caracteres.` })
  @IsString({ message: 'A busca deve ser um texto.' })
  @IsNotEmpty({ message: 'Digite o que procura.' })
  @Trim()
  q: string;
}
