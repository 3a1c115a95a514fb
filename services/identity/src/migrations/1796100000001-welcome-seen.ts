import { migrationSchema } from '@pawline/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 29: the welcome card is closed once per person, kept on the server rather than per browser. */
export class WelcomeSeen1796100000001 implements MigrationInterface {
  name = 'WelcomeSeen1796100000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`ALTER TABLE ${s}."person_user" ADD "welcome_seen_at" TIMESTAMP WITH TIME ZONE`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`ALTER TABLE ${s}."person_user" DROP COLUMN "welcome_seen_at"`);
  }
}
