import { migrationSchema } from '@pawline/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reminders, customers' answers, campaigns and staff working hours in analytics' read model (issue 15,
 * docs/adr/0034): a fact per reminder, answer, campaign and campaign message, counters per store and
 * quarter of an hour (`moment_cell`), and booking's rules as working hours.
 */
export class AnalyticsEngagement1795561000000 implements MigrationInterface {
  name = 'AnalyticsEngagement1795561000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`CREATE TABLE ${s}."reminder_fact" (
      "outbound_id" uuid NOT NULL,
      "orga_id" uuid NOT NULL,
      "store_id" uuid NOT NULL,
      "appointment_id" uuid NOT NULL,
      "status" integer NOT NULL,
      "sent_at" timestamptz,
      "read_at" timestamptz,
      CONSTRAINT "pk_reminder_fact" PRIMARY KEY ("outbound_id"))`);
    await queryRunner.query(`CREATE INDEX "ix_reminder_fact_orga" ON ${s}."reminder_fact" ("orga_id")`);
    await queryRunner.query(`CREATE TABLE ${s}."reminder_answer" (
      "appointment_id" uuid NOT NULL,
      "orga_id" uuid NOT NULL,
      "store_id" uuid NOT NULL,
      "version" character varying(40) NOT NULL,
      "status" integer NOT NULL,
      "answered_at" timestamptz NOT NULL,
      CONSTRAINT "pk_reminder_answer" PRIMARY KEY ("appointment_id"))`);
    await queryRunner.query(`CREATE INDEX "ix_reminder_answer_orga" ON ${s}."reminder_answer" ("orga_id")`);
    await queryRunner.query(`CREATE TABLE ${s}."campaign_fact" (
      "campaign_id" uuid NOT NULL,
      "orga_id" uuid NOT NULL,
      "store_id" uuid NOT NULL,
      "customers" integer NOT NULL,
      "sent_at" timestamptz NOT NULL,
      CONSTRAINT "pk_campaign_fact" PRIMARY KEY ("campaign_id"))`);
    await queryRunner.query(`CREATE INDEX "ix_campaign_fact_orga" ON ${s}."campaign_fact" ("orga_id")`);
    await queryRunner.query(`CREATE TABLE ${s}."campaign_message_fact" (
      "campaign_id" uuid NOT NULL,
      "customer_id" uuid NOT NULL,
      "orga_id" uuid NOT NULL,
      "store_id" uuid NOT NULL,
      "status" integer NOT NULL,
      "sent_at" timestamptz,
      "read_at" timestamptz,
      "answered_at" timestamptz,
      "confirmed" boolean,
      CONSTRAINT "pk_campaign_message_fact" PRIMARY KEY ("campaign_id", "customer_id"))`);
    await queryRunner.query(`CREATE INDEX "ix_campaign_message_fact_orga" ON ${s}."campaign_message_fact" ("orga_id")`);
    await queryRunner.query(`CREATE TABLE ${s}."moment_cell" (
      "store_id" uuid NOT NULL,
      "slot" timestamptz NOT NULL,
      "kind" character varying(30) NOT NULL,
      "orga_id" uuid NOT NULL,
      "count" integer NOT NULL DEFAULT 0,
      "amount" bigint NOT NULL DEFAULT 0,
      CONSTRAINT "pk_moment_cell" PRIMARY KEY ("store_id", "slot", "kind"))`);
    await queryRunner.query(`CREATE INDEX "ix_moment_cell_orga" ON ${s}."moment_cell" ("orga_id")`);
    await queryRunner.query(`CREATE TABLE ${s}."work_rule" (
      "rule_id" uuid NOT NULL,
      "orga_id" uuid NOT NULL,
      "store_id" uuid NOT NULL,
      "user_id" uuid,
      "kind" character varying(10) NOT NULL,
      "weekday" integer,
      "start_date" date,
      "end_date" date,
      "start_sec" integer NOT NULL,
      "end_sec" integer NOT NULL,
      "created_at" timestamptz NOT NULL,
      "deleted_at" timestamptz,
      CONSTRAINT "pk_work_rule" PRIMARY KEY ("rule_id"))`);
    await queryRunner.query(`CREATE INDEX "ix_work_rule_store" ON ${s}."work_rule" ("store_id")`);
    await queryRunner.query(`CREATE INDEX "ix_work_rule_orga" ON ${s}."work_rule" ("orga_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    for (const table of ['work_rule', 'moment_cell', 'campaign_message_fact', 'campaign_fact', 'reminder_answer', 'reminder_fact'])
      await queryRunner.query(`DROP TABLE ${s}."${table}"`);
  }
}
