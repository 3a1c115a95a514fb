import { migrationSchema } from '@pawline/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 29: the short code of the verification mail counts its tries (five, then a new code). */
export class VerificationCode1796100000000 implements MigrationInterface {
  name = 'VerificationCode1796100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`ALTER TABLE ${s}."email_token" ADD "attempts" integer NOT NULL DEFAULT 0`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`ALTER TABLE ${s}."email_token" DROP COLUMN "attempts"`);
  }
}
