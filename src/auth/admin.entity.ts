import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { AdminRole } from './admin-role.js';

/** A member of staff who uses the back office. */
@Entity('admins')
export class Admin {
  @PrimaryGeneratedColumn({ name: 'admin_id', type: 'integer' })
  adminId: number;

  @Index('uq_admins_username', { unique: true })
  @Column({ type: 'varchar', length: 60 })
  username: string;

  /** The username without case or accents: unique, and what a login is matched on. */
  @Index('uq_admins_username_key', { unique: true })
  @Column({ name: 'username_key', type: 'varchar', length: 60, nullable: true })
  usernameKey: string | null;

  @Column({ type: 'varchar', length: 254, nullable: true })
  email: string | null;

  /** Empty while an invitation or a new password link waits to be used: no password opens the account. */
  @Column({ name: 'password_hash', type: 'varchar', length: 255 })
  passwordHash: string;

  @Column({ type: 'varchar', length: 10 })
  role: AdminRole;

  @Column({ type: 'varchar', length: 120 })
  name: string;

  @Column({ type: 'boolean', default: true })
  active: boolean;

  @Column({ name: 'last_login_at', type: 'datetime', nullable: true })
  lastLoginAt: Date | null;

  @Column({ name: 'last_login_ip', type: 'varchar', length: 45, nullable: true })
  lastLoginIp: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'datetime' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'datetime' })
  updatedAt: Date;

  /** Raised by the database on every change of the record's data (RecordHistory migration); never written by the app. */
  @Column({ type: 'integer', default: 1, insert: false, update: false })
  version: number;
}
