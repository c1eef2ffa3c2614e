import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A person who uses the mobile app, optionally linked to a company with a cargo and a line of business. */
@Entity('app_users')
@Index('idx_app_users_status_added', ['status', 'dateAdded'])
@Index('idx_app_users_enterprise', ['enterpriseId', 'sortName'])
// The search's walk in the list's order reads this index alone (migration SearchWalkIndex1764800000000).
@Index('idx_app_users_added_search', ['dateAdded', 'userId', 'enterpriseId', 'searchText'])
// The list's other sorts (migration ListSorts1765100000000).
@Index('idx_app_users_name', ['sortName', 'userId'])
@Index('idx_app_users_status_name', ['status', 'sortName', 'userId'])
@Index('idx_app_users_status_email', ['status', 'email', 'userId'])
@Index('idx_app_users_company_sort', ['enterpriseSort', 'userId'])
@Index('idx_app_users_status_company_sort', ['status', 'enterpriseSort', 'userId'])
export class AppUser {
  @PrimaryGeneratedColumn({ name: 'user_id', type: 'integer' })
  userId: number;

  @Column({ type: 'varchar', length: 100 })
  firstname: string;

  @Column({ type: 'varchar', length: 100 })
  lastname: string;

  @Index('uq_app_users_email', { unique: true })
  @Column({ type: 'varchar', length: 160, nullable: true })
  email: string | null;

  @Column({ type: 'varchar', length: 11, nullable: true })
  fone: string | null;

  @Index('idx_app_users_cpf')
  @Column({ type: 'varchar', length: 11, nullable: true })
  cpf: string | null;

  @Column({ name: 'enterprise_id', type: 'integer', nullable: true })
  enterpriseId: number | null;

  @Index('idx_app_users_cargo')
  @Column({ name: 'cargo_id', type: 'integer', nullable: true })
  cargoId: number | null;

  @Index('idx_app_users_ocupacao')
  @Column({ name: 'ocupacao_id', type: 'integer', nullable: true })
  ocupacaoId: number | null;

  @Index('idx_app_users_city')
  @Column({ name: 'city_id', type: 'integer', nullable: true })
  cityId: number | null;

  @Column({ type: 'smallint', default: 1 })
  status: number;

  @Column({ name: 'password_hash', type: 'varchar', length: 255, nullable: true, select: false })
  passwordHash: string | null;

  @Column({ name: 'plano_valido', type: 'datetime', nullable: true })
  planoValido: Date | null;

  @Column({ name: 'device_id', type: 'varchar', length: 255, nullable: true })
  deviceId: string | null;

  /** The name folded for ordering; computed by the database (migration SearchOwnedByDatabase), never written here. */
  @Column({ name: 'sort_name', type: 'varchar', length: 201, default: '', insert: false, update: false, select: false })
  sortName: string;

  /** The words the search box matches; computed by the database, never written here. */
  @Column({ name: 'search_text', type: 'varchar', length: 600, default: '', insert: false, update: false, select: false })
  searchText: string;

  /** The company's sort_name, for ordering by company; computed by the database (migration ListSorts). */
  @Column({ name: 'enterprise_sort', type: 'varchar', length: 150, default: '', insert: false, update: false, select: false })
  enterpriseSort: string;

  @Index('idx_app_users_added')
  @Column({ name: 'date_added', type: 'datetime', default: () => 'CURRENT_TIMESTAMP' })
  dateAdded: Date;

  @Column({ name: 'date_modified', type: 'datetime', default: () => 'CURRENT_TIMESTAMP' })
  dateModified: Date;

  /** Raised by the database on every change of the record's data (RecordHistory migration); never written by the app. */
  @Column({ type: 'integer', default: 1, insert: false, update: false })
  version: number;
}
