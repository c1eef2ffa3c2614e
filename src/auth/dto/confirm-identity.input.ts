import { Trim } from '../../common/http/trim.decorator.js';
import { IsNotEmpty, IsString, Matches } from 'class-validator';

/** POST /api/admin/confirmar-identidade: the 2FA code of the authorized IP in use, as at login. */
export class ConfirmIdentityInput {
  @Trim()
  @Matches(/^\d{1,10}$/, { message: 'O código 2FA deve conter apenas números.' })
  @IsNotEmpty({ message: 'Informe o código 2FA.' })
  @IsString({ message: 'Informe o código 2FA.' })
  otp: string;
}
