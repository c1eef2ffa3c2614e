import { ApiHideProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { IsEmailAddress, IsPhone } from '../../common/http/br-validators.js';
import { Trim } from '../../common/http/trim.decorator.js';
import { MultiLine } from '../../common/http/clean-text.js';

/** Where a message comes from: the site's contact form, or the mobile app's. */
export const CONTACT_ORIGINS = ['site', 'app'] as const;
export type ContactOrigin = (typeof CONTACT_ORIGINS)[number];
/** What a honeypot filled with anything but text becomes: never empty, so always a bot. */
export const HONEYPOT_NON_TEXT = '[não texto]';

// Rules run from the one nearest the property upwards; the first failure is reported.
export class SendContactInput {
  @Trim()
  @MaxLength(120, { message: 'O nome deve ter no máximo 120 caracteres.' })
  @IsNotEmpty({ message: 'Informe seu nome' })
  @IsString({ message: 'Informe seu nome' })
  nome: string;

  @Trim()
  @MaxLength(160, { message: 'Email inválido' })
  @IsEmailAddress({ message: 'Email inválido' })
  @IsString({ message: 'Email inválido' })
  email: string;

  @Trim()
  @IsPhone({ message: 'Telefone inválido' })
  @IsString({ message: 'Telefone inválido' })
  telefone: string;

  @Trim()
  @MultiLine()
  @MaxLength(5000, { message: 'A mensagem deve ter no máximo 5.000 caracteres.' })
  @MinLength(5, { message: 'Descreva sua mensagem' })
  @IsString({ message: 'Descreva sua mensagem' })
  mensagem: string;

  /**
   * The hidden honeypot: people leave it empty. Any value that is not an empty text ([] and {} included) can
   * only come from a script, and is kept as a mark the service recognises.
   */
  @ApiHideProperty()
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (value === null || value === undefined || typeof value === 'string' ? value : HONEYPOT_NON_TEXT))
  @MaxLength(1000, { message: 'Campo inválido.' })
  empresa?: string;

  @IsOptional()
  @IsIn(CONTACT_ORIGINS, { message: 'Origem inválida.' })
  origem?: ContactOrigin;
}
