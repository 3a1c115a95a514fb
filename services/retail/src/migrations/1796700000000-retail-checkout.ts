import { migrationSchema } from '@pawline/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 32, check-out and pay: a sale may check out an appointment (one sale per appointment), carry the
 * appointment's service as a line, tips per groomer and the certified till's document number; groomers'
 * commission rules; the sandbox till's numbering per store.
 */
export class RetailCheckout1796700000000 implements MigrationInterface {
  name = 'RetailCheckout1796700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    const ts = 'TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now()';
    await queryRunner.query(`ALTER TABLE ${s}."sale" ADD "appointment_id" uuid`);
    await queryRunner.query(`ALTER TABLE ${s}."sale" ADD "groomer_user_id" uuid`);
    await queryRunner.query(`ALTER TABLE ${s}."sale" ADD "tips_cents" integer NOT NULL DEFAULT 0`);
    await queryRunner.query(`ALTER TABLE ${s}."sale" ADD "fiscal_document" character varying(60)`);
    // the last defence against two check-outs of one appointment at once: the second insert waits, then fails
    await queryRunner.query(`CREATE UNIQUE INDEX "ux_sale_appointment" ON ${s}."sale" ("orga_id", "appointment_id")`);
    await queryRunner.query(`ALTER TABLE ${s}."sale_line" ADD "kind" character varying(10) NOT NULL DEFAULT 'product'`);
    await queryRunner.query(`ALTER TABLE ${s}."sale_line" ALTER COLUMN "product_id" DROP NOT NULL`);
    await queryRunner.query(`ALTER TABLE ${s}."sale_line" ADD "groomer_user_id" uuid`);
    await queryRunner.query(`ALTER TABLE ${s}."sale_line" ADD "minutes" integer NOT NULL DEFAULT 0`);
    await queryRunner.query(`ALTER TABLE ${s}."sale_line" ADD "unit_cost_cents" integer`);
    await queryRunner.query(`CREATE TABLE ${s}."sale_tip" (
      "id" uuid NOT NULL, "orga_id" uuid NOT NULL, "sale_id" uuid NOT NULL, "user_id" uuid NOT NULL,
      "cents" integer NOT NULL, "created_at" ${ts},
      CONSTRAINT "pk_sale_tip" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "ix_sale_tip_sale" ON ${s}."sale_tip" ("sale_id")`);
    await queryRunner.query(`CREATE INDEX "ix_sale_tip_orga" ON ${s}."sale_tip" ("orga_id")`);
    await queryRunner.query(`CREATE TABLE ${s}."commission_rule" (
      "orga_id" uuid NOT NULL, "user_id" uuid NOT NULL,
      "service_bp" integer NOT NULL, "product_bp" integer NOT NULL, "product_after_cost" boolean NOT NULL DEFAULT false,
      "updated_at" ${ts},
      CONSTRAINT "pk_commission_rule" PRIMARY KEY ("orga_id", "user_id"))`);
    await queryRunner.query(`CREATE TABLE ${s}."till_counter" (
      "store_id" uuid NOT NULL, "orga_id" uuid NOT NULL, "last_number" integer NOT NULL DEFAULT 0,
      CONSTRAINT "pk_till_counter" PRIMARY KEY ("store_id"))`);
    await queryRunner.query(`CREATE INDEX "ix_till_counter_orga" ON ${s}."till_counter" ("orga_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    for (const table of ['till_counter', 'commission_rule', 'sale_tip']) await queryRunner.query(`DROP TABLE ${s}."${table}"`);
    await queryRunner.query(`DROP INDEX ${s}."ux_sale_appointment"`);
    for (const column of ['kind', 'groomer_user_id', 'minutes', 'unit_cost_cents'])
      await queryRunner.query(`ALTER TABLE ${s}."sale_line" DROP COLUMN "${column}"`);
    for (const column of ['appointment_id', 'groomer_user_id', 'tips_cents', 'fiscal_document'])
      await queryRunner.query(`ALTER TABLE ${s}."sale" DROP COLUMN "${column}"`);
  }
}
