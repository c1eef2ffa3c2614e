import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { ChangeSource, HistoryOperation } from '../shared/history.views.js';

/**
 * One change of a record, written by the database's triggers (RecordHistory migration): only the columns that
 * changed, as `{"column": [before, after]}` (a secret as `[]`), who made it and from where.
 */
@Entity('record_history')
@Index('idx_record_history_record', ['resource', 'recordId', 'id'])
export class RecordHistoryEntry {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ type: 'varchar', length: 12 })
  resource: string;

  @Column({ name: 'record_id', type: 'integer' })
  recordId: number;

  @Column({ type: 'integer' })
  version: number;

  @Column({ type: 'varchar', length: 10 })
  operation: HistoryOperation;

  @Column({ name: 'changed_at', type: 'datetime' })
  changedAt: Date;

  @Column({ name: 'actor_id', type: 'integer', nullable: true })
  actorId: number | null;

  @Column({ name: 'actor_name', type: 'varchar', length: 120, nullable: true })
  actorName: string | null;

  @Column({ type: 'varchar', length: 12 })
  source: ChangeSource;

  @Column({ name: 'restored_from', type: 'bigint', nullable: true })
  restoredFrom: string | null;

  @Column({ type: 'text' })
  changes: string;
}
