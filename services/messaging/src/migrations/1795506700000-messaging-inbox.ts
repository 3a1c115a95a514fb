import { migrationSchema } from '@pawline/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The inbox: customers' answers, their attachments, and the stores' notifications. */
export class MessagingInbox1795506700000 implements MigrationInterface {
  name = 'MessagingInbox1795506700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`CREATE TABLE ${s}."message_answer" (
      "id" uuid NOT NULL,
      "orga_id" uuid NOT NULL,
      "store_id" uuid,
      "customer_id" uuid,
      "provider" character varying(40) NOT NULL,
      "provider_message_id" character varying(200) NOT NULL,
      "fon" character varying(20) NOT NULL,
      "profile_name" character varying(200),
      "first_name" character varying(100) NOT NULL DEFAULT '',
      "last_name" character varying(100) NOT NULL DEFAULT '',
      "kind" character varying(10) NOT NULL,
      "text" text NOT NULL DEFAULT '',
      "button" character varying(20),
      "outbound_id" uuid,
      "appointment_id" uuid,
      "attachments" integer NOT NULL DEFAULT -1,
      "answer_time" TIMESTAMP WITH TIME ZONE NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "pk_message_answer" PRIMARY KEY ("id"))`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "ux_message_answer_provider" ON ${s}."message_answer" ("orga_id", "provider", "provider_message_id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_message_answer_store_time" ON ${s}."message_answer" ("orga_id", "store_id", "answer_time", "id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_message_answer_customer_time" ON ${s}."message_answer" ("orga_id", "customer_id", "answer_time")`,
    );
    await queryRunner.query(`CREATE INDEX "ix_message_answer_fon_time" ON ${s}."message_answer" ("orga_id", "fon", "answer_time")`);
    await queryRunner.query(`CREATE TABLE ${s}."attachment" (
      "id" uuid NOT NULL,
      "orga_id" uuid NOT NULL,
      "sector" character varying(20) NOT NULL,
      "subject_id" uuid NOT NULL,
      "sequence" integer NOT NULL,
      "storage_key" character varying(300) NOT NULL,
      "mime" character varying(100) NOT NULL,
      "file_name" character varying(200) NOT NULL,
      "size" integer NOT NULL,
      "caption" character varying(1024),
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "pk_attachment" PRIMARY KEY ("id"))`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "ux_attachment_subject_sequence" ON ${s}."attachment" ("sector", "subject_id", "sequence")`,
    );
    await queryRunner.query(`CREATE INDEX "ix_attachment_orga" ON ${s}."attachment" ("orga_id")`);
    await queryRunner.query(`CREATE TABLE ${s}."notification" (
      "id" uuid NOT NULL,
      "orga_id" uuid NOT NULL,
      "store_id" uuid,
      "notification_type" character varying(40) NOT NULL,
      "belongs_to" character varying(40) NOT NULL,
      "seen" TIMESTAMP WITH TIME ZONE,
      "time" TIMESTAMP WITH TIME ZONE NOT NULL,
      "title" character varying(100) NOT NULL,
      "text" character varying(100) NOT NULL,
      "params" jsonb NOT NULL,
      "dedupe_key" character varying(200),
      CONSTRAINT "pk_notification" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "ix_notification_store_time" ON ${s}."notification" ("orga_id", "store_id", "time", "id")`);
    await queryRunner.query(`CREATE INDEX "ix_notification_key" ON ${s}."notification" ("orga_id", "belongs_to", "notification_type")`);
    await queryRunner.query(`CREATE UNIQUE INDEX "ux_notification_dedupe" ON ${s}."notification" ("dedupe_key")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`DROP TABLE ${s}."notification"`);
    await queryRunner.query(`DROP TABLE ${s}."attachment"`);
    await queryRunner.query(`DROP TABLE ${s}."message_answer"`);
  }
}
