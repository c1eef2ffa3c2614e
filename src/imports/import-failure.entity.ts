import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A row an import could not take: its line in the file, its cells and why (for "Baixar linhas com erro"). */
@Entity('import_failures')
@Index('idx_import_failures_import', ['importId', 'line'])
export class ImportFailure {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'import_id', type: 'integer' })
  importId: number;

  @Column({ type: 'integer' })
  line: number;

  /** The row's cells as in the file, as JSON. */
  @Column({ type: 'text' })
  cells: string;

  @Column({ type: 'varchar', length: 500 })
  error: string;
}
