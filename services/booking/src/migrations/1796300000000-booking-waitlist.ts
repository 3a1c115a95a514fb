import { migrationSchema } from '@pawline/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 30: the waitlist, the times freed for it and the offers made of them (ADR 0063). */
export class BookingWaitlist1796300000000 implements MigrationInterface {
  name = 'BookingWaitlist1796300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`CREATE TABLE ${s}."booking_waitlist_entry" (
      "id" uuid NOT NULL,
      "orga_id" uuid NOT NULL,
      "store_id" uuid NOT NULL,
      "status" character varying(10) NOT NULL,
      "source" character varying(10) NOT NULL,
      "treatment_ids" jsonb NOT NULL,
      "pets" jsonb NOT NULL,
      "user_id" uuid,
      "weekdays" jsonb NOT NULL,
      "from_time" character varying(5),
      "to_time" character varying(5),
      "until" character varying(10) NOT NULL,
      "first_name" character varying(100) NOT NULL,
      "last_name" character varying(100) NOT NULL,
      "fon" character varying(40) NOT NULL,
      "email" character varying(254),
      "notes" character varying(500),
      "consent_messages" boolean NOT NULL,
      "language" character varying(2) NOT NULL,
      "duration" integer NOT NULL,
      "created_by" uuid,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      CONSTRAINT "pk_booking_waitlist_entry" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "ix_booking_waitlist_entry_store" ON ${s}."booking_waitlist_entry" ("store_id", "status")`);
    await queryRunner.query(`CREATE INDEX "ix_booking_waitlist_entry_orga" ON ${s}."booking_waitlist_entry" ("orga_id")`);
    await queryRunner.query(`CREATE TABLE ${s}."booking_waitlist_opening" (
      "id" uuid NOT NULL,
      "orga_id" uuid NOT NULL,
      "store_id" uuid NOT NULL,
      "user_id" uuid,
      "starts_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      "ends_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      "status" character varying(10) NOT NULL,
      "appointment_id" uuid NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      CONSTRAINT "pk_booking_waitlist_opening" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "ix_booking_waitlist_opening_store" ON ${s}."booking_waitlist_opening" ("store_id", "status")`);
    await queryRunner.query(`CREATE INDEX "ix_booking_waitlist_opening_orga" ON ${s}."booking_waitlist_opening" ("orga_id")`);
    await queryRunner.query(`CREATE TABLE ${s}."booking_waitlist_offer" (
      "id" uuid NOT NULL,
      "orga_id" uuid NOT NULL,
      "store_id" uuid NOT NULL,
      "opening_id" uuid NOT NULL,
      "entry_id" uuid NOT NULL,
      "status" character varying(10) NOT NULL,
      "starts_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      "duration" integer NOT NULL,
      "user_id" uuid,
      "offered_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      "closed_at" TIMESTAMP WITH TIME ZONE,
      "slot_id" uuid,
      "told_gone" boolean NOT NULL,
      CONSTRAINT "pk_booking_waitlist_offer" PRIMARY KEY ("id"))`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "ux_booking_waitlist_offer_once" ON ${s}."booking_waitlist_offer" ("opening_id", "entry_id")`,
    );
    // the net under the lock: one freed time is taken once
    await queryRunner.query(
      `CREATE UNIQUE INDEX "ux_booking_waitlist_offer_taken" ON ${s}."booking_waitlist_offer" ("opening_id") WHERE status = 'taken'`,
    );
    await queryRunner.query(`CREATE INDEX "ix_booking_waitlist_offer_status" ON ${s}."booking_waitlist_offer" ("status", "expires_at")`);
    await queryRunner.query(`CREATE INDEX "ix_booking_waitlist_offer_entry" ON ${s}."booking_waitlist_offer" ("entry_id")`);
    await queryRunner.query(`CREATE INDEX "ix_booking_waitlist_offer_orga" ON ${s}."booking_waitlist_offer" ("orga_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`DROP TABLE ${s}."booking_waitlist_offer"`);
    await queryRunner.query(`DROP TABLE ${s}."booking_waitlist_opening"`);
    await queryRunner.query(`DROP TABLE ${s}."booking_waitlist_entry"`);
  }
}
