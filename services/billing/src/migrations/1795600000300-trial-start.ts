import { migrationSchema } from '@pawline/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Subscribing during the free trial (issue 28): the checkout saves a payment method without charging (a payment of
 * purpose 'setup'), and the chosen plan starts, and is first charged, when the trial ends (scheduled_plan_id).
 */
export class TrialStart1795600000300 implements MigrationInterface {
  name = 'TrialStart1795600000300';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`ALTER TABLE ${s}."payment" ADD "purpose" character varying(10) NOT NULL DEFAULT 'charge'`);
    await queryRunner.query(`ALTER TABLE ${s}."subscription" ADD "scheduled_plan_id" character varying(20)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`ALTER TABLE ${s}."subscription" DROP COLUMN "scheduled_plan_id"`);
    await queryRunner.query(`ALTER TABLE ${s}."payment" DROP COLUMN "purpose"`);
  }
}
