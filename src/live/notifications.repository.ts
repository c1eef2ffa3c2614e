import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { AdminNotification } from './admin-notification.entity.js';

/** A notification as it is written: kind, title and link already cut to their columns; created_at in UTC text. */
export interface NotificationRow {
  kind: string;
  title: string;
  link: string | null;
  createdAt: string;
}

/** The bell's SQL: the write for the whole team and the read of the old notifications to prune. */
@Injectable()
export class NotificationsRepository {
  constructor(@InjectRepository(AdminNotification) private readonly notifications: Repository<AdminNotification>) {}

  /** One notification per active admin (masters only, with `mastersOnly`), in one statement. */
  async insertForTeam(row: NotificationRow, mastersOnly: boolean): Promise<void> {
    await this.notifications.query(
      `INSERT INTO admin_notifications (admin_id, kind, title, link, created_at)
       SELECT admin_id, ?, ?, ?, ? FROM admins WHERE active = 1${mastersOnly ? " AND role = 'master'" : ''}`,
      [row.kind, row.title, row.link, row.createdAt],
    );
  }

  /** The ids of up to `limit` notifications created before `before` (UTC datetime text), by id. */
  async idsCreatedBefore(before: string, limit: number): Promise<number[]> {
    const rows = (await this.notifications.query(`SELECT id FROM admin_notifications WHERE created_at < ? ORDER BY id LIMIT ${limit}`, [before])) as {
      id: number;
    }[];
    return rows.map((row) => Number(row.id));
  }
}
