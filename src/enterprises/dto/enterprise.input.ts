import { ApiHideProperty } from '@nestjs/swagger';
import { Allow, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { IE_MAX_LENGTH } from '../../shared/br/index.js';
import { ENTERPRISE_REQUIRED } from '../../shared/enterprise.views.js';
import { IsCnpj, IsEmailAddress, IsInscricaoEstadual, IsPhone, IsSiteUrl } from '../../common/http/br-validators.js';
import { Trim, TrimToNull } from '../../common/http/trim.decorator.js';
import { AddressInput } from './address.input.js';

// Rules run from the one nearest the property upwards; the first failure is reported.
/** A company as the form sends it (create and update). */
export class EnterpriseInput extends AddressInput {
  @Trim()
  @MaxLength(150, { message: 'A razão social deve ter no máximo 150 caracteres.' })
  @IsNotEmpty({ message: ENTERPRISE_REQUIRED.razao })
  @IsString({ message: ENTERPRISE_REQUIRED.razao })
  razao: string;

  @Trim()
  @MaxLength(150, { message: 'O nome fantasia deve ter no máximo 150 caracteres.' })
  @IsNotEmpty({ message: ENTERPRISE_REQUIRED.fantasia })
  @IsString({ message: ENTERPRISE_REQUIRED.fantasia })
  fantasia: string;

  @Trim()
  @IsCnpj({ message: 'CNPJ inválido' })
  @MaxLength(18, { message: 'CNPJ inválido' })
  @IsNotEmpty({ message: ENTERPRISE_REQUIRED.cnpj })
  @IsString({ message: ENTERPRISE_REQUIRED.cnpj })
  cnpj: string;

  @TrimToNull()
  @IsInscricaoEstadual({ message: 'Inscrição estadual inválida: use somente números (até 14) ou ISENTO.' })
  @MaxLength(IE_MAX_LENGTH, { message: `A inscrição estadual deve ter no máximo ${IE_MAX_LENGTH} caracteres.` })
  @IsOptional()
  inscricao_estadual?: string | null;

  @TrimToNull()
  @IsPhone({ message: 'Telefone inválido' })
  @IsOptional()
  fone?: string | null;

  @TrimToNull()
  @IsEmailAddress({ message: 'Email inválido' })
  @MaxLength(160, { message: 'O email deve ter no máximo 160 caracteres.' })
  @IsOptional()
  email?: string | null;

  @TrimToNull()
  @IsSiteUrl({ message: 'Site inválido: informe um endereço como https://www.exemplo.com.br' })
  @MaxLength(255, { message: 'O site deve ter no máximo 255 caracteres.' })
  @IsOptional()
  site?: string | null;

  /** Optional: a company without a logo is shown with the placeholder (ENTERPRISE_REQUIRED). */
  @TrimToNull()
  @MaxLength(100, { message: 'Logo não encontrada.' })
  @IsString({ message: 'Logo não encontrada.' })
  @IsOptional()
  logo?: string | null;

  @TrimToNull()
  @MaxLength(100, { message: 'Logo representada não encontrada.' })
  @IsString({ message: 'Logo representada não encontrada.' })
  @IsOptional()
  representada_logo?: string | null;

  // Read-only fields a client may send back as it read them: accepted and ignored.
  @Allow() @ApiHideProperty() enterprise_id?: unknown;
  @Allow() @ApiHideProperty() score?: unknown;
  @Allow() @ApiHideProperty() cidade_nome?: unknown;
  @Allow() @ApiHideProperty() cidade_uf?: unknown;
  @Allow() @ApiHideProperty() created_at?: unknown;
  @Allow() @ApiHideProperty() updated_at?: unknown;
  /** The version read is checked through If-Match, not the body. */
  @Allow() @ApiHideProperty() version?: unknown;
  @Allow() @ApiHideProperty() ativo?: unknown;
  @Allow() @ApiHideProperty() logo_url?: unknown;
  @Allow() @ApiHideProperty() representada_logo_url?: unknown;
}
