import { migrationSchema } from '@pawline/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** messaging's first table: the outbound messages. */
export class MessagingInit1795506346656 implements MigrationInterface {
  name = 'MessagingInit1795506346656';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`CREATE TABLE ${s}."outbound_message" (
      "id" uuid NOT NULL,
      "orga_id" uuid NOT NULL,
      "store_id" uuid,
      "kind" character varying(20) NOT NULL,
      "template_type" smallint,
      "appointment_id" uuid,
      "customer_id" uuid,
      "pet_id" uuid,
      "dedupe_key" character varying(200) NOT NULL,
      "to_phone" character varying(20) NOT NULL,
      "channel" character varying(10) NOT NULL DEFAULT 'whatsapp',
      "provider" character varying(40),
      "provider_message_id" character varying(200),
      "content" jsonb NOT NULL,
      "status" smallint NOT NULL,
      "attempts" integer NOT NULL DEFAULT 0,
      "last_error" character varying(500),
      "status_at" TIMESTAMP WITH TIME ZONE,
      "sent_at" TIMESTAMP WITH TIME ZONE,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "pk_outbound_message" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "ux_outbound_dedupe" ON ${s}."outbound_message" ("dedupe_key")`);
    await queryRunner.query(`CREATE INDEX "ix_outbound_provider_id" ON ${s}."outbound_message" ("provider_message_id")`);
    await queryRunner.query(`CREATE INDEX "ix_outbound_orga_customer" ON ${s}."outbound_message" ("orga_id", "customer_id", "created_at")`);
    await queryRunner.query(`CREATE INDEX "ix_outbound_appointment" ON ${s}."outbound_message" ("appointment_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`DROP TABLE ${s}."outbound_message"`);
  }
}
