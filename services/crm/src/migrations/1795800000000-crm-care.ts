import { migrationSchema } from '@pawline/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 31: a pet's vaccinations and a store's vaccine requirement. */
export class CrmCare1795800000000 implements MigrationInterface {
  name = 'CrmCare1795800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`CREATE TABLE ${s}."pet_vaccination" (
      "id" uuid NOT NULL,
      "orga_id" uuid NOT NULL,
      "pet_id" uuid NOT NULL,
      "vaccine" character varying(80) NOT NULL,
      "given_on" date NOT NULL,
      "valid_until" date NOT NULL,
      "verified_by" uuid,
      "verified_at" TIMESTAMP WITH TIME ZONE,
      "created_by" uuid,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "pk_pet_vaccination" PRIMARY KEY ("id"),
      CONSTRAINT "fk_pet_vaccination_pet" FOREIGN KEY ("pet_id") REFERENCES ${s}."pet"("id") ON DELETE CASCADE)`);
    await queryRunner.query(`CREATE INDEX "ix_pet_vaccination_pet" ON ${s}."pet_vaccination" ("pet_id", "valid_until")`);
    await queryRunner.query(`CREATE INDEX "ix_pet_vaccination_orga" ON ${s}."pet_vaccination" ("orga_id")`);
    await queryRunner.query(`CREATE TABLE ${s}."store_care_settings" (
      "store_id" uuid NOT NULL,
      "orga_id" uuid NOT NULL,
      "requirements" jsonb NOT NULL,
      "expiring_days" integer NOT NULL DEFAULT 30,
      "booking_mode" character varying(10) NOT NULL DEFAULT 'warn',
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "pk_store_care_settings" PRIMARY KEY ("store_id"))`);
    await queryRunner.query(`CREATE INDEX "ix_store_care_settings_orga" ON ${s}."store_care_settings" ("orga_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`DROP TABLE ${s}."store_care_settings"`);
    await queryRunner.query(`DROP TABLE ${s}."pet_vaccination"`);
  }
}
