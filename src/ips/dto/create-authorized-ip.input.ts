import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { ADMIN_ROLES, type AdminRole } from '../../auth/admin-role.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class CreateAuthorizedIpInput {
  @Transform(trim)
  @IsString({ message: 'Informe o IP.' })
  @IsNotEmpty({ message: 'Informe o IP.' })
  @MaxLength(45, { message: 'Informe um endereço IPv4 ou IPv6 válido.' })
  ip: string;

  @IsOptional()
  @Transform(trim)
  @IsString({ message: 'A descrição deve ser um texto.' })
  @MaxLength(255, { message: 'A descrição deve ter no máximo 255 caracteres.' })
  descricao?: string;

  @IsIn(ADMIN_ROLES, { message: 'Selecione o administrador: Master ou Gestor.' })
  targetRole: AdminRole;
}
