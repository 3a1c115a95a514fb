import { migrationSchema } from '@pawline/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The messaging sandbox (its messages and the customers' photos) and the webhook's receipts of what it already published. */
export class MessagingSandbox1795506800000 implements MigrationInterface {
  name = 'MessagingSandbox1795506800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`CREATE TABLE ${s}."sandbox_message" (
      "id" uuid NOT NULL,
      "orga_id" uuid NOT NULL,
      "phone_number_id" character varying(100) NOT NULL,
      "customer" character varying(20) NOT NULL,
      "direction" character varying(3) NOT NULL,
      "channel" character varying(10) NOT NULL,
      "kind" character varying(10) NOT NULL,
      "content" jsonb NOT NULL,
      "provider_message_id" character varying(200) NOT NULL,
      "status" character varying(12) NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "status_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "pk_sandbox_message" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "ux_sandbox_message_provider_id" ON ${s}."sandbox_message" ("provider_message_id")`);
    await queryRunner.query(
      `CREATE INDEX "ix_sandbox_message_conversation" ON ${s}."sandbox_message" ("phone_number_id", "customer", "created_at")`,
    );
    await queryRunner.query(`CREATE INDEX "ix_sandbox_message_status" ON ${s}."sandbox_message" ("status", "status_at")`);
    await queryRunner.query(`CREATE TABLE ${s}."sandbox_media" (
      "id" character varying(40) NOT NULL,
      "orga_id" uuid NOT NULL,
      "phone_number_id" character varying(100) NOT NULL,
      "mime_type" character varying(100) NOT NULL,
      "bytes" bytea NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "pk_sandbox_media" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE TABLE ${s}."provider_receipt" (
      "key" character varying(300) NOT NULL,
      "received_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "pk_provider_receipt" PRIMARY KEY ("key"))`);
    await queryRunner.query(`CREATE INDEX "ix_provider_receipt_received" ON ${s}."provider_receipt" ("received_at")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`DROP TABLE ${s}."provider_receipt"`);
    await queryRunner.query(`DROP TABLE ${s}."sandbox_media"`);
    await queryRunner.query(`DROP TABLE ${s}."sandbox_message"`);
  }
}
