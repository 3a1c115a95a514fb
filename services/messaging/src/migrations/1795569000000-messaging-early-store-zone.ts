import { migrationSchema } from '@pawline/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A store's zone that came before its organization, kept until the organization's quota row is made. */
export class MessagingEarlyStoreZone1795569000000 implements MigrationInterface {
  name = 'MessagingEarlyStoreZone1795569000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(
      `CREATE TABLE ${s}."early_store_zone" ("store_id" uuid NOT NULL, "orga_id" uuid NOT NULL, "time_zone" varchar(64) NOT NULL,
         "received_at" timestamptz NOT NULL DEFAULT now(), CONSTRAINT "pk_early_store_zone" PRIMARY KEY ("store_id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_early_store_zone_orga" ON ${s}."early_store_zone" ("orga_id", "received_at")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`DROP TABLE ${s}."early_store_zone"`);
  }
}
