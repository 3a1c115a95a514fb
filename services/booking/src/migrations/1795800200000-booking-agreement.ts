import { migrationSchema } from '@pawline/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 31: store agreements by version and the customers' acceptances. */
export class BookingAgreement1795800200000 implements MigrationInterface {
  name = 'BookingAgreement1795800200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(
      `CREATE TABLE ${s}."store_agreement" ("store_id" uuid NOT NULL, "version" integer NOT NULL, "orga_id" uuid NOT NULL,
        "texts" jsonb NOT NULL, "published_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "published_by" uuid,
        CONSTRAINT "pk_store_agreement" PRIMARY KEY ("store_id", "version"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_store_agreement_orga" ON ${s}."store_agreement" ("orga_id")`);
    await queryRunner.query(
      `CREATE TABLE ${s}."agreement_acceptance" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "orga_id" uuid NOT NULL,
        "store_id" uuid NOT NULL, "customer_id" uuid NOT NULL, "version" integer NOT NULL, "name" character varying(120) NOT NULL,
        "accepted_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "ip_address" character varying(64), "via" character varying(8) NOT NULL,
        CONSTRAINT "pk_agreement_acceptance" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_agreement_acceptance_customer" ON ${s}."agreement_acceptance" ("store_id", "customer_id")`);
    await queryRunner.query(`CREATE INDEX "ix_agreement_acceptance_orga" ON ${s}."agreement_acceptance" ("orga_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`DROP TABLE ${s}."agreement_acceptance"`);
    await queryRunner.query(`DROP TABLE ${s}."store_agreement"`);
  }
}
