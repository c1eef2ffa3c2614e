import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { AccountEventKind } from '../shared/team.views.js';

/**
 * One entry of an admin's own activity list (AccountEvents migration): a login, a password change, sessions
 * ended by someone else, a role change, a new authorized IP. Read newest first by (admin_id, id); a login's
 * address is looked up by (admin_id, kind, ip) to tell whether it is new for the admin.
 */
@Entity('admin_account_events')
@Index('idx_admin_account_events_list', ['adminId', 'id'])
@Index('idx_admin_account_events_ip', ['adminId', 'kind', 'ip'])
export class AccountEvent {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'admin_id', type: 'integer' })
  adminId: number;

  @Column({ type: 'varchar', length: 30 })
  kind: AccountEventKind;

  @Column({ type: 'varchar', length: 45, nullable: true })
  ip: string | null;

  @Column({ name: 'user_agent', type: 'varchar', length: 255, nullable: true })
  userAgent: string | null;

  /** A short Portuguese text of non-secret facts (who did it, from and to what). */
  @Column({ type: 'varchar', length: 255, nullable: true })
  detail: string | null;

  @Column({ name: 'created_at', type: 'datetime' })
  createdAt: Date;
}
