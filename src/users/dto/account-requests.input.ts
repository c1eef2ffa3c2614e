import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { IsEmailAddress } from '../../common/http/br-validators.js';
import { Trim } from '../../common/http/trim.decorator.js';

// Rules run from the one nearest the property upwards; the first failure is reported.
export class EmailRequestInput {
  @Trim()
  @IsEmailAddress({ message: 'Email inválido' })
  @MaxLength(160, { message: 'Email inválido' })
  @IsNotEmpty({ message: 'Por favor, digite seu email.' })
  @IsString({ message: 'Por favor, digite seu email.' })
  email: string;
}

export class TokenInput {
  @MaxLength(200, { message: 'Link inválido.' })
  @IsNotEmpty({ message: 'Link inválido.' })
  @IsString({ message: 'Link inválido.' })
  token: string;
}

export class ResetPasswordInput extends TokenInput {
  @MaxLength(128, { message: 'A senha deve ter de 8 a 128 caracteres, com letras e números.' })
  @IsNotEmpty({ message: 'Informe a nova senha.' })
  @IsString({ message: 'Informe a nova senha.' })
  password: string;

  @IsNotEmpty({ message: 'Confirme a nova senha.' })
  @IsString({ message: 'Confirme a nova senha.' })
  password_confirmation: string;
}
