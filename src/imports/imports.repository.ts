import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { Enterprise } from '../enterprises/enterprise.entity.js';
import { Import } from './import.entity.js';

/** The imports' SQL: the conditional writes that take an import for a run or give it up, and the companies a sheet names. */
@Injectable()
export class ImportsRepository {
  constructor(@InjectRepository(Import) private readonly imports: Repository<Import>) {}

  /**
   * Marks an import as running here, with a heartbeat of `now`, when it waits for a run or its run has been
   * silent since before `staleBefore`: one conditional UPDATE, so of two instances exactly one gets it.
   */
  async claim(id: number, now: Date, staleBefore: Date, maxRuns: number): Promise<boolean> {
    const result = await this.imports
      .createQueryBuilder()
      .update(Import)
      .set({ status: 'processando', heartbeatAt: now, runs: () => 'runs + 1' })
      .where('id = :id', { id })
      .andWhere("(status = 'na_fila' OR (status = 'processando' AND heartbeat_at < :stale))", { stale: staleBefore })
      .andWhere('runs < :maxRuns', { maxRuns })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /**
   * Marks failed, with `ended`, an import whose run fell silent after its last allowed run: one conditional
   * UPDATE, so of two instances exactly one does it.
   */
  async giveUp(id: number, staleBefore: Date, maxRuns: number, ended: Partial<Import>): Promise<boolean> {
    const result = await this.imports
      .createQueryBuilder()
      .update(Import)
      .set({ ...ended, status: 'falhou' })
      .where('id = :id', { id })
      .andWhere("status = 'processando' AND heartbeat_at < :stale", { stale: staleBefore })
      .andWhere('runs >= :maxRuns', { maxRuns })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** The ids of up to `limit` companies whose fantasia or razão is `name` (case ignored). */
  async companyIdsNamed(name: string, limit: number): Promise<number[]> {
    const rows = await this.imports.manager
      .getRepository(Enterprise)
      .createQueryBuilder('e')
      .select('e.enterpriseId', 'id')
      .where('LOWER(e.fantasia) = LOWER(:name) OR LOWER(e.razao) = LOWER(:name)', { name })
      .limit(limit)
      .getRawMany<{ id: number | string }>();
    return rows.map((row) => Number(row.id));
  }
}
