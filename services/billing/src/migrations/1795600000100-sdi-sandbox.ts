import { migrationSchema } from '@pawline/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The sandbox intermediary's files (the default on one machine): one SdI that every billing instance shares. */
export class SdiSandbox1795600000100 implements MigrationInterface {
  name = 'SdiSandbox1795600000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`CREATE TABLE ${s}."sdi_sandbox_file" (
      "ref" uuid NOT NULL,
      "file_name" character varying(60) NOT NULL,
      "invoice_key" character varying(200),
      "accepted" boolean NOT NULL,
      "receipts" jsonb NOT NULL,
      "received_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      CONSTRAINT "pk_sdi_sandbox_file" PRIMARY KEY ("ref"))`);
    await queryRunner.query(`CREATE INDEX "ix_sdi_sandbox_file_name" ON ${s}."sdi_sandbox_file" ("file_name")`);
    await queryRunner.query(`CREATE INDEX "ix_sdi_sandbox_file_invoice" ON ${s}."sdi_sandbox_file" ("invoice_key")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`DROP TABLE ${s}."sdi_sandbox_file"`);
  }
}
