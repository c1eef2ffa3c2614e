import { Transform } from 'class-transformer';
import { IsIn } from 'class-validator';

const STATUS_MESSAGE = 'Informe o status: 1 (ativa) ou 0 (inativa).';

/** `ativo` as 1/0, true/false or their text forms; stored as 1 or 0. */
export class EnterpriseStatusInput {
  @Transform(({ value }: { value: unknown }) => {
    if (value === true || value === 1 || value === '1' || value === 'true') return 1;
    if (value === false || value === 0 || value === '0' || value === 'false') return 0;
    return value;
  })
  @IsIn([0, 1], { message: STATUS_MESSAGE })
  ativo: 0 | 1;
}
