import { MigrationInterface, QueryRunner, Table, TableForeignKey, TableIndex } from 'typeorm';

/** Messages from the site's contact form. */
export class CreateContacts1764000000000 implements MigrationInterface {
  name = 'CreateContacts1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'contacts',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'nome', type: 'varchar', length: '120' },
          { name: 'email', type: 'varchar', length: '160' },
          { name: 'telefone', type: 'varchar', length: '11' },
          { name: 'mensagem', type: 'text' },
          { name: 'origem', type: 'varchar', length: '40', default: "'site'" },
          { name: 'status', type: 'varchar', length: '10', default: "'pendente'" },
          { name: 'response_channel', type: 'varchar', length: '10', isNullable: true },
          { name: 'responded_at', type: 'datetime', isNullable: true },
          { name: 'responded_by', type: 'integer', isNullable: true },
          { name: 'sender_ip', type: 'varchar', length: '45', isNullable: true },
          { name: 'user_agent', type: 'varchar', length: '255', isNullable: true },
          { name: 'created_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
        ],
        indices: [new TableIndex({ name: 'idx_contacts_status_created', columnNames: ['status', 'created_at'] })],
        foreignKeys: [
          new TableForeignKey({
            name: 'fk_contacts_responded_by',
            columnNames: ['responded_by'],
            referencedTableName: 'admins',
            referencedColumnNames: ['admin_id'],
            onDelete: 'SET NULL',
          }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('contacts');
  }
}
