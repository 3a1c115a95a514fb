import { migrationSchema } from '@pawline/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 27: a salon's WhatsApp Business Account (onboarding, the number's status, disconnect), its templates
 * registered with Meta and their review, errors Meta reports without a message, why a message was not sent,
 * versions of own templates, customers' languages, and the sandbox's business platform.
 */
export class MessagingWhatsappAccounts1796100000000 implements MigrationInterface {
  name = 'MessagingWhatsappAccounts1796100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`ALTER TABLE ${s}."messaging_sender"
      ADD COLUMN "waba_id" varchar(40),
      ADD COLUMN "status" varchar(20) NOT NULL DEFAULT 'connected',
      ADD COLUMN "connected_via" varchar(20) NOT NULL DEFAULT 'manual',
      ADD COLUMN "display_name" varchar(200),
      ADD COLUMN "quality_rating" varchar(20),
      ADD COLUMN "messaging_limit" varchar(40),
      ADD COLUMN "number_read_at" TIMESTAMP WITH TIME ZONE,
      ADD COLUMN "registration_pin_enc" text,
      ADD COLUMN "templates_due" boolean NOT NULL DEFAULT true,
      ADD COLUMN "templates_synced_at" TIMESTAMP WITH TIME ZONE,
      ADD COLUMN "disconnected_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`UPDATE ${s}."messaging_sender" SET "connected_via" = 'sandbox' WHERE "sandbox"`);
    await queryRunner.query(`DROP INDEX ${s}."ux_messaging_sender_phone_number_id"`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "ux_messaging_sender_phone_number_id" ON ${s}."messaging_sender" ("phone_number_id") WHERE "status" = 'connected'`,
    );
    await queryRunner.query(`CREATE TABLE ${s}."waba_template" (
      "id" uuid NOT NULL,
      "orga_id" uuid NOT NULL,
      "waba_id" varchar(40) NOT NULL,
      "template_key" varchar(60) NOT NULL,
      "name" varchar(512) NOT NULL,
      "language" varchar(10) NOT NULL,
      "category" varchar(20) NOT NULL,
      "version" integer NOT NULL,
      "body" text NOT NULL,
      "slots" jsonb NOT NULL,
      "button" smallint NOT NULL,
      "provider_template_id" varchar(40),
      "status" varchar(20) NOT NULL,
      "reason" varchar(60),
      "reason_detail" varchar(500),
      "status_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "pk_waba_template" PRIMARY KEY ("id"))`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "ux_waba_template_name" ON ${s}."waba_template" ("orga_id", "waba_id", "name", "language")`,
    );
    await queryRunner.query(`CREATE INDEX "ix_waba_template_key" ON ${s}."waba_template" ("orga_id", "template_key", "language")`);
    await queryRunner.query(`CREATE INDEX "ix_waba_template_provider" ON ${s}."waba_template" ("waba_id", "provider_template_id")`);
    await queryRunner.query(`CREATE TABLE ${s}."whatsapp_account_error" (
      "id" uuid NOT NULL,
      "orga_id" uuid NOT NULL,
      "phone_number_id" varchar(40) NOT NULL,
      "code" integer,
      "title" varchar(300) NOT NULL,
      "details" varchar(500),
      "at" TIMESTAMP WITH TIME ZONE NOT NULL,
      CONSTRAINT "pk_whatsapp_account_error" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "ix_whatsapp_account_error_orga" ON ${s}."whatsapp_account_error" ("orga_id", "at")`);
    await queryRunner.query(`ALTER TABLE ${s}."outbound_message" ADD COLUMN "reason_code" varchar(60), ADD COLUMN "waba_template_id" uuid`);
    await queryRunner.query(`ALTER TABLE ${s}."message_template" ADD COLUMN "version" integer NOT NULL DEFAULT 1`);
    await queryRunner.query(`ALTER TABLE ${s}."dir_customer" ADD COLUMN "language" varchar(2)`);
    await queryRunner.query(`ALTER TABLE ${s}."message_answer" ALTER COLUMN "fon" TYPE varchar(40)`);

    await queryRunner.query(`CREATE TABLE ${s}."sandbox_account" (
      "waba_id" varchar(40) NOT NULL,
      "business_name" varchar(200) NOT NULL,
      "demo" boolean NOT NULL DEFAULT false,
      "app_subscribed" boolean NOT NULL DEFAULT false,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "pk_sandbox_account" PRIMARY KEY ("waba_id"))`);
    await queryRunner.query(`CREATE TABLE ${s}."sandbox_phone_number" (
      "phone_number_id" varchar(40) NOT NULL,
      "waba_id" varchar(40) NOT NULL,
      "display_phone_number" varchar(30) NOT NULL,
      "verified_name" varchar(200) NOT NULL,
      "quality_rating" varchar(20) NOT NULL DEFAULT 'GREEN',
      "messaging_limit" varchar(40) NOT NULL DEFAULT 'TIER_250',
      "pin" varchar(6),
      CONSTRAINT "pk_sandbox_phone_number" PRIMARY KEY ("phone_number_id"))`);
    await queryRunner.query(`CREATE INDEX "ix_sandbox_phone_number_waba" ON ${s}."sandbox_phone_number" ("waba_id")`);
    await queryRunner.query(`CREATE TABLE ${s}."sandbox_token" (
      "token_hash" varchar(64) NOT NULL,
      "waba_ids" varchar(40) array NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "pk_sandbox_token" PRIMARY KEY ("token_hash"))`);
    await queryRunner.query(`CREATE TABLE ${s}."sandbox_signup_code" (
      "code_hash" varchar(64) NOT NULL,
      "waba_id" varchar(40) NOT NULL,
      "used_at" TIMESTAMP WITH TIME ZONE,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "pk_sandbox_signup_code" PRIMARY KEY ("code_hash"))`);
    await queryRunner.query(`CREATE TABLE ${s}."sandbox_template" (
      "id" varchar(40) NOT NULL,
      "waba_id" varchar(40) NOT NULL,
      "name" varchar(512) NOT NULL,
      "language" varchar(10) NOT NULL,
      "category" varchar(20) NOT NULL,
      "body" text NOT NULL,
      "parameter_count" smallint NOT NULL,
      "buttons" jsonb NOT NULL,
      "status" varchar(20) NOT NULL,
      "reason" varchar(60),
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "pk_sandbox_template" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "ux_sandbox_template_name" ON ${s}."sandbox_template" ("waba_id", "name", "language")`);
    await queryRunner.query(
      `CREATE INDEX "ix_sandbox_template_pending" ON ${s}."sandbox_template" ("created_at") WHERE "status" = 'PENDING'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    for (const table of ['sandbox_template', 'sandbox_signup_code', 'sandbox_token', 'sandbox_phone_number', 'sandbox_account']) {
      await queryRunner.query(`DROP TABLE ${s}."${table}"`);
    }
    await queryRunner.query(`ALTER TABLE ${s}."message_answer" ALTER COLUMN "fon" TYPE varchar(20)`);
    await queryRunner.query(`ALTER TABLE ${s}."dir_customer" DROP COLUMN "language"`);
    await queryRunner.query(`ALTER TABLE ${s}."message_template" DROP COLUMN "version"`);
    await queryRunner.query(`ALTER TABLE ${s}."outbound_message" DROP COLUMN "reason_code", DROP COLUMN "waba_template_id"`);
    await queryRunner.query(`DROP TABLE ${s}."whatsapp_account_error"`);
    await queryRunner.query(`DROP TABLE ${s}."waba_template"`);
    await queryRunner.query(`DROP INDEX ${s}."ux_messaging_sender_phone_number_id"`);
    await queryRunner.query(`DELETE FROM ${s}."messaging_sender" WHERE "status" <> 'connected'`);
    await queryRunner.query(`CREATE UNIQUE INDEX "ux_messaging_sender_phone_number_id" ON ${s}."messaging_sender" ("phone_number_id")`);
    await queryRunner.query(`ALTER TABLE ${s}."messaging_sender"
      DROP COLUMN "waba_id", DROP COLUMN "status", DROP COLUMN "connected_via", DROP COLUMN "display_name", DROP COLUMN "quality_rating",
      DROP COLUMN "messaging_limit", DROP COLUMN "number_read_at", DROP COLUMN "registration_pin_enc", DROP COLUMN "templates_due",
      DROP COLUMN "templates_synced_at", DROP COLUMN "disconnected_at"`);
  }
}
