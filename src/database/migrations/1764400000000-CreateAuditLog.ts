import { MigrationInterface, QueryRunner, Table, TableForeignKey, TableIndex } from 'typeorm';

/** Who did what in the back office, from where and when. */
export class CreateAuditLog1764400000000 implements MigrationInterface {
  name = 'CreateAuditLog1764400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'audit_log',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'admin_id', type: 'integer', isNullable: true },
          { name: 'admin_username', type: 'varchar', length: '60', isNullable: true },
          { name: 'ip', type: 'varchar', length: '45', isNullable: true },
          { name: 'action', type: 'varchar', length: '40' },
          { name: 'target_type', type: 'varchar', length: '20', isNullable: true },
          { name: 'target_id', type: 'integer', isNullable: true },
          { name: 'summary', type: 'text', isNullable: true },
          { name: 'created_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
        ],
        indices: [
          new TableIndex({ name: 'idx_audit_log_created', columnNames: ['created_at'] }),
          new TableIndex({ name: 'idx_audit_log_action_created', columnNames: ['action', 'created_at'] }),
          new TableIndex({ name: 'idx_audit_log_admin', columnNames: ['admin_id'] }),
        ],
        foreignKeys: [
          new TableForeignKey({
            name: 'fk_audit_log_admin',
            columnNames: ['admin_id'],
            referencedTableName: 'admins',
            referencedColumnNames: ['admin_id'],
            onDelete: 'SET NULL',
          }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('audit_log');
  }
}
