import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Brackets, DataSource, In, IsNull, MoreThan, type EntityManager } from 'typeorm';
import { AdminSession } from '../auth/admin-session.entity.js';
import { Admin } from '../auth/admin.entity.js';
import { collationKey, escapeLike, LIKE_ESCAPE } from '../common/search-text.js';
import type { TeamStatusFilter } from '../shared/team.views.js';
import type { AdminRole } from '../auth/admin-role.js';
import { AuthorizedIp } from '../ips/authorized-ip.entity.js';

/** The team's SQL: the Equipe list and its counts, the masters a change must leave, the open sessions per admin. */
@Injectable()
export class TeamRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** How many authorized addresses serve a role: an admin of a role no address serves cannot log in anywhere. */
  ipsServing(role: AdminRole): Promise<number> {
    return this.dataSource.getRepository(AuthorizedIp).countBy({ role });
  }

  /**
   * A page of the admins of a status tab whose name, username (accents and case ignored) or e-mail contains
   * `search`, by name; and how many there are in all.
   */
  page(status: TeamStatusFilter, search: string | undefined, page: number, pageSize: number): Promise<[Admin[], number]> {
    const query = this.dataSource.getRepository(Admin).createQueryBuilder('a');
    if (status === 'ativos') query.andWhere("a.active = :yes AND a.password_hash <> ''", { yes: true });
    if (status === 'inativos') query.andWhere('a.active = :no', { no: false });
    if (status === 'convite') query.andWhere("a.active = :yes AND a.password_hash = ''", { yes: true });
    if (search) {
      const like = `%${escapeLike(search.toLowerCase())}%`;
      const folded = `%${escapeLike(collationKey(search))}%`;
      query.andWhere(
        new Brackets((where) =>
          where
            .where(`LOWER(a.name) LIKE :like ${LIKE_ESCAPE}`, { like })
            .orWhere(`a.username_key LIKE :folded ${LIKE_ESCAPE}`, { folded })
            .orWhere(`LOWER(a.email) LIKE :like ${LIKE_ESCAPE}`, { like }),
        ),
      );
    }
    return query
      .orderBy('a.name', 'ASC')
      .addOrderBy('a.admin_id', 'ASC')
      .skip((page - 1) * pageSize)
      .take(pageSize)
      .getManyAndCount();
  }

  /** How many admins there are, how many are inactive, and how many active ones wait for their password, in one query. */
  async counts(): Promise<{ todos: number; inativos: number; convite: number }> {
    const rows = await this.dataSource
      .getRepository(Admin)
      .createQueryBuilder('a')
      .select('SUM(CASE WHEN a.active = :no THEN 1 ELSE 0 END)', 'inativos')
      .addSelect("SUM(CASE WHEN a.active <> :no AND a.password_hash = '' THEN 1 ELSE 0 END)", 'convite')
      .addSelect('COUNT(*)', 'todos')
      .setParameters({ no: false })
      .getRawOne<{ inativos: string | number | null; convite: string | number | null; todos: string | number }>();
    return { todos: Number(rows?.todos ?? 0), inativos: Number(rows?.inativos ?? 0), convite: Number(rows?.convite ?? 0) };
  }

  /**
   * The active masters with a password, in the transaction; on MySQL/MariaDB their rows are read FOR UPDATE, so
   * a concurrent change of them waits for this transaction.
   */
  async lockedMasterIds(manager: EntityManager): Promise<number[]> {
    const lock = this.dataSource.options.type === 'mysql' ? ' FOR UPDATE' : '';
    const masters = (await manager.query(`SELECT admin_id FROM admins WHERE role = 'master' AND active = 1 AND password_hash <> ''${lock}`)) as {
      admin_id: number;
    }[];
    return masters.map((row) => Number(row.admin_id));
  }

  /** How many sessions each of the admins has open (not revoked, not expired); admins with none are absent. */
  async openSessionCounts(ids: number[]): Promise<Map<number, number>> {
    const rows = await this.dataSource
      .getRepository(AdminSession)
      .createQueryBuilder('s')
      .select('s.admin_id', 'admin_id')
      .addSelect('COUNT(*)', 'open')
      .where({ adminId: In(ids), revokedAt: IsNull(), expiresAt: MoreThan(new Date()) })
      .groupBy('s.admin_id')
      .getRawMany<{ admin_id: number; open: string | number }>();
    return new Map(rows.map((row) => [Number(row.admin_id), Number(row.open)]));
  }
}
