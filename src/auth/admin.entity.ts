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

  @CreateDateColumn({ name: 'created_at', type: 'datetime' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'datetime' })
  updatedAt: Date;
}
