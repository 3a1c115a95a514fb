import { migrationSchema } from '@pawline/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** retail's first tables (issue 32): the catalogue, stock per store through movements, counter sales. */
export class RetailInit1796672048616 implements MigrationInterface {
  name = 'RetailInit1796672048616';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    const ts = 'TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now()';
    await queryRunner.query(`CREATE TABLE ${s}."product" (
      "id" uuid NOT NULL, "orga_id" uuid NOT NULL,
      "name" character varying(120) NOT NULL,
      "brand" character varying(80) NOT NULL DEFAULT '',
      "barcode" character varying(40),
      "category" character varying(60) NOT NULL DEFAULT '',
      "price_cents" integer NOT NULL, "vat_rate_bp" integer NOT NULL, "cost_cents" integer,
      "supplier_id" uuid, "archived" boolean NOT NULL DEFAULT false, "created_at" ${ts},
      CONSTRAINT "pk_product" PRIMARY KEY ("id"))`);
    // NULL barcodes are distinct in a unique index: products without one do not collide
    await queryRunner.query(`CREATE UNIQUE INDEX "ux_product_orga_barcode" ON ${s}."product" ("orga_id", "barcode")`);
    await queryRunner.query(`CREATE INDEX "ix_product_orga_name" ON ${s}."product" ("orga_id", "name")`);
    await queryRunner.query(`CREATE TABLE ${s}."supplier" (
      "id" uuid NOT NULL, "orga_id" uuid NOT NULL, "name" character varying(120) NOT NULL,
      "contact" character varying(200) NOT NULL DEFAULT '', "created_at" ${ts},
      CONSTRAINT "pk_supplier" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "ix_supplier_orga" ON ${s}."supplier" ("orga_id")`);
    await queryRunner.query(`CREATE TABLE ${s}."stock_level" (
      "store_id" uuid NOT NULL, "product_id" uuid NOT NULL, "orga_id" uuid NOT NULL,
      "on_hand" integer NOT NULL DEFAULT 0, "reorder_level" integer NOT NULL DEFAULT 0, "updated_at" ${ts},
      CONSTRAINT "pk_stock_level" PRIMARY KEY ("store_id", "product_id"))`);
    await queryRunner.query(`CREATE INDEX "ix_stock_level_orga" ON ${s}."stock_level" ("orga_id")`);
    await queryRunner.query(`CREATE TABLE ${s}."stock_movement" (
      "id" uuid NOT NULL, "orga_id" uuid NOT NULL, "store_id" uuid NOT NULL, "product_id" uuid NOT NULL,
      "kind" character varying(20) NOT NULL, "quantity" integer NOT NULL,
      "transfer_id" uuid, "sale_id" uuid, "supplier_id" uuid,
      "note" character varying(200) NOT NULL DEFAULT '', "actor_user_id" uuid, "created_at" ${ts},
      CONSTRAINT "pk_stock_movement" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "ix_stock_movement_product" ON ${s}."stock_movement" ("store_id", "product_id", "created_at")`);
    await queryRunner.query(`CREATE INDEX "ix_stock_movement_orga" ON ${s}."stock_movement" ("orga_id")`);
    await queryRunner.query(`CREATE TABLE ${s}."sale" (
      "id" uuid NOT NULL, "orga_id" uuid NOT NULL, "store_id" uuid NOT NULL,
      "payment_method" character varying(20) NOT NULL,
      "gross_cents" integer NOT NULL, "discount_cents" integer NOT NULL, "total_cents" integer NOT NULL,
      "vat_cents" integer NOT NULL, "refunded_cents" integer NOT NULL DEFAULT 0,
      "created_by" uuid, "created_at" ${ts},
      CONSTRAINT "pk_sale" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "ix_sale_store_created" ON ${s}."sale" ("orga_id", "store_id", "created_at")`);
    await queryRunner.query(`CREATE TABLE ${s}."sale_line" (
      "id" uuid NOT NULL, "sale_id" uuid NOT NULL, "orga_id" uuid NOT NULL, "position" integer NOT NULL,
      "product_id" uuid NOT NULL, "name" character varying(120) NOT NULL, "quantity" integer NOT NULL,
      "unit_price_cents" integer NOT NULL, "vat_rate_bp" integer NOT NULL,
      "discount_kind" character varying(10), "discount_value" integer, "discount_cents" integer NOT NULL,
      "total_cents" integer NOT NULL, "vat_cents" integer NOT NULL,
      "returned_quantity" integer NOT NULL DEFAULT 0, "refunded_cents" integer NOT NULL DEFAULT 0,
      CONSTRAINT "pk_sale_line" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "ix_sale_line_sale" ON ${s}."sale_line" ("sale_id", "position")`);
    await queryRunner.query(`CREATE INDEX "ix_sale_line_orga" ON ${s}."sale_line" ("orga_id")`);
    await queryRunner.query(`CREATE TABLE ${s}."sale_return" (
      "id" uuid NOT NULL, "orga_id" uuid NOT NULL, "sale_id" uuid NOT NULL, "line_id" uuid NOT NULL,
      "quantity" integer NOT NULL, "refund_cents" integer NOT NULL, "actor_user_id" uuid, "created_at" ${ts},
      CONSTRAINT "pk_sale_return" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "ix_sale_return_sale" ON ${s}."sale_return" ("sale_id")`);
    await queryRunner.query(`CREATE INDEX "ix_sale_return_orga" ON ${s}."sale_return" ("orga_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    for (const table of ['sale_return', 'sale_line', 'sale', 'stock_movement', 'stock_level', 'supplier', 'product'])
      await queryRunner.query(`DROP TABLE ${s}."${table}"`);
  }
}
