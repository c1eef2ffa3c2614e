import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Admin } from '../auth/admin.entity.js';

export type AdminLinkPurpose = 'convite' | 'senha';

/** A one-time link that sets an admin's password: an invitation or a new password link. Only its hash is kept. */
@Entity('admin_links')
export class AdminLink {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Index('idx_admin_links_admin')
  @Column({ name: 'admin_id', type: 'integer' })
  adminId: number;

  @ManyToOne(() => Admin, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'admin_id' })
  admin?: Admin;

  @Index('uq_admin_links_token', { unique: true })
  @Column({ name: 'token_hash', type: 'varchar', length: 64 })
  tokenHash: string;

  @Column({ type: 'varchar', length: 10 })
  purpose: AdminLinkPurpose;

  @Column({ name: 'expires_at', type: 'datetime' })
  expiresAt: Date;

  @Column({ name: 'used_at', type: 'datetime', nullable: true })
  usedAt: Date | null;

  @Column({ name: 'created_by', type: 'integer', nullable: true })
  createdBy: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'datetime' })
  createdAt: Date;
}
