import { migrationSchema } from '@pawline/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 30: when an appointment was declined, so a late cancellation can be told from one in time. */
export class SchedulingDeclinedAt1795700300000 implements MigrationInterface {
  name = 'SchedulingDeclinedAt1795700300000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`ALTER TABLE ${s}."appointment" ADD "declined_at" TIMESTAMP WITH TIME ZONE`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`ALTER TABLE ${s}."appointment" DROP COLUMN "declined_at"`);
  }
}
