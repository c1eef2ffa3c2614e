import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A Brazilian municipality; `city_id` is its IBGE code and `code` its UF. */
@Entity('cities')
export class City {
  @PrimaryColumn({ name: 'city_id', type: 'integer' })
  cityId: number;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Index('idx_cities_code')
  @Column({ type: 'varchar', length: 2 })
  code: string;

  @Index('idx_cities_name_search')
  @Column({ name: 'name_search', type: 'varchar', length: 100 })
  nameSearch: string;
}
