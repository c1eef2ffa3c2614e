import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { IsEmailAddress, IsPhone } from '../../common/http/br-validators.js';
import { Trim } from '../../common/http/trim.decorator.js';

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
  @MaxLength(5000, { message: 'A mensagem deve ter no máximo 5.000 caracteres.' })
  @MinLength(5, { message: 'Descreva sua mensagem' })
  @IsString({ message: 'Descreva sua mensagem' })
  mensagem: string;

  /** The hidden honeypot: people leave it empty. */
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value : value === null || value === undefined ? value : String(value)))
  @MaxLength(1000, { message: 'Campo inválido.' })
  empresa?: string;

  @IsOptional()
  @Trim()
  @MaxLength(40, { message: 'Origem inválida.' })
  @IsString({ message: 'Origem inválida.' })
  origem?: string;
}
