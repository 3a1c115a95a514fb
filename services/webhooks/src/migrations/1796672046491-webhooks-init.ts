import { migrationSchema } from '@pawline/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** webhooks's first tables: the organizations' endpoints and their deliveries (issue 33). */
export class WebhooksInit1796672046491 implements MigrationInterface {
  name = 'WebhooksInit1796672046491';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`CREATE TABLE ${s}."webhook_endpoint" (
      "id" uuid NOT NULL,
      "orga_id" uuid NOT NULL,
      "url" character varying(2000) NOT NULL,
      "description" character varying(120) NOT NULL DEFAULT '',
      "events" text array NOT NULL,
      "secret_enc" text NOT NULL,
      "secret_prefix" character varying(16) NOT NULL,
      "enabled" boolean NOT NULL DEFAULT true,
      "disabled_reason" character varying(16),
      "failing_since" TIMESTAMP WITH TIME ZONE,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "pk_webhook_endpoint" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "ix_webhook_endpoint_orga" ON ${s}."webhook_endpoint" ("orga_id", "created_at")`);
    await queryRunner.query(`CREATE TABLE ${s}."webhook_delivery" (
      "id" uuid NOT NULL,
      "orga_id" uuid NOT NULL,
      "endpoint_id" uuid NOT NULL,
      "event_id" uuid NOT NULL,
      "event_type" character varying(64) NOT NULL,
      "body" text NOT NULL,
      "status" character varying(16) NOT NULL DEFAULT 'pending',
      "attempts" integer NOT NULL DEFAULT 0,
      "response_code" integer,
      "error" character varying(300),
      "window_start" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "next_attempt_at" TIMESTAMP WITH TIME ZONE DEFAULT now(),
      "locked_until" TIMESTAMP WITH TIME ZONE,
      "last_attempt_at" TIMESTAMP WITH TIME ZONE,
      "delivered_at" TIMESTAMP WITH TIME ZONE,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "pk_webhook_delivery" PRIMARY KEY ("id"),
      CONSTRAINT "fk_webhook_delivery_endpoint" FOREIGN KEY ("endpoint_id") REFERENCES ${s}."webhook_endpoint"("id") ON DELETE CASCADE)`);
    await queryRunner.query(`CREATE UNIQUE INDEX "ux_webhook_delivery_event" ON ${s}."webhook_delivery" ("endpoint_id", "event_id")`);
    await queryRunner.query(`CREATE INDEX "ix_webhook_delivery_log" ON ${s}."webhook_delivery" ("endpoint_id", "created_at", "id")`);
    await queryRunner.query(`CREATE INDEX "ix_webhook_delivery_due" ON ${s}."webhook_delivery" ("status", "next_attempt_at")`);
    await queryRunner.query(`CREATE INDEX "ix_webhook_delivery_orga" ON ${s}."webhook_delivery" ("orga_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`DROP TABLE ${s}."webhook_delivery"`);
    await queryRunner.query(`DROP TABLE ${s}."webhook_endpoint"`);
  }
}
