import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';

/** Reference tables: Brazilian municipalities, job titles (cargos) and lines of business (ocupações). */
export class CreateLookupTables1763800000000 implements MigrationInterface {
  name = 'CreateLookupTables1763800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'cities',
        columns: [
          { name: 'city_id', type: 'integer', isPrimary: true },
          { name: 'name', type: 'varchar', length: '100' },
          { name: 'code', type: 'varchar', length: '2' },
          { name: 'name_search', type: 'varchar', length: '100' },
        ],
        indices: [
          new TableIndex({ name: 'idx_cities_code', columnNames: ['code'] }),
          new TableIndex({ name: 'idx_cities_name_search', columnNames: ['name_search'] }),
        ],
      }),
    );
    for (const [table, id] of [
      ['cargos', 'cargo_id'],
      ['ocupacoes', 'ocupacao_id'],
    ]) {
      await queryRunner.createTable(
        new Table({
          name: table,
          columns: [
            { name: id, type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
            { name: 'name', type: 'varchar', length: '100' },
          ],
          indices: [new TableIndex({ name: `uq_${table}_name`, columnNames: ['name'], isUnique: true })],
        }),
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('ocupacoes');
    await queryRunner.dropTable('cargos');
    await queryRunner.dropTable('cities');
  }
}
