import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export const LOGO_KINDS = ['fabricante', 'upload'] as const;
export type LogoKind = (typeof LOGO_KINDS)[number];

/** A logo image a company can show: a shipped manufacturer logo or a file an admin uploaded. */
@Entity('logos')
@Index('idx_logos_kind_name', ['kind', 'nameSearch'])
export class Logo {
  @PrimaryGeneratedColumn({ name: 'logo_id', type: 'integer' })
  logoId: number;

  @Index('uq_logos_file_name', { unique: true })
  @Column({ name: 'file_name', type: 'varchar', length: 100 })
  fileName: string;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ name: 'name_search', type: 'varchar', length: 100 })
  nameSearch: string;

  @Column({ type: 'varchar', length: 12 })
  kind: LogoKind;

  @Column({ name: 'content_type', type: 'varchar', length: 40 })
  contentType: string;

  @Column({ type: 'integer', default: 0 })
  size: number;

  @Column({ name: 'created_by', type: 'integer', nullable: true })
  createdBy: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'datetime' })
  createdAt: Date;
}
