import { ApiHideProperty } from '@nestjs/swagger';
import { Allow, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { IsCpf, IsEmailAddress, IsPhone } from '../../common/http/br-validators.js';
import { Trim, TrimToNull } from '../../common/http/trim.decorator.js';

// Rules run from the one nearest the property upwards; the first failure is reported.
/** The 'Editar Usuário' form. */
export class UpdateUserInput {
  @Trim()
  @MaxLength(100, { message: 'O nome deve ter no máximo 100 caracteres.' })
  @IsNotEmpty({ message: 'Informe o nome.' })
  @IsString({ message: 'Informe o nome.' })
  firstname: string;

  @Trim()
  @MaxLength(100, { message: 'O sobrenome deve ter no máximo 100 caracteres.' })
  @IsNotEmpty({ message: 'Informe o sobrenome.' })
  @IsString({ message: 'Informe o sobrenome.' })
  lastname: string;

  @Trim()
  @IsEmailAddress({ message: 'Email inválido' })
  @MaxLength(160, { message: 'O email deve ter no máximo 160 caracteres.' })
  @IsNotEmpty({ message: 'Informe o email.' })
  @IsString({ message: 'Informe o email.' })
  email: string;

  @TrimToNull()
  @IsPhone({ message: 'Telefone inválido' })
  @IsOptional()
  fone?: string | null;

  @TrimToNull()
  @IsCpf({ message: 'CPF inválido' })
  @IsOptional()
  cpf?: string | null;

  @Max(2147483647, { message: 'Empresa não encontrada.' })
  @Min(1, { message: 'Empresa não encontrada.' })
  @IsInt({ message: 'Empresa não encontrada.' })
  @IsOptional()
  enterprise_id?: number | null;

  @Max(2147483647, { message: 'Cargo não encontrado.' })
  @Min(1, { message: 'Cargo não encontrado.' })
  @IsInt({ message: 'Cargo não encontrado.' })
  @IsOptional()
  cargo_id?: number | null;

  @Max(2147483647, { message: 'Ramo de atividade não encontrado.' })
  @Min(1, { message: 'Ramo de atividade não encontrado.' })
  @IsInt({ message: 'Ramo de atividade não encontrado.' })
  @IsOptional()
  ocupacao_id?: number | null;

  // Read-only fields a client may send back as it read them: accepted and ignored.
  @Allow() @ApiHideProperty() user_id?: unknown;
  @Allow() @ApiHideProperty() empresa_nome?: unknown;
  @Allow() @ApiHideProperty() cargo_nome?: unknown;
  @Allow() @ApiHideProperty() ocupacao_nome?: unknown;
  @Allow() @ApiHideProperty() cidade_nome?: unknown;
  @Allow() @ApiHideProperty() cidade_uf?: unknown;
  @Allow() @ApiHideProperty() status?: unknown;
  @Allow() @ApiHideProperty() date_added?: unknown;
  @Allow() @ApiHideProperty() date_modified?: unknown;
  /** The version read is checked through If-Match, not the body. */
  @Allow() @ApiHideProperty() version?: unknown;
  @Allow() @ApiHideProperty() plano_valido?: unknown;
  @Allow() @ApiHideProperty() device_id?: unknown;
}
