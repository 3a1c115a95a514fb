import { migrationSchema } from '@pawline/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 30: staff's deposit choice per customer over the no-show risk rule. */
export class CrmDepositOverride1795700600000 implements MigrationInterface {
  name = 'CrmDepositOverride1795700600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`CREATE TABLE ${s}."customer_deposit_override" (
      "customer_id" uuid NOT NULL,
      "orga_id" uuid NOT NULL,
      "mode" character varying(10) NOT NULL,
      "set_by" uuid,
      "set_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      CONSTRAINT "pk_customer_deposit_override" PRIMARY KEY ("customer_id"),
      CONSTRAINT "fk_customer_deposit_override_customer" FOREIGN KEY ("customer_id") REFERENCES ${s}."customer"("id") ON DELETE CASCADE)`);
    await queryRunner.query(`CREATE INDEX "ix_customer_deposit_override_orga" ON ${s}."customer_deposit_override" ("orga_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`DROP TABLE ${s}."customer_deposit_override"`);
  }
}
