import { MigrationInterface, QueryRunner } from 'typeorm';
import { isMysqlRunner } from './frozen-sql.js';

/**
 * Each admin session's last request made by the person (the event stream and automatic refreshes aside), which
 * ends a session left idle (SESSION_IDLE_MINUTES), and its last 2FA confirmation (the login, or a confirmation
 * of identity), which opens the sensitive actions for STEP_UP_MINUTES. Sessions open when this runs count as
 * active and confirmed at their last request, or their start.
 */
export class SessionActivity1765600000000 implements MigrationInterface {
  name = 'SessionActivity1765600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // ALTER TABLE on both databases: TypeORM's addColumn rebuilds a SQLite table, which would drop its triggers.
    const add = isMysqlRunner(queryRunner) ? 'ADD' : 'ADD COLUMN';
    for (const column of ['active_at datetime NULL', 'confirmed_at datetime NULL']) {
      await queryRunner.query(`ALTER TABLE admin_sessions ${add} ${column}`);
    }
    await queryRunner.query('UPDATE admin_sessions SET active_at = COALESCE(last_seen_at, created_at), confirmed_at = created_at');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const column of ['confirmed_at', 'active_at']) await queryRunner.query(`ALTER TABLE admin_sessions DROP COLUMN ${column}`);
  }
}
