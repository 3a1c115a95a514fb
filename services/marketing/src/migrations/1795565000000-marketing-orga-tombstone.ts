import { migrationSchema } from '@pawline/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * R1.17 a cancelled organization's tombstone: the purge records it with the delete, and the audience
 * consumers, the campaigns and the rebuild write nothing more of it (events of it that come late, from a
 * consumer behind the purge's, are acknowledged and dropped).
 */
export class MarketingOrgaTombstone1795565000000 implements MigrationInterface {
  name = 'MarketingOrgaTombstone1795565000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`CREATE TABLE ${s}."orga_tombstone" (
      "orga_id" uuid NOT NULL,
      "cancelled_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      CONSTRAINT "pk_orga_tombstone" PRIMARY KEY ("orga_id"))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`DROP TABLE ${s}."orga_tombstone"`);
  }
}
