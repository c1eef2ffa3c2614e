import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Admin } from './admin.entity.js';

/**
 * Why a session ended: logged out, its IP deleted, its admin deactivated, its admin's role changed, a new password
 * link made for its admin, ended from the team screen or the profile, or its admin's password changed. Sessions
 * logged out before `logout` was recorded have none.
 */
export type SessionRevokedReason = 'logout' | 'ip_deleted' | 'admin_inactive' | 'role_changed' | 'password_link' | 'ended' | 'password_changed';

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

  @Column({ name: 'revoked_reason', type: 'varchar', length: 20, nullable: true })
  revokedReason: SessionRevokedReason | null;

  /**
   * The admin who ended it (SessionEndedBy): a master acting on the team screen, or its own admin (logout, another
   * of its sessions, a password change); null when the database ended it by itself (its IP deleted) or before
   * this was kept.
   */
  @Column({ name: 'revoked_by', type: 'integer', nullable: true })
  revokedBy: number | null;

  /** The browser's User-Agent at login, cut to 255 characters. */
  @Column({ name: 'user_agent', type: 'varchar', length: 255, nullable: true })
  userAgent: string | null;

  /** The last request made with it, written at most once a minute. */
  @Column({ name: 'last_seen_at', type: 'datetime', nullable: true })
  lastSeenAt: Date | null;

  /**
   * The last request made by the person (the event stream and automatic refreshes aside), written at most once a
   * minute (SessionActivity): SESSION_IDLE_MINUTES after it, the session ends.
   */
  @Column({ name: 'active_at', type: 'datetime', nullable: true })
  activeAt: Date | null;

  /** The last 2FA confirmation: the login, or POST /api/admin/confirmar-identidade (STEP_UP_MINUTES). */
  @Column({ name: 'confirmed_at', type: 'datetime', nullable: true })
  confirmedAt: Date | null;
}
