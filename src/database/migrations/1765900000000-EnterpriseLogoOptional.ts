import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A company's logo is optional: a company without one has no logo (NULL), and the placeholder stands in for it
 * wherever it is shown. Imports used to store the placeholder's file name as the logo, which the form then
 * refused as an unknown logo; those companies have no logo now.
 */
export class EnterpriseLogoOptional1765900000000 implements MigrationInterface {
  name = 'EnterpriseLogoOptional1765900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("UPDATE enterprises SET logo = NULL WHERE logo = 'default.svg'");
  }

  async down(): Promise<void> {
    // Nothing to undo: a company without a logo reads the same either way.
  }
}
