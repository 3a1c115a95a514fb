import { migrationSchema } from '@pawline/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * FatturaPA for every Italian customer (issue 28): the buyer's province and the invoices' language on the
 * billing data, and one row per e-invoice file sent to the SdI, named by a progressive from a sequence.
 */
export class EInvoice1795600000000 implements MigrationInterface {
  name = 'EInvoice1795600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`ALTER TABLE ${s}."billing_profile" ADD "province" character varying(2)`);
    await queryRunner.query(`ALTER TABLE ${s}."billing_profile" ADD "language" character varying(2)`);
    await queryRunner.query(`CREATE SEQUENCE ${s}."sdi_file_seq" START 1`);
    await queryRunner.query(`CREATE TABLE ${s}."sdi_transmission" (
      "invoice_id" uuid NOT NULL,
      "orga_id" uuid NOT NULL,
      "progressive" character varying(5) NOT NULL,
      "file_name" character varying(60) NOT NULL,
      "status" character varying(20) NOT NULL DEFAULT 'queued',
      "provider" character varying(20),
      "provider_ref" character varying(100),
      "receipts" jsonb NOT NULL DEFAULT '[]',
      "attempts" integer NOT NULL DEFAULT 0,
      "next_attempt_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "pk_sdi_transmission" PRIMARY KEY ("invoice_id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "ux_sdi_transmission_file" ON ${s}."sdi_transmission" ("file_name")`);
    await queryRunner.query(`CREATE INDEX "ix_sdi_transmission_due" ON ${s}."sdi_transmission" ("status", "next_attempt_at")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`DROP TABLE ${s}."sdi_transmission"`);
    await queryRunner.query(`DROP SEQUENCE ${s}."sdi_file_seq"`);
    await queryRunner.query(`ALTER TABLE ${s}."billing_profile" DROP COLUMN "language"`);
    await queryRunner.query(`ALTER TABLE ${s}."billing_profile" DROP COLUMN "province"`);
  }
}
