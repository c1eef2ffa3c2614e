import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** One entry of an admin's bell (AdminNotifications migration). */
@Entity('admin_notifications')
@Index('idx_admin_notifications_list', ['adminId', 'id'])
@Index('idx_admin_notifications_unread', ['adminId', 'readAt'])
export class AdminNotification {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'admin_id', type: 'integer' })
  adminId: number;

  @Column({ type: 'varchar', length: 30 })
  kind: string;

  @Column({ type: 'varchar', length: 300 })
  title: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  link: string | null;

  @Index('idx_admin_notifications_created')
  @Column({ name: 'created_at', type: 'datetime' })
  createdAt: Date;

  @Column({ name: 'read_at', type: 'datetime', nullable: true })
  readAt: Date | null;
}
