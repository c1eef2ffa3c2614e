import { MigrationInterface, QueryRunner, Table, TableForeignKey, TableIndex } from 'typeorm';

/** Admins, their sessions and the authorized IPs with their TOTP secrets and locations. */
export class CreateAdminAccess1763900000000 implements MigrationInterface {
  name = 'CreateAdminAccess1763900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'admins',
        columns: [
          { name: 'admin_id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'username', type: 'varchar', length: '60' },
          { name: 'password_hash', type: 'varchar', length: '255' },
          { name: 'role', type: 'varchar', length: '10' },
          { name: 'name', type: 'varchar', length: '120' },
          { name: 'active', type: 'boolean', default: true },
          { name: 'last_login_at', type: 'datetime', isNullable: true },
          { name: 'created_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
          { name: 'updated_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
        ],
        indices: [new TableIndex({ name: 'uq_admins_username', columnNames: ['username'], isUnique: true })],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'admin_sessions',
        columns: [
          { name: 'jti', type: 'varchar', length: '36', isPrimary: true },
          { name: 'admin_id', type: 'integer' },
          { name: 'ip', type: 'varchar', length: '45' },
          { name: 'created_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
          { name: 'expires_at', type: 'datetime' },
          { name: 'revoked_at', type: 'datetime', isNullable: true },
        ],
        indices: [
          new TableIndex({ name: 'idx_admin_sessions_admin', columnNames: ['admin_id'] }),
          new TableIndex({ name: 'idx_admin_sessions_expires', columnNames: ['expires_at'] }),
        ],
        foreignKeys: [
          new TableForeignKey({
            name: 'fk_admin_sessions_admin',
            columnNames: ['admin_id'],
            referencedTableName: 'admins',
            referencedColumnNames: ['admin_id'],
            onDelete: 'CASCADE',
          }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'authorized_ips',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'ip', type: 'varchar', length: '45' },
          { name: 'role', type: 'varchar', length: '10' },
          { name: 'descricao', type: 'varchar', length: '255', isNullable: true },
          { name: 'totp_secret', type: 'varchar', length: '255' },
          { name: 'totp_last_step', type: 'bigint', isNullable: true },
          { name: 'local', type: 'varchar', length: '255', isNullable: true },
          { name: 'city', type: 'varchar', length: '120', isNullable: true },
          { name: 'region', type: 'varchar', length: '120', isNullable: true },
          { name: 'country', type: 'varchar', length: '2', isNullable: true },
          { name: 'latitude', type: 'decimal', precision: 9, scale: 6, isNullable: true },
          { name: 'longitude', type: 'decimal', precision: 9, scale: 6, isNullable: true },
          { name: 'located_at', type: 'datetime', isNullable: true },
          { name: 'last_seen_at', type: 'datetime', isNullable: true },
          { name: 'created_by', type: 'integer', isNullable: true },
          { name: 'created_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
        ],
        indices: [new TableIndex({ name: 'uq_authorized_ips_ip', columnNames: ['ip'], isUnique: true })],
        foreignKeys: [
          new TableForeignKey({
            name: 'fk_authorized_ips_creator',
            columnNames: ['created_by'],
            referencedTableName: 'admins',
            referencedColumnNames: ['admin_id'],
            onDelete: 'SET NULL',
          }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('authorized_ips');
    await queryRunner.dropTable('admin_sessions');
    await queryRunner.dropTable('admins');
  }
}
