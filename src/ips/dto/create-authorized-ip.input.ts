import { Trim } from '../../common/http/trim.decorator.js';
import { IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { ADMIN_ROLES, type AdminRole } from '../../auth/admin-role.js';

// Rules run from the one nearest the property upwards; the first failure is reported.
export class CreateAuthorizedIpInput {
  @Trim()
  @MaxLength(45, { message: 'Informe um endereço IPv4 ou IPv6 válido.' })
  @IsNotEmpty({ message: 'Informe o IP.' })
  @IsString({ message: 'Informe o IP.' })
  ip: string;

  @Trim()
  @MaxLength(255, { message: 'A descrição deve ter no máximo 255 caracteres.' })
  @IsString({ message: 'A descrição deve ser um texto.' })
  @IsOptional()
  descricao?: string;

  @IsIn(ADMIN_ROLES, { message: 'Selecione o administrador: Master ou Gestor.' })
  targetRole: AdminRole;
}
