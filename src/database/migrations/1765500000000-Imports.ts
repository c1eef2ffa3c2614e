import { MigrationInterface, QueryRunner, Table, TableForeignKey, TableIndex } from 'typeorm';

/**
 * Imports of spreadsheets: each upload's file, mapping and progress (`next_row`: the data rows of finished
 * chunks, where a resumed run starts; `running_admin_id`: one waiting or running import per admin, kept by a unique
 * index), and the rows it could not take, kept for "Baixar linhas com erro".
 */
export class Imports1765500000000 implements MigrationInterface {
  name = 'Imports1765500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const counter = (name: string) => ({ name, type: 'integer', default: 0 });
    await queryRunner.createTable(
      new Table({
        name: 'imports',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'admin_id', type: 'integer' },
          { name: 'kind', type: 'varchar', length: '10' },
          { name: 'status', type: 'varchar', length: '12' },
          { name: 'file_name', type: 'varchar', length: '255' },
          { name: 'file_key', type: 'varchar', length: '100' },
          { name: 'file_size', type: 'integer' },
          { name: 'format', type: 'varchar', length: '4' },
          { name: 'dialect', type: 'varchar', length: '100', isNullable: true },
          { name: 'headers', type: 'text' },
          { name: 'mapping', type: 'text' },
          { name: 'mode', type: 'varchar', length: '10', isNullable: true },
          counter('total'),
          counter('processed'),
          counter('created'),
          counter('updated'),
          counter('unchanged'),
          counter('failed'),
          counter('next_row'),
          { name: 'cancel_requested', type: 'boolean', default: false },
          // The admin while the import waits or runs, NULL otherwise: unique, so an admin has one at a time.
          { name: 'running_admin_id', type: 'integer', isNullable: true },
          { name: 'error', type: 'varchar', length: '300', isNullable: true },
          { name: 'heartbeat_at', type: 'datetime', isNullable: true },
          { name: 'created_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
          { name: 'started_at', type: 'datetime', isNullable: true },
          { name: 'finished_at', type: 'datetime', isNullable: true },
          { name: 'updated_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
        ],
        indices: [
          new TableIndex({ name: 'idx_imports_admin_status', columnNames: ['admin_id', 'status'] }),
          new TableIndex({ name: 'idx_imports_status', columnNames: ['status', 'heartbeat_at'] }),
          new TableIndex({ name: 'uq_imports_running_admin', columnNames: ['running_admin_id'], isUnique: true }),
        ],
        foreignKeys: [
          new TableForeignKey({
            name: 'fk_imports_admin',
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
        name: 'import_failures',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'import_id', type: 'integer' },
          { name: 'line', type: 'integer' },
          { name: 'cells', type: 'text' },
          { name: 'error', type: 'varchar', length: '500' },
        ],
        indices: [new TableIndex({ name: 'idx_import_failures_import', columnNames: ['import_id', 'line'] })],
        foreignKeys: [
          new TableForeignKey({
            name: 'fk_import_failures_import',
            columnNames: ['import_id'],
            referencedTableName: 'imports',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('import_failures');
    await queryRunner.dropTable('imports');
  }
}
