import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class LoginInput {
  @Transform(trim)
  @IsString({ message: 'Informe o usuário.' })
  @IsNotEmpty({ message: 'Informe o usuário.' })
  @MaxLength(60, { message: 'Usuário, senha ou código 2FA inválidos.' })
  username: string;

  @IsString({ message: 'Informe a senha.' })
  @IsNotEmpty({ message: 'Informe a senha.' })
  @MaxLength(200, { message: 'Usuário, senha ou código 2FA inválidos.' })
  password: string;

  @Transform(trim)
  @IsString({ message: 'Informe o código 2FA.' })
  @IsNotEmpty({ message: 'Informe o código 2FA.' })
  @Matches(/^\d{1,10}$/, { message: 'O código 2FA deve conter apenas números.' })
  otp: string;
}
