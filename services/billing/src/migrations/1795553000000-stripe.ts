import { migrationSchema } from '@pawline/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The Stripe adapter's tables: each organization's customer and saved card, and the webhook events applied. */
export class Stripe1795553000000 implements MigrationInterface {
  name = 'Stripe1795553000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`CREATE TABLE ${s}."stripe_customer" (
      "orga_id" uuid NOT NULL,
      "customer_id" character varying(100) NOT NULL,
      "payment_method" character varying(100),
      CONSTRAINT "pk_stripe_customer" PRIMARY KEY ("orga_id"))`);
    await queryRunner.query(`CREATE TABLE ${s}."stripe_event" (
      "id" character varying(100) NOT NULL,
      "type" character varying(100) NOT NULL,
      "received_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "pk_stripe_event" PRIMARY KEY ("id"))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`DROP TABLE ${s}."stripe_event"`);
    await queryRunner.query(`DROP TABLE ${s}."stripe_customer"`);
  }
}
