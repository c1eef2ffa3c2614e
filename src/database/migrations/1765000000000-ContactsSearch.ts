import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';
import { isMysqlRunner } from './frozen-sql.js';
import { documentEndings, joined, words } from './1764700000000-SearchOwnedByDatabase.js';

const TRIGGERS = ['trg_contacts_derive_insert', 'trg_contacts_derive_update'];

/** The words of a message's sender, each after a space, and every ending of 4 digits or more of the phone. */
const searchText = (row: string, mysql: boolean) =>
  `SUBSTR(${joined(["''", words(joined([`${row}.nome`, `${row}.email`], mysql), mysql), documentEndings(`${row}.telefone`, 8, mysql)], mysql)}, 1, 400)`;

/**
 * The back office's search (the command palette) finds messages of the site's contact form by the sender's
 * name, e-mail or phone, with the rule of the lists: every term starts a word. The database owns the column,
 * as it does for users and companies (SearchOwnedByDatabase): triggers compute it on insert and on every change
 * of the sender's fields; on MySQL/MariaDB a FULLTEXT index finds the rows of rare words.
 */
export class ContactsSearch1765000000000 implements MigrationInterface {
  name = 'ContactsSearch1765000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = isMysqlRunner(queryRunner);
    const run = (sql: string) => queryRunner.query(sql);
    await run(
      mysql
        ? "ALTER TABLE contacts ADD search_text varchar(400) NOT NULL DEFAULT ''"
        : "ALTER TABLE contacts ADD COLUMN search_text varchar(400) NOT NULL DEFAULT ''",
    );
    await run(`UPDATE contacts SET search_text = ${searchText('contacts', mysql)}`);
    if (mysql) {
      await run(`CREATE TRIGGER ${TRIGGERS[0]} BEFORE INSERT ON contacts FOR EACH ROW SET NEW.search_text = ${searchText('NEW', mysql)}`);
      await run(`CREATE TRIGGER ${TRIGGERS[1]} BEFORE UPDATE ON contacts FOR EACH ROW SET NEW.search_text = ${searchText('NEW', mysql)}`);
      await run('ALTER TABLE contacts ADD FULLTEXT INDEX ft_contacts_search (search_text)');
    } else {
      const update = `UPDATE contacts SET search_text = ${searchText('contacts', mysql)} WHERE id = NEW.id;`;
      await run(`CREATE TRIGGER ${TRIGGERS[0]} AFTER INSERT ON contacts BEGIN ${update} END`);
      await run(`CREATE TRIGGER ${TRIGGERS[1]} AFTER UPDATE OF nome, email, telefone ON contacts BEGIN ${update} END`);
    }
    // The palette shows the newest messages first among those found.
    await queryRunner.createIndex('contacts', new TableIndex({ name: 'idx_contacts_created', columnNames: ['created_at', 'id'] }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const mysql = isMysqlRunner(queryRunner);
    await queryRunner.dropIndex('contacts', 'idx_contacts_created');
    for (const name of TRIGGERS) await queryRunner.query(`DROP TRIGGER IF EXISTS ${name}`);
    if (mysql) await queryRunner.query('ALTER TABLE contacts DROP INDEX ft_contacts_search');
    await queryRunner.query('ALTER TABLE contacts DROP COLUMN search_text');
  }
}
