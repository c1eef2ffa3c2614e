import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { IsCep } from '../../common/http/br-validators.js';
import { TrimToNull } from '../../common/http/trim.decorator.js';

// Rules run from the one nearest the property upwards; the first failure is reported.
/** The address fields a company and its billing address share; blank fields are stored as not informed. */
export class AddressInput {
  @TrimToNull()
  @MaxLength(150, { message: 'O endereço deve ter no máximo 150 caracteres.' })
  @IsString({ message: 'O endereço deve ser um texto.' })
  @IsOptional()
  endereco?: string | null;

  @TrimToNull()
  @MaxLength(20, { message: 'O número deve ter no máximo 20 caracteres.' })
  @IsString({ message: 'O número deve ser um texto.' })
  @IsOptional()
  numero?: string | null;

  @TrimToNull()
  @MaxLength(100, { message: 'O complemento deve ter no máximo 100 caracteres.' })
  @IsString({ message: 'O complemento deve ser um texto.' })
  @IsOptional()
  complemento?: string | null;

  @TrimToNull()
  @MaxLength(100, { message: 'O bairro deve ter no máximo 100 caracteres.' })
  @IsString({ message: 'O bairro deve ser um texto.' })
  @IsOptional()
  bairro?: string | null;

  @TrimToNull()
  @IsCep({ message: 'CEP inválido' })
  @IsOptional()
  cep?: string | null;

  @Max(9999999, { message: 'Cidade não encontrada.' })
  @Min(1, { message: 'Cidade não encontrada.' })
  @IsInt({ message: 'Selecione a cidade na lista.' })
  @IsOptional()
  city_id?: number | null;
}
