import { migrationSchema } from '@pawline/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The capacity rule in the calendar's writes (docs/adr/0044): booking's rules as staff hours, and an index for
 * the organization's appointments of some days (a groomer's or a shared pet's in every store).
 */
export class SchedulingCapacity1795600200000 implements MigrationInterface {
  name = 'SchedulingCapacity1795600200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`CREATE TABLE ${s}."staff_hours" (
      "rule_id" uuid NOT NULL,
      "orga_id" uuid NOT NULL,
      "store_id" uuid NOT NULL,
      "user_id" uuid,
      "kind" character varying(6) NOT NULL,
      "weekday" smallint,
      "start_date" date,
      "end_date" date,
      "start_s" integer NOT NULL,
      "end_s" integer NOT NULL,
      "deleted" boolean NOT NULL DEFAULT false,
      CONSTRAINT "pk_staff_hours" PRIMARY KEY ("rule_id"))`);
    await queryRunner.query(`CREATE INDEX "ix_staff_hours_store" ON ${s}."staff_hours" ("store_id")`);
    await queryRunner.query(`CREATE INDEX "ix_appointment_orga_date" ON ${s}."appointment" ("orga_id", "local_date")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`DROP INDEX ${s}."ix_appointment_orga_date"`);
    await queryRunner.query(`DROP TABLE ${s}."staff_hours"`);
  }
}
