import { IsOmittable } from '../../common/http/omittable.decorator.js';
import { IsBoolean, IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { IsEmailAddress } from '../../common/http/br-validators.js';
import { Trim, TrimToNull } from '../../common/http/trim.decorator.js';
import { PageQuery } from '../../common/http/page.query.js';
import { ADMIN_ROLES, type AdminRole } from '../../auth/admin-role.js';
import { PASSWORD_MAX_LENGTH } from '../../shared/team.views.js';

export const TEAM_STATUS_FILTERS = ['todos', 'ativos', 'inativos', 'convite'] as const;

/** Letters (with accents), digits, dots, dashes and underscores: what the CLI has always accepted, and accents. */
export const USERNAME_PATTERN = /^[\p{L}\p{N}._-]{3,60}$/u;
export const USERNAME_MESSAGE = 'O usuário deve ter de 3 a 60 letras, números, pontos, hífens ou sublinhados, sem espaços.';
const ROLE_MESSAGE = 'Papel inválido: use master ou gestor.';

// Rules run from the one nearest the property upwards; the first failure is reported. The rules are written out on
// each field, not composed, so the OpenAPI document (read from these decorators) shows them.
export class ListTeamQuery extends PageQuery {
  @IsIn(TEAM_STATUS_FILTERS, { message: 'Status inválido: use todos, ativos, inativos ou convite.' })
  @IsOptional()
  status?: (typeof TEAM_STATUS_FILTERS)[number];

  @MaxLength(100, { message: 'A busca deve ter no máximo 100 caracteres.' })
  @IsString({ message: 'A busca deve ser um texto.' })
  @IsOptional()
  @Trim()
  busca?: string;
}

/** 'Convidar colega'. */
export class InviteAdminInput {
  @MaxLength(120, { message: 'O nome deve ter no máximo 120 caracteres.' })
  @IsNotEmpty({ message: 'Informe o nome.' })
  @IsString({ message: 'Informe o nome.' })
  @Trim()
  nome: string;

  @Matches(USERNAME_PATTERN, { message: USERNAME_MESSAGE })
  @MaxLength(60, { message: USERNAME_MESSAGE })
  @IsNotEmpty({ message: 'Informe o usuário.' })
  @IsString({ message: 'Informe o usuário.' })
  @Trim()
  username: string;

  @IsEmailAddress({ message: 'Email inválido' })
  @MaxLength(254, { message: 'O email deve ter no máximo 254 caracteres.' })
  @IsString({ message: 'Email inválido' })
  @IsOptional()
  @TrimToNull()
  email?: string | null;

  @IsIn(ADMIN_ROLES, { message: ROLE_MESSAGE })
  role: AdminRole;
}

/** 'Editar' on the team screen: any of the fields, `ativo` for Desativar / Reativar. */
export class UpdateAdminInput {
  @MaxLength(120, { message: 'O nome deve ter no máximo 120 caracteres.' })
  @IsNotEmpty({ message: 'Informe o nome.' })
  @IsString({ message: 'Informe o nome.' })
  @IsOmittable()
  @Trim()
  nome?: string;

  @IsEmailAddress({ message: 'Email inválido' })
  @MaxLength(254, { message: 'O email deve ter no máximo 254 caracteres.' })
  @IsString({ message: 'Email inválido' })
  @IsOptional()
  @TrimToNull()
  email?: string | null;

  @IsIn(ADMIN_ROLES, { message: ROLE_MESSAGE })
  @IsOmittable()
  role?: AdminRole;

  @IsBoolean({ message: 'Ativo deve ser verdadeiro ou falso.' })
  @IsOmittable()
  ativo?: boolean;
}

/** The page at the link: the token and the new password. */
export class AcceptInviteInput {
  @MaxLength(200, { message: 'Link inválido.' })
  @IsNotEmpty({ message: 'Link inválido.' })
  @IsString({ message: 'Link inválido.' })
  token: string;

  @MaxLength(PASSWORD_MAX_LENGTH, { message: `A senha deve ter no máximo ${PASSWORD_MAX_LENGTH} caracteres.` })
  @IsNotEmpty({ message: 'Informe a senha.' })
  @IsString({ message: 'Informe a senha.' })
  senha: string;
}

/** 'Seus dados' on the profile. */
export class UpdateProfileInput {
  @MaxLength(120, { message: 'O nome deve ter no máximo 120 caracteres.' })
  @IsNotEmpty({ message: 'Informe o nome.' })
  @IsString({ message: 'Informe o nome.' })
  @Trim()
  nome: string;
}

/** 'Alterar senha' on the profile. */
export class ChangePasswordInput {
  @MaxLength(PASSWORD_MAX_LENGTH, { message: 'Senha atual incorreta.' })
  @MinLength(1, { message: 'Informe a senha atual.' })
  @IsString({ message: 'Informe a senha atual.' })
  senha_atual: string;

  @MaxLength(PASSWORD_MAX_LENGTH, { message: `A senha deve ter no máximo ${PASSWORD_MAX_LENGTH} caracteres.` })
  @IsNotEmpty({ message: 'Informe a nova senha.' })
  @IsString({ message: 'Informe a nova senha.' })
  nova_senha: string;
}
