import { migrationSchema } from '@pawline/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** billing's plan of each organization, so the public widget refuses a store whose plan lost online booking (ADR 0031). */
export class BookingOrgaPlan1795552000100 implements MigrationInterface {
  name = 'BookingOrgaPlan1795552000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`CREATE TABLE ${s}."booking_orga_plan" (
      "orga_id" uuid NOT NULL,
      "tier" integer NOT NULL,
      "plan_limits" jsonb,
      "version" TIMESTAMP WITH TIME ZONE NOT NULL,
      CONSTRAINT "pk_booking_orga_plan" PRIMARY KEY ("orga_id"))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`DROP TABLE ${s}."booking_orga_plan"`);
  }
}
