import { migrationSchema } from '@pawline/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * docs/adr/0010: the pets' organization and store (a projection of crm's pet events, replayed from
 * the start of the EVENTS stream by its new durable), and who made each calendar feed, whose access
 * the feed keeps following. Feeds made before have no maker and stop: they are regenerated.
 */
export class ReferencedIds1764400000000 implements MigrationInterface {
  name = 'ReferencedIds1764400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`CREATE TABLE ${s}."pet_ref" (
      "pet_id" uuid NOT NULL,
      "orga_id" uuid NOT NULL,
      "store_id" uuid NOT NULL,
      CONSTRAINT "pk_pet_ref" PRIMARY KEY ("pet_id"))`);
    await queryRunner.query(`CREATE INDEX "ix_pet_ref_orga" ON ${s}."pet_ref" ("orga_id")`);
    await queryRunner.query(`ALTER TABLE ${s}."calendar_feed" ADD "created_by" uuid`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`ALTER TABLE ${s}."calendar_feed" DROP COLUMN "created_by"`);
    await queryRunner.query(`DROP TABLE ${s}."pet_ref"`);
  }
}
