import { Column, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** Where a company's invoices go when that is not its own address (one row per company, or none). */
@Entity('enterprise_billing')
export class EnterpriseBilling {
  @PrimaryColumn({ name: 'enterprise_id', type: 'integer' })
  enterpriseId: number;

  @Column({ type: 'varchar', length: 150, nullable: true })
  endereco: string | null;

  @Column({ type: 'varchar', length: 20, nullable: true })
  numero: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  complemento: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  bairro: string | null;

  @Column({ type: 'varchar', length: 8, nullable: true })
  cep: string | null;

  @Index('idx_enterprise_billing_city')
  @Column({ name: 'city_id', type: 'integer', nullable: true })
  cityId: number | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'datetime' })
  updatedAt: Date;
}
