import { MigrationInterface, QueryRunner, Table, TableForeignKey, TableIndex } from 'typeorm';

/** Single-use links sent to app users by e-mail: password resets and account deletion confirmations. */
export class CreateAccountTokens1764300000000 implements MigrationInterface {
  name = 'CreateAccountTokens1764300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const [table, extra] of [
      [
        'password_resets',
        [
          { name: 'requested_by', type: 'varchar', length: '10' },
          { name: 'used_at', type: 'datetime', isNullable: true },
        ],
      ],
      [
        'account_deletion_requests',
        [
          { name: 'requester_ip', type: 'varchar', length: '45', isNullable: true },
          { name: 'confirmed_at', type: 'datetime', isNullable: true },
        ],
      ],
    ] as const) {
      await queryRunner.createTable(
        new Table({
          name: table,
          columns: [
            { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
            { name: 'user_id', type: 'integer' },
            // SHA-256 of the token, hex: the token itself is only ever in the e-mail.
            { name: 'token_hash', type: 'varchar', length: '64' },
            { name: 'expires_at', type: 'datetime' },
            ...extra.map((column) => ({ ...column })),
            { name: 'created_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
          ],
          indices: [
            new TableIndex({ name: `uq_${table}_token`, columnNames: ['token_hash'], isUnique: true }),
            new TableIndex({ name: `idx_${table}_user`, columnNames: ['user_id'] }),
          ],
          foreignKeys: [
            new TableForeignKey({
              name: `fk_${table}_user`,
              columnNames: ['user_id'],
              referencedTableName: 'app_users',
              referencedColumnNames: ['user_id'],
              onDelete: 'CASCADE',
            }),
          ],
        }),
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('account_deletion_requests');
    await queryRunner.dropTable('password_resets');
  }
}
