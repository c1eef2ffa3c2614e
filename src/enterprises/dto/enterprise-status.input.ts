import { IsIn } from 'class-validator';
import { ToBinaryFlag } from '../../common/http/binary-flag.js';

export class EnterpriseStatusInput {
  @ToBinaryFlag()
  @IsIn([0, 1], { message: 'Informe o status: 1 (ativa) ou 0 (inativa).' })
  ativo: 0 | 1;
}
