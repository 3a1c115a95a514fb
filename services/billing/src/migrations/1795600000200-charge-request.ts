import { migrationSchema } from '@pawline/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each charge's request fixed with its idempotency key (ADR 0046), and the upgrade differences too small for a
 * charge, carried to the organization's next invoice.
 */
export class ChargeRequest1795600000200 implements MigrationInterface {
  name = 'ChargeRequest1795600000200';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`CREATE TABLE ${s}."charge_request" (
      "idempotency_key" character varying(150) NOT NULL,
      "orga_id" uuid NOT NULL,
      "provider" character varying(20) NOT NULL,
      "params" jsonb NOT NULL,
      "invoice_lines" jsonb,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "pk_charge_request" PRIMARY KEY ("idempotency_key"))`);
    await queryRunner.query(`CREATE INDEX "ix_charge_request_orga" ON ${s}."charge_request" ("orga_id")`);
    await queryRunner.query(`ALTER TABLE ${s}."subscription" ADD "carried_lines" jsonb NOT NULL DEFAULT '[]'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`ALTER TABLE ${s}."subscription" DROP COLUMN "carried_lines"`);
    await queryRunner.query(`DROP TABLE ${s}."charge_request"`);
  }
}
