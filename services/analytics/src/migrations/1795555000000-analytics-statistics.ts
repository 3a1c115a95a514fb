import { migrationSchema } from '@pawline/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * analytics' read model (issue 15, docs/adr/0034): a copy of each appointment's facts, pets' owners,
 * daily counters per store and visits per customer by day and month, with each customer's first and last visit.
 */
export class AnalyticsStatistics1795555000000 implements MigrationInterface {
  name = 'AnalyticsStatistics1795555000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`CREATE TABLE ${s}."appointment_fact" (
      "id" uuid NOT NULL,
      "orga_id" uuid NOT NULL,
      "store_id" uuid NOT NULL,
      "version" character varying(40) NOT NULL,
      "facts" jsonb NOT NULL,
      CONSTRAINT "pk_appointment_fact" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "ix_appointment_fact_orga" ON ${s}."appointment_fact" ("orga_id")`);
    await queryRunner.query(`CREATE TABLE ${s}."fact_pet" (
      "pet_id" uuid NOT NULL,
      "appointment_id" uuid NOT NULL,
      "orga_id" uuid NOT NULL,
      CONSTRAINT "pk_fact_pet" PRIMARY KEY ("pet_id", "appointment_id"))`);
    await queryRunner.query(`CREATE INDEX "ix_fact_pet_orga" ON ${s}."fact_pet" ("orga_id")`);
    await queryRunner.query(`CREATE TABLE ${s}."pet_owner" (
      "pet_id" uuid NOT NULL,
      "orga_id" uuid NOT NULL,
      "customer_id" uuid NOT NULL,
      CONSTRAINT "pk_pet_owner" PRIMARY KEY ("pet_id"))`);
    await queryRunner.query(`CREATE INDEX "ix_pet_owner_orga" ON ${s}."pet_owner" ("orga_id")`);
    await queryRunner.query(`CREATE TABLE ${s}."stat_cell" (
      "store_id" uuid NOT NULL,
      "day" date NOT NULL,
      "kind" character varying(20) NOT NULL,
      "key" character varying(40) NOT NULL,
      "orga_id" uuid NOT NULL,
      "count" integer NOT NULL DEFAULT 0,
      "amount" bigint NOT NULL DEFAULT 0,
      CONSTRAINT "pk_stat_cell" PRIMARY KEY ("store_id", "day", "kind", "key"))`);
    await queryRunner.query(`CREATE INDEX "ix_stat_cell_orga_day" ON ${s}."stat_cell" ("orga_id", "day")`);
    await queryRunner.query(`CREATE TABLE ${s}."customer_visit_day" (
      "store_id" uuid NOT NULL,
      "day" date NOT NULL,
      "customer_id" uuid NOT NULL,
      "orga_id" uuid NOT NULL,
      "visits" integer NOT NULL,
      CONSTRAINT "pk_customer_visit_day" PRIMARY KEY ("store_id", "day", "customer_id"))`);
    await queryRunner.query(
      `CREATE INDEX "ix_customer_visit_day_customer" ON ${s}."customer_visit_day" ("store_id", "customer_id", "day")`,
    );
    await queryRunner.query(`CREATE INDEX "ix_customer_visit_day_orga" ON ${s}."customer_visit_day" ("orga_id", "day")`);
    await queryRunner.query(`CREATE TABLE ${s}."customer_visit_month" (
      "store_id" uuid NOT NULL,
      "month" date NOT NULL,
      "customer_id" uuid NOT NULL,
      "orga_id" uuid NOT NULL,
      "visits" integer NOT NULL,
      CONSTRAINT "pk_customer_visit_month" PRIMARY KEY ("store_id", "month", "customer_id"))`);
    await queryRunner.query(`CREATE INDEX "ix_customer_visit_month_orga" ON ${s}."customer_visit_month" ("orga_id", "month")`);
    await queryRunner.query(`CREATE TABLE ${s}."customer_span" (
      "store_id" uuid NOT NULL,
      "customer_id" uuid NOT NULL,
      "orga_id" uuid NOT NULL,
      "first_day" date NOT NULL,
      "last_day" date NOT NULL,
      CONSTRAINT "pk_customer_span" PRIMARY KEY ("store_id", "customer_id"))`);
    await queryRunner.query(`CREATE INDEX "ix_customer_span_first" ON ${s}."customer_span" ("store_id", "first_day")`);
    await queryRunner.query(`CREATE INDEX "ix_customer_span_last" ON ${s}."customer_span" ("store_id", "last_day")`);
    await queryRunner.query(`CREATE INDEX "ix_customer_span_orga" ON ${s}."customer_span" ("orga_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    for (const table of [
      'customer_span',
      'customer_visit_month',
      'customer_visit_day',
      'stat_cell',
      'pet_owner',
      'fact_pet',
      'appointment_fact',
    ])
      await queryRunner.query(`DROP TABLE ${s}."${table}"`);
  }
}
