import { MigrationInterface, QueryRunner, Table, TableForeignKey, TableIndex, type TableColumnOptions } from 'typeorm';

/** The address columns an enterprise and its billing address share. */
function addressColumns(): TableColumnOptions[] {
  return [
    { name: 'endereco', type: 'varchar', length: '150', isNullable: true },
    { name: 'numero', type: 'varchar', length: '20', isNullable: true },
    { name: 'complemento', type: 'varchar', length: '100', isNullable: true },
    { name: 'bairro', type: 'varchar', length: '100', isNullable: true },
    { name: 'cep', type: 'varchar', length: '8', isNullable: true },
    { name: 'city_id', type: 'integer', isNullable: true },
  ];
}

/** Companies (empresas), their billing addresses and the logos they can show. */
export class CreateEnterprises1764100000000 implements MigrationInterface {
  name = 'CreateEnterprises1764100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'logos',
        columns: [
          { name: 'logo_id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'file_name', type: 'varchar', length: '100' },
          { name: 'name', type: 'varchar', length: '100' },
          { name: 'name_search', type: 'varchar', length: '100' },
          { name: 'kind', type: 'varchar', length: '12' },
          { name: 'content_type', type: 'varchar', length: '40' },
          { name: 'size', type: 'integer', default: 0 },
          { name: 'created_by', type: 'integer', isNullable: true },
          { name: 'created_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
        ],
        indices: [
          new TableIndex({ name: 'uq_logos_file_name', columnNames: ['file_name'], isUnique: true }),
          new TableIndex({ name: 'idx_logos_kind_name', columnNames: ['kind', 'name_search'] }),
        ],
        foreignKeys: [
          new TableForeignKey({
            name: 'fk_logos_created_by',
            columnNames: ['created_by'],
            referencedTableName: 'admins',
            referencedColumnNames: ['admin_id'],
            onDelete: 'SET NULL',
          }),
        ],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'enterprises',
        columns: [
          { name: 'enterprise_id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'razao', type: 'varchar', length: '150' },
          { name: 'fantasia', type: 'varchar', length: '150' },
          { name: 'cnpj', type: 'varchar', length: '14' },
          { name: 'inscricao_estadual', type: 'varchar', length: '45', isNullable: true },
          ...addressColumns(),
          { name: 'fone', type: 'varchar', length: '11', isNullable: true },
          { name: 'email', type: 'varchar', length: '160', isNullable: true },
          { name: 'site', type: 'varchar', length: '255', isNullable: true },
          { name: 'logo', type: 'varchar', length: '100', isNullable: true },
          { name: 'representada_logo', type: 'varchar', length: '100', isNullable: true },
          { name: 'ativo', type: 'smallint', default: 1 },
          { name: 'score', type: 'integer', default: 0 },
          // Normalized copies for ordering and for the accent- and case-insensitive search on every database.
          { name: 'sort_name', type: 'varchar', length: '150' },
          { name: 'search_text', type: 'varchar', length: '800' },
          { name: 'created_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
          { name: 'updated_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
        ],
        indices: [
          new TableIndex({ name: 'uq_enterprises_cnpj', columnNames: ['cnpj'], isUnique: true }),
          new TableIndex({ name: 'idx_enterprises_ativo_sort', columnNames: ['ativo', 'sort_name', 'enterprise_id'] }),
          new TableIndex({ name: 'idx_enterprises_sort', columnNames: ['sort_name', 'enterprise_id'] }),
          new TableIndex({ name: 'idx_enterprises_city', columnNames: ['city_id'] }),
          new TableIndex({ name: 'idx_enterprises_created', columnNames: ['created_at'] }),
        ],
        foreignKeys: [
          new TableForeignKey({
            name: 'fk_enterprises_city',
            columnNames: ['city_id'],
            referencedTableName: 'cities',
            referencedColumnNames: ['city_id'],
            onDelete: 'SET NULL',
          }),
        ],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'enterprise_billing',
        columns: [
          { name: 'enterprise_id', type: 'integer', isPrimary: true },
          ...addressColumns(),
          { name: 'updated_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
        ],
        indices: [new TableIndex({ name: 'idx_enterprise_billing_city', columnNames: ['city_id'] })],
        foreignKeys: [
          new TableForeignKey({
            name: 'fk_enterprise_billing_enterprise',
            columnNames: ['enterprise_id'],
            referencedTableName: 'enterprises',
            referencedColumnNames: ['enterprise_id'],
            onDelete: 'CASCADE',
          }),
          new TableForeignKey({
            name: 'fk_enterprise_billing_city',
            columnNames: ['city_id'],
            referencedTableName: 'cities',
            referencedColumnNames: ['city_id'],
            onDelete: 'SET NULL',
          }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('enterprise_billing');
    await queryRunner.dropTable('enterprises');
    await queryRunner.dropTable('logos');
  }
}
