import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { AuthorizedIp } from './authorized-ip.entity.js';

/** The authorized addresses' SQL: the write that spends a login code's time step. */
@Injectable()
export class IpsRepository {
  constructor(@InjectRepository(AuthorizedIp) private readonly ips: Repository<AuthorizedIp>) {}

  /**
   * Records `step` as the address's last spent time step when it is newer than the last one, in the statement
   * that checks it; true when this call spent it (of two spending one step, exactly one does).
   */
  async spendTotpStep(id: number, step: number): Promise<boolean> {
    const result = await this.ips
      .createQueryBuilder()
      .update(AuthorizedIp)
      .set({ totpLastStep: String(step) })
      .where('id = :id', { id })
      .andWhere('(totp_last_step IS NULL OR totp_last_step < :step)', { step })
      .execute();
    return (result.affected ?? 0) === 1;
  }
}
