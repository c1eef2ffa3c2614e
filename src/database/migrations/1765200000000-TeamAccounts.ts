import { MigrationInterface, QueryRunner, Table, TableForeignKey, TableIndex } from 'typeorm';
import { isMysqlRunner } from './frozen-sql.js';

/** The username as logins and uniqueness compare it: no case, no accents (as the code was when this ran). */
const foldUsername = (value: string) => value.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().trim();

/**
 * The team managed from the back office: an admin's e-mail, the address of its last login and its username's
 * folded key (unique, so 'João' and 'joao' cannot be two admins); each session's browser and last request;
 * and the one-time links that set a password (invitations and new password links), kept only as hashes.
 */
export class TeamAccounts1765200000000 implements MigrationInterface {
  name = 'TeamAccounts1765200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // ALTER TABLE on both databases: TypeORM's addColumn rebuilds a SQLite table, which would drop its triggers.
    const add = isMysqlRunner(queryRunner) ? 'ADD' : 'ADD COLUMN';
    for (const column of ['email varchar(254) NULL', 'username_key varchar(60) NULL', 'last_login_ip varchar(45) NULL']) {
      await queryRunner.query(`ALTER TABLE admins ${add} ${column}`);
    }
    const rows = (await queryRunner.query('SELECT admin_id, username FROM admins ORDER BY admin_id')) as { admin_id: number; username: string }[];
    const taken = new Set<string>();
    for (const row of rows) {
      let key = foldUsername(row.username).slice(0, 60);
      // Two admins made before this rule whose names fold alike keep both rows; the later one's key is marked.
      if (taken.has(key)) key = `${key.slice(0, 50)}#${row.admin_id}`;
      taken.add(key);
      await queryRunner.query('UPDATE admins SET username_key = ? WHERE admin_id = ?', [key, row.admin_id]);
    }
    await queryRunner.createIndex('admins', new TableIndex({ name: 'uq_admins_username_key', columnNames: ['username_key'], isUnique: true }));

    for (const column of ['user_agent varchar(255) NULL', 'last_seen_at datetime NULL']) {
      await queryRunner.query(`ALTER TABLE admin_sessions ${add} ${column}`);
    }

    await queryRunner.createTable(
      new Table({
        name: 'admin_links',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'admin_id', type: 'integer' },
          // SHA-256 of the token, hex: the token itself is shown once to the master and sent by e-mail.
          { name: 'token_hash', type: 'varchar', length: '64' },
          { name: 'purpose', type: 'varchar', length: '10' },
          { name: 'expires_at', type: 'datetime' },
          { name: 'used_at', type: 'datetime', isNullable: true },
          { name: 'created_by', type: 'integer', isNullable: true },
          { name: 'created_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
        ],
        indices: [
          new TableIndex({ name: 'uq_admin_links_token', columnNames: ['token_hash'], isUnique: true }),
          new TableIndex({ name: 'idx_admin_links_admin', columnNames: ['admin_id'] }),
        ],
        foreignKeys: [
          new TableForeignKey({
            name: 'fk_admin_links_admin',
            columnNames: ['admin_id'],
            referencedTableName: 'admins',
            referencedColumnNames: ['admin_id'],
            onDelete: 'CASCADE',
          }),
          new TableForeignKey({
            name: 'fk_admin_links_creator',
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
    await queryRunner.dropTable('admin_links');
    await queryRunner.dropIndex('admins', 'uq_admins_username_key');
    for (const column of ['last_seen_at', 'user_agent']) await queryRunner.query(`ALTER TABLE admin_sessions DROP COLUMN ${column}`);
    for (const column of ['last_login_ip', 'username_key', 'email']) await queryRunner.query(`ALTER TABLE admins DROP COLUMN ${column}`);
  }
}
