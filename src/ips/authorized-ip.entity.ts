import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { AdminRole } from '../auth/admin-role.js';
import { Admin } from '../auth/admin.entity.js';

/** An address admins may use, for one role, with its own TOTP secret (encrypted at rest). */
@Entity('authorized_ips')
export class AuthorizedIp {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Index('uq_authorized_ips_ip', { unique: true })
  @Column({ type: 'varchar', length: 45 })
  ip: string;

  @Column({ type: 'varchar', length: 10 })
  role: AdminRole;

  @Column({ type: 'varchar', length: 255, nullable: true })
  descricao: string | null;

  @Column({ name: 'totp_secret', type: 'varchar', length: 255 })
  totpSecret: string;

  /** The last TOTP time step accepted: a code of this step or an older one is a replay. */
  @Column({ name: 'totp_last_step', type: 'bigint', nullable: true })
  totpLastStep: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  local: string | null;

  @Column({ type: 'varchar', length: 120, nullable: true })
  city: string | null;

  @Column({ type: 'varchar', length: 120, nullable: true })
  region: string | null;

  @Column({ type: 'varchar', length: 2, nullable: true })
  country: string | null;

  @Column({ type: 'decimal', precision: 9, scale: 6, nullable: true })
  latitude: string | null;

  @Column({ type: 'decimal', precision: 9, scale: 6, nullable: true })
  longitude: string | null;

  @Column({ name: 'located_at', type: 'datetime', nullable: true })
  locatedAt: Date | null;

  @Column({ name: 'last_seen_at', type: 'datetime', nullable: true })
  lastSeenAt: Date | null;

  @Column({ name: 'created_by', type: 'integer', nullable: true })
  createdBy: number | null;

  @ManyToOne(() => Admin, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'created_by' })
  creator?: Admin;

  @CreateDateColumn({ name: 'created_at', type: 'datetime' })
  createdAt: Date;
}
