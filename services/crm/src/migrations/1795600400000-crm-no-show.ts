import { migrationSchema } from '@pawline/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 26: a customer's no-shows, from scheduling's appointment events. */
export class CrmNoShow1795600400000 implements MigrationInterface {
  name = 'CrmNoShow1795600400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`CREATE TABLE ${s}."appointment_no_show" (
      "appointment_id" uuid NOT NULL,
      "orga_id" uuid NOT NULL,
      "pet_ids" uuid array NOT NULL DEFAULT '{}',
      "no_show" boolean NOT NULL,
      "version" character varying(40) NOT NULL,
      CONSTRAINT "pk_appointment_no_show" PRIMARY KEY ("appointment_id"))`);
    await queryRunner.query(`CREATE INDEX "ix_appointment_no_show_orga" ON ${s}."appointment_no_show" ("orga_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`DROP TABLE ${s}."appointment_no_show"`);
  }
}
