import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** One write in the back office (or a login attempt): who, from where, what, on which record, when. */
@Entity('audit_log')
@Index('idx_audit_log_action_created', ['action', 'createdAt'])
@Index('idx_audit_log_target', ['targetType', 'targetId', 'createdAt'])
export class AuditEntry {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Index('idx_audit_log_admin')
  @Column({ name: 'admin_id', type: 'integer', nullable: true })
  adminId: number | null;

  /** Kept as it was at the time (for a failed login, the username that was tried). */
  @Column({ name: 'admin_username', type: 'varchar', length: 60, nullable: true })
  adminUsername: string | null;

  @Column({ type: 'varchar', length: 45, nullable: true })
  ip: string | null;

  @Column({ type: 'varchar', length: 40 })
  action: string;

  @Column({ name: 'target_type', type: 'varchar', length: 20, nullable: true })
  targetType: string | null;

  @Column({ name: 'target_id', type: 'integer', nullable: true })
  targetId: number | null;

  /** JSON: the fields sent (secrets removed), or the reason of a failure. */
  @Column({ type: 'text', nullable: true })
  summary: string | null;

  @Index('idx_audit_log_created')
  @CreateDateColumn({ name: 'created_at', type: 'datetime' })
  createdAt: Date;
}
