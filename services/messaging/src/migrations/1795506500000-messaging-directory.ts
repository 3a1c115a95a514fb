import { migrationSchema } from '@pawline/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The directory (what messaging keeps of stores, customers, pets and appointments) and the reminder scheduler's runs. */
export class MessagingDirectory1795506500000 implements MigrationInterface {
  name = 'MessagingDirectory1795506500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`CREATE TABLE ${s}."dir_store" (
      "store_id" uuid NOT NULL,
      "orga_id" uuid NOT NULL,
      "name" character varying(200) NOT NULL,
      "time_zone" character varying(64) NOT NULL,
      "phone" character varying(40),
      "country" character varying(2),
      "deleted" boolean NOT NULL DEFAULT false,
      "version" TIMESTAMP WITH TIME ZONE NOT NULL,
      CONSTRAINT "pk_dir_store" PRIMARY KEY ("store_id"))`);
    await queryRunner.query(`CREATE INDEX "ix_dir_store_orga" ON ${s}."dir_store" ("orga_id")`);
    await queryRunner.query(`CREATE TABLE ${s}."dir_customer" (
      "customer_id" uuid NOT NULL,
      "orga_id" uuid NOT NULL,
      "store_id" uuid NOT NULL,
      "first_name" character varying(100) NOT NULL DEFAULT '',
      "last_name" character varying(100) NOT NULL DEFAULT '',
      "country" character varying(2),
      "fon" character varying(40),
      "fon_2" character varying(40),
      "phone" character varying(20),
      "consent_messages" boolean NOT NULL DEFAULT false,
      "consent_reminders" boolean NOT NULL DEFAULT false,
      "consent_marketing" boolean NOT NULL DEFAULT false,
      "deleted" boolean NOT NULL DEFAULT false,
      "version" TIMESTAMP WITH TIME ZONE NOT NULL,
      CONSTRAINT "pk_dir_customer" PRIMARY KEY ("customer_id"))`);
    await queryRunner.query(`CREATE INDEX "ix_dir_customer_orga_phone" ON ${s}."dir_customer" ("orga_id", "phone")`);
    await queryRunner.query(`CREATE INDEX "ix_dir_customer_store" ON ${s}."dir_customer" ("store_id")`);
    await queryRunner.query(`CREATE TABLE ${s}."dir_pet" (
      "pet_id" uuid NOT NULL,
      "orga_id" uuid NOT NULL,
      "store_id" uuid NOT NULL,
      "customer_id" uuid NOT NULL,
      "name" character varying(100) NOT NULL DEFAULT '',
      "born" date,
      "born_month_day" smallint,
      "deleted" boolean NOT NULL DEFAULT false,
      "version" TIMESTAMP WITH TIME ZONE NOT NULL,
      CONSTRAINT "pk_dir_pet" PRIMARY KEY ("pet_id"))`);
    await queryRunner.query(`CREATE INDEX "ix_dir_pet_customer" ON ${s}."dir_pet" ("customer_id")`);
    await queryRunner.query(`CREATE INDEX "ix_dir_pet_store_birthday" ON ${s}."dir_pet" ("store_id", "born_month_day")`);
    await queryRunner.query(`CREATE TABLE ${s}."dir_appointment" (
      "appointment_id" uuid NOT NULL,
      "orga_id" uuid NOT NULL,
      "store_id" uuid NOT NULL,
      "local_date" date,
      "hour" smallint NOT NULL DEFAULT 0,
      "min" smallint NOT NULL DEFAULT 0,
      "starts_at" TIMESTAMP WITH TIME ZONE,
      "full_day" boolean NOT NULL DEFAULT false,
      "status" smallint NOT NULL DEFAULT 0,
      "recurring_group_id" uuid,
      "deleted" boolean NOT NULL DEFAULT false,
      "version" TIMESTAMP WITH TIME ZONE NOT NULL,
      CONSTRAINT "pk_dir_appointment" PRIMARY KEY ("appointment_id"))`);
    await queryRunner.query(`CREATE INDEX "ix_dir_appointment_store_date" ON ${s}."dir_appointment" ("store_id", "local_date")`);
    await queryRunner.query(`CREATE TABLE ${s}."dir_appointment_pet" (
      "appointment_id" uuid NOT NULL,
      "pet_id" uuid NOT NULL,
      CONSTRAINT "pk_dir_appointment_pet" PRIMARY KEY ("appointment_id", "pet_id"))`);
    await queryRunner.query(`CREATE INDEX "ix_dir_appointment_pet_pet" ON ${s}."dir_appointment_pet" ("pet_id")`);
    await queryRunner.query(`CREATE TABLE ${s}."reminder_run" (
      "store_id" uuid NOT NULL,
      "template_type" smallint NOT NULL,
      "local_date" date NOT NULL,
      "orga_id" uuid NOT NULL,
      "due_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      "finished_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      "queued" integer NOT NULL DEFAULT 0,
      "over_quota" integer NOT NULL DEFAULT 0,
      CONSTRAINT "pk_reminder_run" PRIMARY KEY ("store_id", "template_type", "local_date"))`);
    await queryRunner.query(`ALTER TABLE ${s}."outbound_message" ADD "enqueued_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`CREATE INDEX "ix_outbound_unqueued" ON ${s}."outbound_message" ("created_at") WHERE "enqueued_at" IS NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`DROP INDEX ${s}."ix_outbound_unqueued"`);
    await queryRunner.query(`ALTER TABLE ${s}."outbound_message" DROP COLUMN "enqueued_at"`);
    for (const table of ['reminder_run', 'dir_appointment_pet', 'dir_appointment', 'dir_pet', 'dir_customer', 'dir_store']) {
      await queryRunner.query(`DROP TABLE ${s}."${table}"`);
    }
  }
}
