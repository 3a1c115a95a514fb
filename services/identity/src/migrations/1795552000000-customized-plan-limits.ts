import { migrationSchema } from '@pawline/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The Customized plan's limits billing publishes for an organization (docs/adr/0031), kept beside the tier. */
export class CustomizedPlanLimits1795552000000 implements MigrationInterface {
  name = 'CustomizedPlanLimits1795552000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`ALTER TABLE ${s}."organization" ADD "plan_limits" jsonb`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`ALTER TABLE ${s}."organization" DROP COLUMN "plan_limits"`);
  }
}
