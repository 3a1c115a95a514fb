import { migrationSchema } from '@pawline/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 26, ADR 0043: each change of appointments keeps the rows before and after it for a while, so it can be
 * undone through the server (a deleted appointment comes back from it); a check-out keeps a percentage discount
 * as it was given.
 */
export class SchedulingUndo1795600300000 implements MigrationInterface {
  name = 'SchedulingUndo1795600300000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`CREATE TABLE ${s}."appointment_change" (
      "id" uuid NOT NULL,
      "orga_id" uuid NOT NULL,
      "store_id" uuid NOT NULL,
      "kind" character varying(10) NOT NULL,
      "target_id" uuid NOT NULL,
      "before" jsonb NOT NULL,
      "after" jsonb NOT NULL,
      "made_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "undone_at" TIMESTAMP WITH TIME ZONE,
      CONSTRAINT "pk_appointment_change" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "ix_appointment_change_made" ON ${s}."appointment_change" ("made_at")`);
    await queryRunner.query(`ALTER TABLE ${s}."appointment" ADD "discount_percent" numeric(5,2)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`ALTER TABLE ${s}."appointment" DROP COLUMN "discount_percent"`);
    await queryRunner.query(`DROP TABLE ${s}."appointment_change"`);
  }
}
