import { migrationSchema } from '@pawline/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** scheduling's tables: treatments, appointments with their treatments and pets, calendar feeds. */
export class SchedulingInit1764200000000 implements MigrationInterface {
  name = 'SchedulingInit1764200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`CREATE TABLE ${s}."treatment" (
      "id" uuid NOT NULL,
      "orga_id" uuid NOT NULL,
      "name" character varying(100) NOT NULL,
      "archive" boolean NOT NULL DEFAULT false,
      "default_duration" integer NOT NULL DEFAULT 60,
      "default_price" integer NOT NULL DEFAULT 0,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "pk_treatment" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "ix_treatment_orga_name" ON ${s}."treatment" ("orga_id", "name")`);
    await queryRunner.query(`CREATE TABLE ${s}."appointment" (
      "id" uuid NOT NULL,
      "orga_id" uuid NOT NULL,
      "store_id" uuid NOT NULL,
      "user_id" uuid,
      "local_date" date NOT NULL,
      "hour" smallint NOT NULL,
      "min" smallint NOT NULL,
      "sec" smallint NOT NULL DEFAULT 0,
      "time_zone" character varying(64) NOT NULL,
      "starts_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      "ends_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      "duration" integer NOT NULL,
      "color" character varying(40),
      "timed" boolean NOT NULL DEFAULT true,
      "full_day" boolean NOT NULL DEFAULT false,
      "app_name" character varying(200),
      "notes" text,
      "status" smallint NOT NULL DEFAULT 0,
      "discount" integer NOT NULL DEFAULT 0,
      "price" integer NOT NULL DEFAULT 0,
      "final_price" integer,
      "total" integer,
      "checked_out" boolean NOT NULL DEFAULT false,
      "cashed_in" boolean NOT NULL DEFAULT false,
      "recurring_unit" character varying(5),
      "recurring_every" smallint,
      "recurring_count" integer,
      "recurring_end" date,
      "recurring_group_id" uuid,
      "recurring_group_main" boolean NOT NULL DEFAULT false,
      "reminder_status" smallint,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "pk_appointment" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "ix_appointment_store_date" ON ${s}."appointment" ("store_id", "local_date", "hour", "min")`);
    await queryRunner.query(`CREATE INDEX "ix_appointment_orga" ON ${s}."appointment" ("orga_id")`);
    await queryRunner.query(`CREATE INDEX "ix_appointment_group" ON ${s}."appointment" ("recurring_group_id", "local_date")`);
    await queryRunner.query(`CREATE INDEX "ix_appointment_user_start" ON ${s}."appointment" ("user_id", "starts_at")`);
    await queryRunner.query(`CREATE TABLE ${s}."appointment_treatment" (
      "appointment_id" uuid NOT NULL,
      "treatment_id" uuid NOT NULL,
      "name" character varying(100) NOT NULL,
      CONSTRAINT "pk_appointment_treatment" PRIMARY KEY ("appointment_id", "treatment_id"),
      CONSTRAINT "fk_appointment_treatment_appointment" FOREIGN KEY ("appointment_id") REFERENCES ${s}."appointment"("id") ON DELETE CASCADE)`);
    await queryRunner.query(`CREATE INDEX "ix_appointment_treatment_treatment" ON ${s}."appointment_treatment" ("treatment_id")`);
    await queryRunner.query(`CREATE TABLE ${s}."appointment_pet" (
      "appointment_id" uuid NOT NULL,
      "pet_id" uuid NOT NULL,
      "starts_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      CONSTRAINT "pk_appointment_pet" PRIMARY KEY ("appointment_id", "pet_id"),
      CONSTRAINT "fk_appointment_pet_appointment" FOREIGN KEY ("appointment_id") REFERENCES ${s}."appointment"("id") ON DELETE CASCADE)`);
    await queryRunner.query(
      `CREATE INDEX "ix_appointment_pet_pet_start" ON ${s}."appointment_pet" ("pet_id", "starts_at", "appointment_id")`,
    );
    await queryRunner.query(`CREATE TABLE ${s}."calendar_feed" (
      "id" uuid NOT NULL,
      "orga_id" uuid NOT NULL,
      "store_id" uuid NOT NULL,
      "user_id" uuid,
      "token_hash" character varying(64) NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "pk_calendar_feed" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "ux_calendar_feed_token" ON ${s}."calendar_feed" ("token_hash")`);
    await queryRunner.query(`CREATE INDEX "ix_calendar_feed_store_user" ON ${s}."calendar_feed" ("store_id", "user_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    for (const table of ['calendar_feed', 'appointment_pet', 'appointment_treatment', 'appointment', 'treatment']) {
      await queryRunner.query(`DROP TABLE ${s}."${table}"`);
    }
  }
}
