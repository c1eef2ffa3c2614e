import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';

const INDEX = 'idx_app_users_added_search';

/**
 * A users search by common words (thousands of "joao silva") walks the list's order until a page of rows
 * matches. With the search words, the company and the id in the order's own index, that walk reads the index
 * alone: the page's ids are found there (a deferred join), and only those rows are read from the table.
 */
export class SearchWalkIndex1764800000000 implements MigrationInterface {
  name = 'SearchWalkIndex1764800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createIndex('app_users', new TableIndex({ name: INDEX, columnNames: ['date_added', 'user_id', 'enterprise_id', 'search_text'] }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('app_users', INDEX);
  }
}
