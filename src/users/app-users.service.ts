import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { countPerDay } from '../database/daily-counts.js';
import { Enterprise } from '../enterprises/enterprise.entity.js';
import { AppUser } from './app-user.entity.js';

export interface UsersPerEnterprise {
  /** The companies with the most users, most first. */
  top: { enterprise_id: number; name: string; total: number }[];
  /** Users of all other companies. */
  others: number;
  /** Users linked to no company. */
  withoutEnterprise: number;
  total: number;
}

/** The mobile app's users. */
@Injectable()
export class AppUsersService {
  constructor(@InjectRepository(AppUser) private readonly users: Repository<AppUser>) {}

  countActive(): Promise<number> {
    return this.users.countBy({ status: 1 });
  }

  /** Users per company, the `limit` largest by name, counted with GROUP BY. */
  async perEnterprise(limit: number): Promise<UsersPerEnterprise> {
    const top = await this.users
      .createQueryBuilder('u')
      .innerJoin(Enterprise, 'e', 'e.enterprise_id = u.enterprise_id')
      .select('u.enterprise_id', 'enterprise_id')
      .addSelect('e.fantasia', 'name')
      .addSelect('COUNT(*)', 'total')
      .groupBy('u.enterprise_id')
      .addGroupBy('e.fantasia')
      .orderBy('total', 'DESC')
      .addOrderBy('e.fantasia', 'ASC')
      .limit(limit)
      .getRawMany<{ enterprise_id: number | string; name: string; total: number | string }>();
    const totals = await this.users
      .createQueryBuilder('u')
      .select('COUNT(*)', 'total')
      .addSelect('SUM(CASE WHEN u.enterprise_id IS NULL THEN 1 ELSE 0 END)', 'without')
      .getRawOne<{ total: number | string; without: number | string | null }>();
    const total = Number(totals?.total ?? 0);
    const withoutEnterprise = Number(totals?.without ?? 0);
    const rows = top.map((row) => ({ enterprise_id: Number(row.enterprise_id), name: row.name, total: Number(row.total) }));
    return { top: rows, others: total - withoutEnterprise - rows.reduce((sum, row) => sum + row.total, 0), withoutEnterprise, total };
  }

  /** Sign-ups per day (São Paulo) from an instant on. */
  signupsPerDay(startUtc: string): Promise<Map<string, number>> {
    return countPerDay(this.users.createQueryBuilder('u'), 'u.date_added', startUtc);
  }
}
