import { MigrationInterface, QueryRunner, Table, TableForeignKey, TableIndex } from 'typeorm';

/**
 * Each admin's own account activity (the profile's "Atividade da conta" and the security alerts): logins,
 * password changes, sessions ended by someone else, role changes, new authorized IPs. Listed newest first by
 * (admin_id, id); a login's address is new for the admin when no earlier login row has it, looked up by
 * (admin_id, kind, ip). The addresses admins already logged in from (their sessions still kept, and their last
 * login) are written as past logins, so the first login after this runs does not report them as new.
 */
export class AccountEvents1765700000000 implements MigrationInterface {
  name = 'AccountEvents1765700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'admin_account_events',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'admin_id', type: 'integer' },
          { name: 'kind', type: 'varchar', length: '30' },
          { name: 'ip', type: 'varchar', length: '45', isNullable: true },
          { name: 'user_agent', type: 'varchar', length: '255', isNullable: true },
          { name: 'detail', type: 'varchar', length: '255', isNullable: true },
          { name: 'created_at', type: 'datetime' },
        ],
        indices: [
          new TableIndex({ name: 'idx_admin_account_events_list', columnNames: ['admin_id', 'id'] }),
          new TableIndex({ name: 'idx_admin_account_events_ip', columnNames: ['admin_id', 'kind', 'ip'] }),
        ],
        foreignKeys: [
          new TableForeignKey({
            name: 'fk_admin_account_events_admin',
            columnNames: ['admin_id'],
            referencedTableName: 'admins',
            referencedColumnNames: ['admin_id'],
            onDelete: 'CASCADE',
          }),
        ],
      }),
    );
    await queryRunner.query(
      `INSERT INTO admin_account_events (admin_id, kind, ip, user_agent, detail, created_at)
       SELECT known.admin_id, 'login', known.ip, NULL, NULL, MIN(known.seen_at)
       FROM (
         SELECT admin_id, ip, created_at AS seen_at FROM admin_sessions
         UNION ALL
         SELECT admin_id, last_login_ip AS ip, last_login_at AS seen_at FROM admins WHERE last_login_ip IS NOT NULL AND last_login_at IS NOT NULL
       ) known
       GROUP BY known.admin_id, known.ip
       ORDER BY MIN(known.seen_at), known.admin_id`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('admin_account_events');
  }
}
