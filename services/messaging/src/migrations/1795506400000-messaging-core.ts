import { migrationSchema } from '@pawline/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Templates, reminder settings, the message quota and its entitlements, senders and WhatsApp profile requests. */
export class MessagingCore1795506400000 implements MigrationInterface {
  name = 'MessagingCore1795506400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`CREATE TABLE ${s}."message_template" (
      "id" uuid NOT NULL,
      "orga_id" uuid NOT NULL,
      "template_type" smallint NOT NULL,
      "name" character varying(100) NOT NULL,
      "title" character varying(100) NOT NULL,
      "template_text" character varying(1024) NOT NULL,
      "variables_str" character varying(400) NOT NULL,
      "button" smallint NOT NULL,
      "frequency" character varying(20),
      "status" character varying(20) NOT NULL,
      "language" character varying(2) NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "pk_message_template" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "ix_message_template_orga" ON ${s}."message_template" ("orga_id", "template_type")`);
    await queryRunner.query(`CREATE TABLE ${s}."reminder_settings" (
      "orga_id" uuid NOT NULL,
      "appointment_reminder_enabled" smallint NOT NULL,
      "message_template" uuid NOT NULL,
      "msg_slot" character varying(5) NOT NULL,
      "message_template_addition" character varying(500) NOT NULL,
      "pre_appointment_reminder_enabled" smallint NOT NULL,
      "pre_appointment_template" uuid NOT NULL,
      "pre_appointment_msg_slot" character varying(5) NOT NULL,
      "pre_appointment_days" smallint NOT NULL,
      "pre_appointment_template_additions" character varying(500) NOT NULL,
      "birthday_enabled" smallint NOT NULL,
      "birthday_template" uuid NOT NULL,
      "birthday_msg_slot" character varying(5) NOT NULL,
      "reminder_to_book_enabled" smallint NOT NULL,
      "reminder_to_book_template" uuid NOT NULL,
      "reminder_to_book_msg_slot" character varying(5) NOT NULL,
      "reminder_to_book_frequency" character varying(10) NOT NULL,
      "language" character varying(2) NOT NULL,
      "auto_msg" boolean NOT NULL,
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "pk_reminder_settings" PRIMARY KEY ("orga_id"))`);
    await queryRunner.query(`CREATE TABLE ${s}."message_quota" (
      "orga_id" uuid NOT NULL,
      "owner_user_id" uuid,
      "tier" smallint NOT NULL,
      "orga_created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      "time_zone" character varying(64) NOT NULL,
      "zone_store_id" uuid,
      "country" character varying(2),
      "period" character varying(7) NOT NULL,
      "msg_left" integer NOT NULL,
      "msg_entitled" integer NOT NULL,
      "source" character varying(20) NOT NULL,
      "over_plan_free_left" integer NOT NULL,
      "over_plan_billed" integer NOT NULL,
      "refreshed_on" date,
      "refreshed_at" TIMESTAMP WITH TIME ZONE,
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "pk_message_quota" PRIMARY KEY ("orga_id"))`);
    await queryRunner.query(`CREATE INDEX "ix_message_quota_refresh" ON ${s}."message_quota" ("refreshed_on")`);
    await queryRunner.query(`CREATE TABLE ${s}."message_entitlement" (
      "id" uuid NOT NULL,
      "orga_id" uuid NOT NULL,
      "source" character varying(20) NOT NULL,
      "monthly" integer NOT NULL,
      "valid_from" TIMESTAMP WITH TIME ZONE NOT NULL,
      "valid_until" TIMESTAMP WITH TIME ZONE,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "pk_message_entitlement" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "ix_message_entitlement_orga" ON ${s}."message_entitlement" ("orga_id", "valid_from")`);
    await queryRunner.query(`CREATE TABLE ${s}."messaging_sender" (
      "orga_id" uuid NOT NULL,
      "phone_number_id" character varying(40) NOT NULL,
      "display_phone" character varying(30),
      "access_token_enc" text NOT NULL,
      "cap_per_second" integer NOT NULL,
      "sandbox" boolean NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "pk_messaging_sender" PRIMARY KEY ("orga_id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "ux_messaging_sender_phone_number_id" ON ${s}."messaging_sender" ("phone_number_id")`);
    await queryRunner.query(`CREATE TABLE ${s}."whatsapp_profile_request" (
      "id" uuid NOT NULL,
      "orga_id" uuid NOT NULL,
      "name" character varying(75) NOT NULL,
      "about" character varying(139) NOT NULL,
      "image_file_id" uuid,
      "status" character varying(20) NOT NULL,
      "requested_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      "due_by" date NOT NULL,
      "live_at" TIMESTAMP WITH TIME ZONE,
      CONSTRAINT "pk_whatsapp_profile_request" PRIMARY KEY ("id"))`);
    await queryRunner.query(
      `CREATE INDEX "ix_whatsapp_profile_request_orga" ON ${s}."whatsapp_profile_request" ("orga_id", "requested_at")`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_whatsapp_profile_request_status" ON ${s}."whatsapp_profile_request" ("status", "requested_at")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    for (const table of [
      'whatsapp_profile_request',
      'messaging_sender',
      'message_entitlement',
      'message_quota',
      'reminder_settings',
      'message_template',
    ])
      await queryRunner.query(`DROP TABLE ${s}."${table}"`);
  }
}
