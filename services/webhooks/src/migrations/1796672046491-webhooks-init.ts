import { migrationSchema } from '@pawline/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** webhooks's first tables: the organization's notes. */
export class WebhooksInit1796672046491 implements MigrationInterface {
  name = 'WebhooksInit1796672046491';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`CREATE TABLE ${s}."note" (
      "id" uuid NOT NULL,
      "orga_id" uuid NOT NULL,
      "text" character varying(500) NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "pk_note" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "ix_note_orga_created" ON ${s}."note" ("orga_id", "created_at")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`DROP TABLE ${s}."note"`);
  }
}
