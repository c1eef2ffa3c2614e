import { MigrationInterface, QueryRunner, Table, TableForeignKey, TableIndex } from 'typeorm';

/**
 * The back office's bell: each admin's notifications (a new contact message, a finished task), written once per
 * admin who may see them, read newest first by (admin_id, id) and counted unread by (admin_id, read_at).
 */
export class AdminNotifications1765400000000 implements MigrationInterface {
  name = 'AdminNotifications1765400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'admin_notifications',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'admin_id', type: 'integer' },
          { name: 'kind', type: 'varchar', length: '30' },
          { name: 'title', type: 'varchar', length: '300' },
          { name: 'link', type: 'varchar', length: '255', isNullable: true },
          { name: 'created_at', type: 'datetime' },
          { name: 'read_at', type: 'datetime', isNullable: true },
        ],
        indices: [
          new TableIndex({ name: 'idx_admin_notifications_list', columnNames: ['admin_id', 'id'] }),
          new TableIndex({ name: 'idx_admin_notifications_unread', columnNames: ['admin_id', 'read_at'] }),
          new TableIndex({ name: 'idx_admin_notifications_created', columnNames: ['created_at'] }),
        ],
        foreignKeys: [
          new TableForeignKey({
            name: 'fk_admin_notifications_admin',
            columnNames: ['admin_id'],
            referencedTableName: 'admins',
            referencedColumnNames: ['admin_id'],
            onDelete: 'CASCADE',
          }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('admin_notifications');
  }
}
