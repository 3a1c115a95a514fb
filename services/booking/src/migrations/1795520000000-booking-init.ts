import { migrationSchema } from '@pawline/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Booking's schema: the projections (stores with their setup, staff, treatments, busy time), rules, service
 * times, requests with the exclusion constraint that holds their time (btree_gist for uuid equality in a gist
 * index), and the used proof-of-work challenges.
 */
export class BookingInit1795520000000 implements MigrationInterface {
  name = 'BookingInit1795520000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS btree_gist SCHEMA public`);
    await queryRunner.query(`CREATE TABLE ${s}."booking_store" (
      "store_id" uuid NOT NULL,
      "orga_id" uuid NOT NULL,
      "name" character varying(200) NOT NULL DEFAULT '',
      "time_zone" character varying(64) NOT NULL DEFAULT 'UTC',
      "deleted" boolean NOT NULL DEFAULT false,
      "version" TIMESTAMP WITH TIME ZONE NOT NULL,
      "public_id" character(16) NOT NULL,
      "enabled" boolean NOT NULL DEFAULT false,
      "allowed_origins" text array NOT NULL DEFAULT '{}',
      "min_notice_minutes" integer NOT NULL DEFAULT '120',
      "horizon_days" integer NOT NULL DEFAULT '60',
      "buffer_minutes" integer NOT NULL DEFAULT '0',
      "slot_step_minutes" integer NOT NULL DEFAULT '15',
      CONSTRAINT "pk_booking_store" PRIMARY KEY ("store_id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_booking_store_public_id" ON ${s}."booking_store" ("public_id")`);
    await queryRunner.query(`CREATE INDEX "ix_booking_store_orga" ON ${s}."booking_store" ("orga_id")`);
    await queryRunner.query(`CREATE TABLE ${s}."booking_staff" (
      "orga_id" uuid NOT NULL,
      "user_id" uuid NOT NULL,
      "first_name" character varying(100) NOT NULL,
      "active" boolean NOT NULL,
      CONSTRAINT "pk_booking_staff" PRIMARY KEY ("orga_id", "user_id"))`);
    await queryRunner.query(`CREATE TABLE ${s}."booking_treatment" (
      "treatment_id" uuid NOT NULL,
      "orga_id" uuid NOT NULL,
      "name" character varying(200) NOT NULL,
      "archive" boolean NOT NULL,
      "default_duration" integer NOT NULL,
      "color" character varying(40),
      "version" TIMESTAMP WITH TIME ZONE NOT NULL,
      CONSTRAINT "pk_booking_treatment" PRIMARY KEY ("treatment_id"))`);
    await queryRunner.query(`CREATE INDEX "ix_booking_treatment_orga" ON ${s}."booking_treatment" ("orga_id")`);
    await queryRunner.query(`CREATE TABLE ${s}."booking_busy" (
      "appointment_id" uuid NOT NULL,
      "orga_id" uuid NOT NULL,
      "store_id" uuid NOT NULL,
      "user_id" uuid,
      "during" tstzrange,
      "status" integer NOT NULL DEFAULT '0',
      "deleted" boolean NOT NULL DEFAULT false,
      "version" TIMESTAMP WITH TIME ZONE NOT NULL,
      CONSTRAINT "pk_booking_busy" PRIMARY KEY ("appointment_id"))`);
    await queryRunner.query(`CREATE INDEX "ix_booking_busy_store_during" ON ${s}."booking_busy" ("store_id", "user_id")`);
    await queryRunner.query(`CREATE TABLE ${s}."booking_rule" (
      "id" uuid NOT NULL,
      "orga_id" uuid NOT NULL,
      "store_id" uuid NOT NULL,
      "user_id" uuid,
      "kind" character varying(6) NOT NULL,
      "weekday" smallint,
      "start_date" date,
      "end_date" date,
      "date_start" bigint NOT NULL,
      "date_end" bigint NOT NULL,
      "start_hour" smallint NOT NULL,
      "start_min" smallint NOT NULL,
      "start_sec" smallint NOT NULL,
      "end_hour" smallint NOT NULL,
      "end_min" smallint NOT NULL,
      "end_sec" smallint NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "pk_booking_rule" PRIMARY KEY ("id"))`);
    await queryRunner.query(
      `CREATE INDEX "ix_booking_rule_store" ON ${s}."booking_rule" ("orga_id", "store_id", "date_start", "date_end")`,
    );
    await queryRunner.query(`CREATE TABLE ${s}."service_time" (
      "id" uuid NOT NULL,
      "orga_id" uuid NOT NULL,
      "treatment_id" uuid NOT NULL,
      "pet_type" smallint NOT NULL,
      "breed" character varying(100),
      "size" character varying(10),
      "hair" character varying(10),
      "minutes" integer NOT NULL,
      CONSTRAINT "pk_service_time" PRIMARY KEY ("id"))`);
    // R3.09 one entry per combination; a null breed, size or hair is one value here ("any")
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_service_time_cell" ON ${s}."service_time" ("orga_id", "treatment_id", "pet_type", "breed", "size", "hair") NULLS NOT DISTINCT`,
    );
    await queryRunner.query(`CREATE TABLE ${s}."booking_slot" (
      "id" uuid NOT NULL,
      "orga_id" uuid NOT NULL,
      "store_id" uuid NOT NULL,
      "created_time" bigint NOT NULL,
      "status" character varying(10) NOT NULL DEFAULT 'pending',
      "released" boolean NOT NULL DEFAULT false,
      "user_id" uuid NOT NULL,
      "during" tstzrange NOT NULL,
      "local_date" date NOT NULL,
      "hour" smallint NOT NULL,
      "min" smallint NOT NULL,
      "duration" integer NOT NULL,
      "treatment_ids" text NOT NULL,
      "pets" jsonb NOT NULL,
      "customer_id" uuid,
      "first_name" character varying(100) NOT NULL,
      "last_name" character varying(100) NOT NULL,
      "fon" character varying(40) NOT NULL,
      "email" character varying(254),
      "notes" character varying(500),
      "consent_messages" boolean NOT NULL,
      "consent_reminders" boolean NOT NULL,
      "consent_marketing" boolean NOT NULL,
      "language" character varying(2) NOT NULL,
      "accept_customer_id" uuid,
      "accept_pet_ids" jsonb,
      "appointment_id" uuid,
      CONSTRAINT "ex_booking_slot_held" EXCLUDE USING gist ("store_id" WITH =, "user_id" WITH =, "during" WITH &&)
        WHERE ((status = 'pending' OR (status = 'accepted' AND NOT released))),
      CONSTRAINT "pk_booking_slot" PRIMARY KEY ("id"))`);
    await queryRunner.query(
      `CREATE INDEX "ix_booking_slot_page" ON ${s}."booking_slot" ("orga_id", "store_id", "status", "created_time" DESC, "id" DESC)`,
    );
    await queryRunner.query(`CREATE TABLE ${s}."used_challenge" (
      "hash" character(64) NOT NULL,
      "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      CONSTRAINT "pk_used_challenge" PRIMARY KEY ("hash"))`);
    await queryRunner.query(`CREATE INDEX "ix_used_challenge_expires" ON ${s}."used_challenge" ("expires_at")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    for (const table of [
      'used_challenge',
      'booking_slot',
      'service_time',
      'booking_rule',
      'booking_busy',
      'booking_treatment',
      'booking_staff',
      'booking_store',
    ])
      await queryRunner.query(`DROP TABLE ${s}."${table}"`);
  }
}
