import { Injectable, type OnModuleInit } from '@nestjs/common';
import { utcDatetimeText } from '../common/sao-paulo-day.js';
import { DailyJobs } from '../common/daily-jobs.js';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, LessThan, type Repository } from 'typeorm';
import type { NotificationPage, NotificationView } from '../shared/live.views.js';
import { AdminNotification } from './admin-notification.entity.js';
import { NotificationsRepository } from './notifications.repository.js';

/** The bell holds an admin's last 50 notifications per page; older ones are paged by id. */
export const NOTIFICATIONS_PAGE = 50;
/** Notifications older than this go (the bell is for what is new, the lists keep the records). */
export const NOTIFICATIONS_KEEP_DAYS = 90;
/** How many old notifications one pruning statement removes. */
const PRUNE_BATCH = 5000;

/**
 * Each admin's bell, kept in the database: one row per admin who may see a notification, written in one
 * statement for the whole team, read newest first by (admin_id, id) and counted unread by (admin_id, read_at).
 */
@Injectable()
export class NotificationsService implements OnModuleInit {
  constructor(
    @InjectRepository(AdminNotification) private readonly notifications: Repository<AdminNotification>,
    private readonly repository: NotificationsRepository,
    private readonly jobs: DailyJobs,
  ) {}

  onModuleInit(): void {
    this.jobs.register('Notification pruning', async () => {
      const removed = await this.prune();
      return removed > 0 ? `${removed} notifications older than ${NOTIFICATIONS_KEEP_DAYS} days removed` : null;
    });
  }

  /** A notification for every active admin (masters only, with `mastersOnly`). */
  async toTeam(kind: string, title: string, link: string | null, options: { mastersOnly?: boolean } = {}): Promise<void> {
    await this.repository.insertForTeam(
      { kind: kind.slice(0, 30), title: title.slice(0, 300), link: link?.slice(0, 255) ?? null, createdAt: utcDatetimeText(new Date()) },
      options.mastersOnly ?? false,
    );
  }

  /** A notification for one admin (a task of theirs ended). */
  async toAdmin(adminId: number, kind: string, title: string, link: string | null): Promise<void> {
    await this.notifications.insert({ adminId, kind: kind.slice(0, 30), title: title.slice(0, 300), link: link?.slice(0, 255) ?? null, createdAt: new Date() });
  }

  /** A page of the admin's notifications, newest first, before the id `before`; and the unread count. */
  async page(adminId: number, before?: number): Promise<NotificationPage> {
    const [rows, unread] = await Promise.all([
      this.notifications.find({
        where: { adminId, ...(before ? { id: LessThan(before) } : {}) },
        order: { id: 'DESC' },
        take: NOTIFICATIONS_PAGE + 1,
      }),
      this.unread(adminId),
    ]);
    const more = rows.length > NOTIFICATIONS_PAGE;
    const shown = rows.slice(0, NOTIFICATIONS_PAGE);
    return { data: shown.map(view), nao_lidas: unread, proxima: more ? shown[shown.length - 1].id : null };
  }

  unread(adminId: number): Promise<number> {
    return this.notifications.count({ where: { adminId, readAt: IsNull() } });
  }

  /** Marks every notification of the admin read; returns how many were unread. */
  async markAllRead(adminId: number): Promise<number> {
    const result = await this.notifications.update({ adminId, readAt: IsNull() }, { readAt: new Date() });
    return result.affected ?? 0;
  }

  /** Marks one of the admin's notifications read; false when the admin has no such notification. */
  async markRead(adminId: number, id: number): Promise<boolean> {
    const found = await this.notifications.findOne({ where: { id, adminId }, select: { id: true } });
    if (!found) return false;
    await this.notifications.update({ id, adminId, readAt: IsNull() }, { readAt: new Date() });
    return true;
  }

  /** Removes notifications older than NOTIFICATIONS_KEEP_DAYS, in batches by primary key. */
  async prune(now = new Date()): Promise<number> {
    const limit = utcDatetimeText(new Date(now.getTime() - NOTIFICATIONS_KEEP_DAYS * 86_400_000));
    let removed = 0;
    for (;;) {
      const ids = await this.repository.idsCreatedBefore(limit, PRUNE_BATCH);
      if (ids.length === 0) return removed;
      await this.notifications.delete(ids);
      removed += ids.length;
    }
  }
}

function view(row: AdminNotification): NotificationView {
  return { id: row.id, tipo: row.kind, titulo: row.title, link: row.link, criada_em: new Date(row.createdAt).toISOString(), lida: row.readAt !== null };
}
