import { migrationSchema } from '@pawline/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The store's address on one line, from identity's store events: the booking confirmation names it (issue 27). */
export class MessagingStoreAddress1796200000000 implements MigrationInterface {
  name = 'MessagingStoreAddress1796200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`ALTER TABLE ${s}."dir_store" ADD "address" varchar(300)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`ALTER TABLE ${s}."dir_store" DROP COLUMN "address"`);
  }
}
