import { migrationSchema } from '@pawline/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Campaigns and their customers (spec §3), and the audience's read model kept from crm's and scheduling's
 * events (customers, pets, appointments, visits per customer). The template's example notes go.
 */
export class MarketingCampaigns1795554000000 implements MigrationInterface {
  name = 'MarketingCampaigns1795554000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`DROP TABLE IF EXISTS ${s}."note"`);
    await queryRunner.query(`CREATE TABLE ${s}."campaign" (
      "id" uuid NOT NULL,
      "orga_id" uuid NOT NULL,
      "store_id" uuid NOT NULL,
      "name" character varying(200) NOT NULL,
      "summary" character varying(1000) NOT NULL DEFAULT '',
      "send_at" TIMESTAMP WITH TIME ZONE,
      "state" character varying(10) NOT NULL DEFAULT 'draft',
      "template_id" uuid,
      "filters" jsonb NOT NULL,
      "time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "queued_at" TIMESTAMP WITH TIME ZONE,
      "sent_at" TIMESTAMP WITH TIME ZONE,
      CONSTRAINT "pk_campaign" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "ix_campaign_orga_time" ON ${s}."campaign" ("orga_id", "time", "id")`);
    await queryRunner.query(`CREATE INDEX "ix_campaign_store_time" ON ${s}."campaign" ("orga_id", "store_id", "time", "id")`);
    await queryRunner.query(`CREATE INDEX "ix_campaign_queued" ON ${s}."campaign" ("send_at") WHERE "state" = 'queued'`);
    await queryRunner.query(`CREATE TABLE ${s}."campaign_customer" (
      "campaign_id" uuid NOT NULL,
      "customer_id" uuid NOT NULL,
      "orga_id" uuid NOT NULL,
      "first_name" character varying(200) NOT NULL DEFAULT '',
      "last_name" character varying(200) NOT NULL DEFAULT '',
      "outbound_id" uuid,
      "actual_message_status" smallint,
      "opener_messages_confirmed" boolean NOT NULL DEFAULT false,
      CONSTRAINT "pk_campaign_customer" PRIMARY KEY ("campaign_id", "customer_id"))`);
    await queryRunner.query(`CREATE INDEX "ix_campaign_customer_orga" ON ${s}."campaign_customer" ("orga_id")`);
    await queryRunner.query(`CREATE TABLE ${s}."audience_customer" (
      "id" uuid NOT NULL,
      "orga_id" uuid NOT NULL,
      "store_id" uuid NOT NULL,
      "first_name" character varying(200) NOT NULL DEFAULT '',
      "last_name" character varying(200) NOT NULL DEFAULT '',
      "city_key" character varying(200) NOT NULL DEFAULT '',
      "consent_marketing" boolean NOT NULL DEFAULT false,
      "tag_ids" uuid array NOT NULL DEFAULT '{}',
      "version" character varying(40) NOT NULL,
      CONSTRAINT "pk_audience_customer" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "ix_audience_customer_store" ON ${s}."audience_customer" ("orga_id", "store_id")`);
    await queryRunner.query(`CREATE TABLE ${s}."audience_pet" (
      "id" uuid NOT NULL,
      "orga_id" uuid NOT NULL,
      "customer_id" uuid NOT NULL,
      CONSTRAINT "pk_audience_pet" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE TABLE ${s}."audience_appointment" (
      "id" uuid NOT NULL,
      "orga_id" uuid NOT NULL,
      "starts_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      "status" smallint NOT NULL,
      "pet_ids" uuid array NOT NULL DEFAULT '{}',
      "version" character varying(40) NOT NULL,
      "deleted" boolean NOT NULL DEFAULT false,
      CONSTRAINT "pk_audience_appointment" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "ix_audience_appointment_pets" ON ${s}."audience_appointment" USING gin ("pet_ids")`);
    await queryRunner.query(`CREATE TABLE ${s}."audience_visit" (
      "appointment_id" uuid NOT NULL,
      "customer_id" uuid NOT NULL,
      "orga_id" uuid NOT NULL,
      "starts_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      "status" smallint NOT NULL,
      CONSTRAINT "pk_audience_visit" PRIMARY KEY ("appointment_id", "customer_id"))`);
    await queryRunner.query(`CREATE INDEX "ix_audience_visit_customer" ON ${s}."audience_visit" ("customer_id", "starts_at")`);
    // the audience count's one pass over an organization's visits, from the index alone
    await queryRunner.query(
      `CREATE INDEX "ix_audience_visit_orga" ON ${s}."audience_visit" ("orga_id", "customer_id", "starts_at", "status")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    for (const table of ['audience_visit', 'audience_appointment', 'audience_pet', 'audience_customer', 'campaign_customer', 'campaign'])
      await queryRunner.query(`DROP TABLE ${s}."${table}"`);
  }
}
