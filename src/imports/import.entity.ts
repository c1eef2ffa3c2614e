import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { ImportStatus } from '../shared/import.views.js';

/** One import of a spreadsheet (Imports migration): its file, mapping, progress and where it resumes. */
@Entity('imports')
@Index('idx_imports_admin_status', ['adminId', 'status'])
@Index('idx_imports_status', ['status', 'heartbeatAt'])
@Index('idx_imports_file_kept', ['fileKept', 'status'])
@Index('uq_imports_running_admin', ['runningAdminId'], { unique: true })
export class Import {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'admin_id', type: 'integer' })
  adminId: number;

  @Column({ type: 'varchar', length: 10 })
  kind: string;

  @Column({ type: 'varchar', length: 12 })
  status: ImportStatus;

  @Column({ name: 'file_name', type: 'varchar', length: 255 })
  fileName: string;

  @Column({ name: 'file_key', type: 'varchar', length: 100 })
  fileKey: string;

  @Column({ name: 'file_size', type: 'integer' })
  fileSize: number;

  @Column({ type: 'varchar', length: 4 })
  format: string;

  /** The CSV's encoding and separator, as JSON. */
  @Column({ type: 'varchar', length: 100, nullable: true })
  dialect: string | null;

  /** The header row, as JSON. */
  @Column({ type: 'text' })
  headers: string;

  /** Field → column index, as JSON. */
  @Column({ type: 'text' })
  mapping: string;

  @Column({ type: 'varchar', length: 10, nullable: true })
  mode: string | null;

  @Column({ type: 'integer', default: 0 })
  total: number;

  @Column({ type: 'integer', default: 0 })
  processed: number;

  @Column({ type: 'integer', default: 0 })
  created: number;

  @Column({ type: 'integer', default: 0 })
  updated: number;

  @Column({ type: 'integer', default: 0 })
  unchanged: number;

  @Column({ type: 'integer', default: 0 })
  failed: number;

  /** Data rows done (in finished chunks): where a resumed run starts. */
  @Column({ name: 'next_row', type: 'integer', default: 0 })
  nextRow: number;

  /** Runs it has had: the first, then each takeover of a run that fell silent (at most MAX_RUNS). */
  @Column({ type: 'integer', default: 0 })
  runs: number;

  /** Failed rows kept for the download, and their characters (within IMPORT_FAILURES_MAX and a size). */
  @Column({ name: 'failures_kept', type: 'integer', default: 0 })
  failuresKept: number;

  @Column({ name: 'failures_chars', type: 'integer', default: 0 })
  failuresChars: number;

  /** Whether the uploaded file is still kept: true until it is removed, once the import has ended. */
  @Column({ name: 'file_kept', type: 'boolean', default: true })
  fileKept: boolean;

  @Column({ name: 'cancel_requested', type: 'boolean', default: false })
  cancelRequested: boolean;

  /** The admin while the import waits or runs, null otherwise: a unique index keeps one per admin. */
  @Column({ name: 'running_admin_id', type: 'integer', nullable: true })
  runningAdminId: number | null;

  @Column({ type: 'varchar', length: 300, nullable: true })
  error: string | null;

  /** Last sign of life of the run that holds it: a run silent for a minute is taken over. */
  @Column({ name: 'heartbeat_at', type: 'datetime', nullable: true })
  heartbeatAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'datetime' })
  createdAt: Date;

  @Column({ name: 'started_at', type: 'datetime', nullable: true })
  startedAt: Date | null;

  @Column({ name: 'finished_at', type: 'datetime', nullable: true })
  finishedAt: Date | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'datetime' })
  updatedAt: Date;
}
