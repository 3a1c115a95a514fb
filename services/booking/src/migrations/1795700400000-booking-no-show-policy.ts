import { migrationSchema } from '@pawline/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 30: each store's no-show policy (ADR 0060). */
export class BookingNoShowPolicy1795700400000 implements MigrationInterface {
  name = 'BookingNoShowPolicy1795700400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`CREATE TABLE ${s}."booking_no_show_policy" (
      "store_id" uuid NOT NULL,
      "orga_id" uuid NOT NULL,
      "protection" character varying(10) NOT NULL,
      "deposit_kind" character varying(10) NOT NULL,
      "deposit_amount" integer NOT NULL,
      "deposit_percent" smallint NOT NULL,
      "cancellation_window_hours" smallint NOT NULL,
      "late_cancellation_fee" integer NOT NULL,
      "no_show_fee" integer NOT NULL,
      "card_required_for" character varying(20) NOT NULL,
      "close_after_no_shows" smallint,
      "closed_message" jsonb NOT NULL,
      "widget_text" jsonb NOT NULL,
      "confirmation_text" jsonb NOT NULL,
      "updated_by" uuid,
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      CONSTRAINT "pk_booking_no_show_policy" PRIMARY KEY ("store_id"))`);
    await queryRunner.query(`CREATE INDEX "ix_booking_no_show_policy_orga" ON ${s}."booking_no_show_policy" ("orga_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`DROP TABLE ${s}."booking_no_show_policy"`);
  }
}
