import { migrationSchema } from '@pawline/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The Customized plan's limits an operator agreed for an organization (docs/adr/0031), published in
 * evt.billing.subscription.changed.v1; and the last failed charge the plan page shows.
 */
export class CustomizedPlanLimits1795552000200 implements MigrationInterface {
  name = 'CustomizedPlanLimits1795552000200';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`ALTER TABLE ${s}."subscription" ADD "plan_limits" jsonb`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`ALTER TABLE ${s}."subscription" DROP COLUMN "plan_limits"`);
  }
}
