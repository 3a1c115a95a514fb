import { migrationSchema } from '@pawline/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Pending e-mail changes (R1.14), the address an e-mail token confirms, and team contact data (spec §3). */
export class AccountAndTeam1764000000002 implements MigrationInterface {
  name = 'AccountAndTeam1764000000002';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`ALTER TABLE ${s}."person_user" ADD "pending_email" character varying(254)`);
    await queryRunner.query(`ALTER TABLE ${s}."email_token" ADD "new_email" character varying(254)`);
    await queryRunner.query(`ALTER TABLE ${s}."orga_user" ADD "address" character varying(200)`);
    await queryRunner.query(`ALTER TABLE ${s}."orga_user" ADD "city" character varying(100)`);
    await queryRunner.query(`ALTER TABLE ${s}."orga_user" ADD "zip_code" character varying(20)`);
    await queryRunner.query(`ALTER TABLE ${s}."orga_user" ADD "country" character varying(2)`);
    await queryRunner.query(`ALTER TABLE ${s}."orga_user" ADD "fon_nr" character varying(40)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    for (const column of ['fon_nr', 'country', 'zip_code', 'city', 'address']) {
      await queryRunner.query(`ALTER TABLE ${s}."orga_user" DROP COLUMN "${column}"`);
    }
    await queryRunner.query(`ALTER TABLE ${s}."email_token" DROP COLUMN "new_email"`);
    await queryRunner.query(`ALTER TABLE ${s}."person_user" DROP COLUMN "pending_email"`);
  }
}
