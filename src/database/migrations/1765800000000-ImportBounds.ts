import { MigrationInterface, QueryRunner } from 'typeorm';
import { isMysqlRunner } from './frozen-sql.js';

/**
 * What bounds an import beyond its file: how many runs it has had (the first, then each takeover after a run fell
 * silent; an import whose runs keep dying is marked failed past two takeovers, not taken over forever), and how
 * many failed rows it keeps for the download, and their characters (kept within a count and a size). Imports
 * made before kept every failed row up to the count.
 */
export class ImportBounds1765800000000 implements MigrationInterface {
  name = 'ImportBounds1765800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // ALTER TABLE on both databases: TypeORM's addColumn rebuilds a SQLite table.
    const add = isMysqlRunner(queryRunner) ? 'ADD' : 'ADD COLUMN';
    for (const column of ['runs integer NOT NULL DEFAULT 0', 'failures_kept integer NOT NULL DEFAULT 0', 'failures_chars integer NOT NULL DEFAULT 0'])
      await queryRunner.query(`ALTER TABLE imports ${add} ${column}`);
    await queryRunner.query('UPDATE imports SET failures_kept = CASE WHEN failed > 100000 THEN 100000 ELSE failed END');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const column of ['failures_chars', 'failures_kept', 'runs']) await queryRunner.query(`ALTER TABLE imports DROP COLUMN ${column}`);
  }
}
