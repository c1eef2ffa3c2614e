import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';

const INDEX = 'idx_audit_log_target';

/** The trail's entries about one record (an app user's copy of their data) are found by an index, newest first. */
export class AuditTargetIndex1764900000000 implements MigrationInterface {
  name = 'AuditTargetIndex1764900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createIndex('audit_log', new TableIndex({ name: INDEX, columnNames: ['target_type', 'target_id', 'created_at'] }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('audit_log', INDEX);
  }
}
