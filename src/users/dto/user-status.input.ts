import { IsIn } from 'class-validator';
import { ToBinaryFlag } from '../../common/http/binary-flag.js';

export class UserStatusInput {
  @ToBinaryFlag()
  @IsIn([0, 1], { message: 'Informe o status: 1 (ativo) ou 0 (inativo).' })
  status: 0 | 1;
}
