import { MigrationInterface, QueryRunner, Table, TableForeignKey, TableIndex } from 'typeorm';

/** The mobile app's users, linked to a company, a cargo, a line of business and a city. */
export class CreateAppUsers1764200000000 implements MigrationInterface {
  name = 'CreateAppUsers1764200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'app_users',
        columns: [
          { name: 'user_id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'firstname', type: 'varchar', length: '100' },
          { name: 'lastname', type: 'varchar', length: '100' },
          { name: 'email', type: 'varchar', length: '160', isNullable: true },
          { name: 'fone', type: 'varchar', length: '11', isNullable: true },
          { name: 'cpf', type: 'varchar', length: '11', isNullable: true },
          { name: 'enterprise_id', type: 'integer', isNullable: true },
          { name: 'cargo_id', type: 'integer', isNullable: true },
          { name: 'ocupacao_id', type: 'integer', isNullable: true },
          { name: 'city_id', type: 'integer', isNullable: true },
          { name: 'status', type: 'smallint', default: 1 },
          { name: 'password_hash', type: 'varchar', length: '255', isNullable: true },
          { name: 'plano_valido', type: 'datetime', isNullable: true },
          { name: 'device_id', type: 'varchar', length: '255', isNullable: true },
          { name: 'sort_name', type: 'varchar', length: '201' },
          { name: 'search_text', type: 'varchar', length: '600' },
          { name: 'date_added', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
          { name: 'date_modified', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
        ],
        indices: [
          new TableIndex({ name: 'uq_app_users_email', columnNames: ['email'], isUnique: true }),
          new TableIndex({ name: 'idx_app_users_status_added', columnNames: ['status', 'date_added'] }),
          new TableIndex({ name: 'idx_app_users_added', columnNames: ['date_added'] }),
          new TableIndex({ name: 'idx_app_users_enterprise', columnNames: ['enterprise_id', 'sort_name'] }),
          new TableIndex({ name: 'idx_app_users_cpf', columnNames: ['cpf'] }),
          new TableIndex({ name: 'idx_app_users_cargo', columnNames: ['cargo_id'] }),
          new TableIndex({ name: 'idx_app_users_ocupacao', columnNames: ['ocupacao_id'] }),
          new TableIndex({ name: 'idx_app_users_city', columnNames: ['city_id'] }),
        ],
        foreignKeys: [
          new TableForeignKey({
            name: 'fk_app_users_enterprise',
            columnNames: ['enterprise_id'],
            referencedTableName: 'enterprises',
            referencedColumnNames: ['enterprise_id'],
            onDelete: 'SET NULL',
          }),
          new TableForeignKey({
            name: 'fk_app_users_cargo',
            columnNames: ['cargo_id'],
            referencedTableName: 'cargos',
            referencedColumnNames: ['cargo_id'],
            onDelete: 'SET NULL',
          }),
          new TableForeignKey({
            name: 'fk_app_users_ocupacao',
            columnNames: ['ocupacao_id'],
            referencedTableName: 'ocupacoes',
            referencedColumnNames: ['ocupacao_id'],
            onDelete: 'SET NULL',
          }),
          new TableForeignKey({
            name: 'fk_app_users_city',
            columnNames: ['city_id'],
            referencedTableName: 'cities',
            referencedColumnNames: ['city_id'],
            onDelete: 'SET NULL',
          }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('app_users');
  }
}
