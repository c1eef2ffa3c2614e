import { Trim } from '../../common/http/trim.decorator.js';
import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';

// class-validator runs a property's rules from the one nearest the property upwards, and the pipe keeps
// the first failure: the presence checks sit at the bottom.
export class LoginInput {
  @Trim()
  @MaxLength(60, { message: 'Usuário, senha ou código 2FA inválidos.' })
  @IsNotEmpty({ message: 'Informe o usuário.' })
  @IsString({ message: 'Informe o usuário.' })
  username: string;

  @MaxLength(200, { message: 'Usuário, senha ou código 2FA inválidos.' })
  @IsNotEmpty({ message: 'Informe a senha.' })
  @IsString({ message: 'Informe a senha.' })
  password: string;

  @Trim()
  @Matches(/^\d{1,10}$/, { message: 'O código 2FA deve conter apenas números.' })
  @IsNotEmpty({ message: 'Informe o código 2FA.' })
  @IsString({ message: 'Informe o código 2FA.' })
  otp: string;
}
