import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A line of business (ramo de atividade) an app user works in. */
@Entity('ocupacoes')
export class Ocupacao {
  @PrimaryGeneratedColumn({ name: 'ocupacao_id', type: 'integer' })
  ocupacaoId: number;

  @Index('uq_ocupacoes_name', { unique: true })
  @Column({ type: 'varchar', length: 100 })
  name: string;
}
