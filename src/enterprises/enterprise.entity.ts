import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A company (empresa): a dealer, reseller, brand, auction house or farm whose people use the app. */
@Entity('enterprises')
@Index('idx_enterprises_ativo_sort', ['ativo', 'sortName', 'enterpriseId'])
@Index('idx_enterprises_sort', ['sortName', 'enterpriseId'])
// The lists' other sorts (migration ListSorts1765100000000).
@Index('idx_enterprises_ativo_cnpj', ['ativo', 'cnpj', 'enterpriseId'])
@Index('idx_enterprises_city_sort', ['citySort', 'enterpriseId'])
@Index('idx_enterprises_ativo_city_sort', ['ativo', 'citySort', 'enterpriseId'])
export class Enterprise {
  @PrimaryGeneratedColumn({ name: 'enterprise_id', type: 'integer' })
  enterpriseId: number;

  @Column({ type: 'varchar', length: 150 })
  razao: string;

  @Column({ type: 'varchar', length: 150 })
  fantasia: string;

  /** 14 characters without punctuation (digits, or letters and digits for the alphanumeric CNPJ). */
  @Index('uq_enterprises_cnpj', { unique: true })
  @Column({ type: 'varchar', length: 14 })
  cnpj: string;

  /** Digits (up to 14) or ISENTO. */
  @Column({ name: 'inscricao_estadual', type: 'varchar', length: 45, nullable: true })
  inscricaoEstadual: string | null;

  @Column({ type: 'varchar', length: 150, nullable: true })
  endereco: string | null;

  @Column({ type: 'varchar', length: 20, nullable: true })
  numero: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  complemento: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  bairro: string | null;

  /** 8 digits. */
  @Column({ type: 'varchar', length: 8, nullable: true })
  cep: string | null;

  @Index('idx_enterprises_city')
  @Column({ name: 'city_id', type: 'integer', nullable: true })
  cityId: number | null;

  /** Area code and number, digits only. */
  @Column({ type: 'varchar', length: 11, nullable: true })
  fone: string | null;

  @Column({ type: 'varchar', length: 160, nullable: true })
  email: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  site: string | null;

  /** File name of the company's logo. */
  @Column({ type: 'varchar', length: 100, nullable: true })
  logo: string | null;

  /** File name of the logo of the brand the company represents, if any. */
  @Column({ name: 'representada_logo', type: 'varchar', length: 100, nullable: true })
  representadaLogo: string | null;

  @Column({ type: 'smallint', default: 1 })
  ativo: number;

  @Column({ type: 'integer', default: 0 })
  score: number;

  /** Fantasia folded for ordering; computed by the database (migration SearchOwnedByDatabase), never written here. */
  @Column({ name: 'sort_name', type: 'varchar', length: 150, default: '', insert: false, update: false, select: false })
  sortName: string;

  /** The words the companies' search box matches; computed by the database, never written here. */
  @Column({ name: 'search_text', type: 'varchar', length: 800, default: '', insert: false, update: false, select: false })
  searchText: string;

  /** The words of fantasia and razão, which the users' search box matches; computed by the database. */
  @Column({ name: 'name_search', type: 'varchar', length: 310, default: '', insert: false, update: false, select: false })
  nameSearch: string;

  /** The city's folded name and UF, for ordering by city; computed by the database (migration ListSorts). */
  @Column({ name: 'city_sort', type: 'varchar', length: 120, default: '', insert: false, update: false, select: false })
  citySort: string;

  @Index('idx_enterprises_created')
  @CreateDateColumn({ name: 'created_at', type: 'datetime' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'datetime' })
  updatedAt: Date;

  /** Raised by the database on every change of the record's data (RecordHistory migration); never written by the app. */
  @Column({ type: 'integer', default: 1, insert: false, update: false })
  version: number;
}
