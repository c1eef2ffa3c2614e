import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A job title an app user can hold in a company (cargo). */
@Entity('cargos')
export class Cargo {
  @PrimaryGeneratedColumn({ name: 'cargo_id', type: 'integer' })
  cargoId: number;

  @Index('uq_cargos_name', { unique: true })
  @Column({ type: 'varchar', length: 100 })
  name: string;
}
