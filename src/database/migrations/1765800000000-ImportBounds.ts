import { MigrationInterface, QueryRunner } from 'typeorm';
import { isMysqlRunner } from './frozen-sql.js';

/**
 * What bounds an import beyond its file: how many runs it has had (the first, then each takeover after a run fell
 * silent; an import whose runs keep dying is marked failed past two takeovers, not taken over forever), and how
 * many failed rows it keeps for the download, and their characters (kept within a count and a size), and whether
 * its uploaded file is still kept (a file is removed as soon as its import ends; one an instance could not
 * remove then is removed by the next sweep). Imports made before kept every failed row up to the count, and
 * their files until the daily cleanup.
 */
export class ImportBounds1765800000000 implements MigrationInterface {
  name = 'ImportBounds1765800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // ALTER TABLE on both databases: TypeORM's addColumn rebuilds a SQLite table.
    const add = isMysqlRunner(queryRunner) ? 'ADD' : 'ADD COLUMN';
    const columns = [
      'runs integer NOT NULL DEFAULT 0',
      'failures_kept integer NOT NULL DEFAULT 0',
      'failures_chars integer NOT NULL DEFAULT 0',
      'file_kept boolean NOT NULL DEFAULT 1',
    ];
    for (const column of columns) await queryRunner.query(`ALTER TABLE imports ${add} ${column}`);
    // The sweep looks for ended imports whose file is still kept: few rows among the week's imports.
    await queryRunner.query('CREATE INDEX idx_imports_file_kept ON imports (file_kept, status)');
    await queryRunner.query('UPDATE imports SET failures_kept = CASE WHEN failed > 100000 THEN 100000 ELSE failed END');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(isMysqlRunner(queryRunner) ? 'DROP INDEX idx_imports_file_kept ON imports' : 'DROP INDEX idx_imports_file_kept');
    for (const column of ['file_kept', 'failures_chars', 'failures_kept', 'runs']) await queryRunner.query(`ALTER TABLE imports DROP COLUMN ${column}`);
  }
}
