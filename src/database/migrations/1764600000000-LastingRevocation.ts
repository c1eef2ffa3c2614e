import { MigrationInterface, QueryRunner, TableColumn, TableIndex } from 'typeorm';
import { isMysqlRunner } from './frozen-sql.js';

const TRIGGERS = ['trg_authorized_ips_revoke_sessions', 'trg_admins_revoke_sessions'];

/**
 * Revocation that lasts. Deleting an authorized IP, or deactivating an admin, marks their open sessions revoked
 * in the same statement's transaction (triggers, so it holds whoever makes the change: the app, the CLI or a
 * person at the database). Until now those sessions were only refused while the IP was missing or the admin
 * inactive, so adding the IP again or reactivating the admin brought old tokens back to life.
 * `revoked_reason` keeps why, so a session ended with its IP still answers IP_REVOKED.
 */
export class LastingRevocation1764600000000 implements MigrationInterface {
  name = 'LastingRevocation1764600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = isMysqlRunner(queryRunner);
    await queryRunner.addColumn('admin_sessions', new TableColumn({ name: 'revoked_reason', type: 'varchar', length: '20', isNullable: true }));
    await queryRunner.createIndex('admin_sessions', new TableIndex({ name: 'idx_admin_sessions_ip', columnNames: ['ip'] }));
    const now = mysql ? 'UTC_TIMESTAMP()' : "strftime('%Y-%m-%d %H:%M:%f', 'now')";
    const revokeByIp = `UPDATE admin_sessions SET revoked_at = ${now}, revoked_reason = 'ip_deleted' WHERE ip = OLD.ip AND revoked_at IS NULL`;
    const revokeByAdmin = `UPDATE admin_sessions SET revoked_at = ${now}, revoked_reason = 'admin_inactive' WHERE admin_id = NEW.admin_id AND revoked_at IS NULL`;
    if (mysql) {
      await queryRunner.query(`CREATE TRIGGER trg_authorized_ips_revoke_sessions AFTER DELETE ON authorized_ips FOR EACH ROW ${revokeByIp}`);
      await queryRunner.query(
        `CREATE TRIGGER trg_admins_revoke_sessions AFTER UPDATE ON admins FOR EACH ROW BEGIN IF OLD.active <> 0 AND NEW.active = 0 THEN ${revokeByAdmin}; END IF; END`,
      );
    } else {
      await queryRunner.query(`CREATE TRIGGER trg_authorized_ips_revoke_sessions AFTER DELETE ON authorized_ips BEGIN ${revokeByIp}; END`);
      await queryRunner.query(
        `CREATE TRIGGER trg_admins_revoke_sessions AFTER UPDATE OF active ON admins WHEN OLD.active <> 0 AND NEW.active = 0 BEGIN ${revokeByAdmin}; END`,
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const name of TRIGGERS) await queryRunner.query(`DROP TRIGGER IF EXISTS ${name}`);
    await queryRunner.dropIndex('admin_sessions', 'idx_admin_sessions_ip');
    await queryRunner.dropColumn('admin_sessions', 'revoked_reason');
  }
}
