import { MigrationInterface, QueryRunner } from 'typeorm';
import { isMysqlRunner } from './frozen-sql.js';

/**
 * Who ended an admin session (`revoked_by`, an admin id): the master who ended it from the team screen, changed
 * the admin's role, deactivated it or made a new password link, or the admin itself (logout, another session of
 * its own, a password change). With `revoked_reason` and `revoked_at`, the login page tells the person the one
 * reason its session ended. Sessions ended before this stay without one: the database did not keep who.
 */
export class SessionEndedBy1765960000000 implements MigrationInterface {
  name = 'SessionEndedBy1765960000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // ALTER TABLE on both databases: TypeORM's addColumn rebuilds a SQLite table, which would drop its triggers.
    await queryRunner.query(`ALTER TABLE admin_sessions ${isMysqlRunner(queryRunner) ? 'ADD' : 'ADD COLUMN'} revoked_by integer NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE admin_sessions DROP COLUMN revoked_by');
  }
}
