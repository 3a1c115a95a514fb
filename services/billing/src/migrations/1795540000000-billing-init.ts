import { migrationSchema } from '@pawline/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** billing's tables: subscriptions, billing data, invoices and their numbers, payments, stores and reminders counted. */
export class BillingInit1795540000000 implements MigrationInterface {
  name = 'BillingInit1795540000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`CREATE TABLE ${s}."subscription" (
      "orga_id" uuid NOT NULL,
      "plan_id" character varying(20) NOT NULL,
      "tier" integer NOT NULL,
      "custom_monthly_cents" integer,
      "orga_created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      "trial_ends_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      "subscribed_since" TIMESTAMP WITH TIME ZONE,
      "paid_through" TIMESTAMP WITH TIME ZONE,
      "next_plan_id" character varying(20),
      "pending_payment_id" uuid,
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "pk_subscription" PRIMARY KEY ("orga_id"))`);
    await queryRunner.query(`CREATE TABLE ${s}."billing_profile" (
      "orga_id" uuid NOT NULL,
      "kind" character varying(10) NOT NULL,
      "legal_name" character varying(200),
      "first_name" character varying(100),
      "last_name" character varying(100),
      "vat" character varying(20),
      "fiscal_code" character varying(20),
      "pec" character varying(200),
      "codice_destinatario" character varying(10),
      "address" character varying(200) NOT NULL,
      "city" character varying(100) NOT NULL,
      "zip_code" character varying(20) NOT NULL,
      "country" character varying(2) NOT NULL,
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "pk_billing_profile" PRIMARY KEY ("orga_id"))`);
    await queryRunner.query(`CREATE TABLE ${s}."invoice" (
      "id" uuid NOT NULL,
      "orga_id" uuid NOT NULL,
      "idempotency_key" character varying(120) NOT NULL,
      "number_year" integer NOT NULL,
      "number_seq" integer NOT NULL,
      "period" character varying(7) NOT NULL,
      "kind" character varying(12) NOT NULL,
      "plan_id" character varying(20) NOT NULL,
      "issued_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      "lines" jsonb NOT NULL,
      "customer" jsonb NOT NULL,
      "net_cents" integer NOT NULL,
      "vat_percent" integer NOT NULL,
      "vat_cents" integer NOT NULL,
      "gross_cents" integer NOT NULL,
      "status" character varying(10) NOT NULL,
      CONSTRAINT "pk_invoice" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "ux_invoice_key" ON ${s}."invoice" ("idempotency_key")`);
    await queryRunner.query(`CREATE INDEX "ix_invoice_orga" ON ${s}."invoice" ("orga_id", "issued_at")`);
    await queryRunner.query(`CREATE TABLE ${s}."invoice_number" (
      "year" integer NOT NULL,
      "last" integer NOT NULL,
      CONSTRAINT "pk_invoice_number" PRIMARY KEY ("year"))`);
    await queryRunner.query(`CREATE TABLE ${s}."payment" (
      "id" uuid NOT NULL,
      "orga_id" uuid NOT NULL,
      "invoice_id" uuid NOT NULL,
      "attempt" integer NOT NULL,
      "amount_cents" integer NOT NULL,
      "status" character varying(10) NOT NULL,
      "provider" character varying(20) NOT NULL,
      "provider_ref" character varying(100),
      "plan_id" character varying(20) NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "pk_payment" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "ux_payment_invoice_attempt" ON ${s}."payment" ("invoice_id", "attempt")`);
    await queryRunner.query(`CREATE INDEX "ix_payment_orga" ON ${s}."payment" ("orga_id")`);
    await queryRunner.query(`CREATE TABLE ${s}."store_fact" (
      "store_id" uuid NOT NULL,
      "orga_id" uuid NOT NULL,
      CONSTRAINT "pk_store_fact" PRIMARY KEY ("store_id"))`);
    await queryRunner.query(`CREATE INDEX "ix_store_fact_orga" ON ${s}."store_fact" ("orga_id")`);
    await queryRunner.query(`CREATE TABLE ${s}."reminder_usage" (
      "outbound_id" uuid NOT NULL,
      "orga_id" uuid NOT NULL,
      "period" character varying(7) NOT NULL,
      "sent_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      CONSTRAINT "pk_reminder_usage" PRIMARY KEY ("outbound_id"))`);
    await queryRunner.query(`CREATE INDEX "ix_reminder_usage_orga_period" ON ${s}."reminder_usage" ("orga_id", "period")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    for (const table of ['reminder_usage', 'store_fact', 'payment', 'invoice_number', 'invoice', 'billing_profile', 'subscription']) {
      await queryRunner.query(`DROP TABLE ${s}."${table}"`);
    }
  }
}
