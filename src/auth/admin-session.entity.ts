import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Admin } from './admin.entity.js';

export type SessionRevokedReason = 'ip_deleted' | 'admin_inactive';

/**
 * One login: the token's `jti`. The guards read it on every request, so logging out (revoked_at) ends the
 * token at once, and `ip` ties it to the authorized IP it came from. Deleting that IP or deactivating the
 * admin revokes it too, for good (database triggers, see the LastingRevocation migration).
 */
@Entity('admin_sessions')
export class AdminSession {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  jti: string;

  @Index('idx_admin_sessions_admin')
  @Column({ name: 'admin_id', type: 'integer' })
  adminId: number;

  @ManyToOne(() => Admin, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'admin_id' })
  admin?: Admin;

  @Index('idx_admin_sessions_ip')
  @Column({ type: 'varchar', length: 45 })
  ip: string;

  @CreateDateColumn({ name: 'created_at', type: 'datetime' })
  createdAt: Date;

  @Index('idx_admin_sessions_expires')
  @Column({ name: 'expires_at', type: 'datetime' })
  expiresAt: Date;

  @Column({ name: 'revoked_at', type: 'datetime', nullable: true })
  revokedAt: Date | null;

  /** Why it ended, when not by logging out: 'ip_deleted' or 'admin_inactive'. */
  @Column({ name: 'revoked_reason', type: 'varchar', length: 20, nullable: true })
  revokedReason: SessionRevokedReason | null;
}
