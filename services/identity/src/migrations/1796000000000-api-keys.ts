import { migrationSchema } from '@pawline/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** API keys of organizations (issue 33, docs/adr/0059): the secret's SHA-256 only, never the secret. */
export class ApiKeys1796000000000 implements MigrationInterface {
  name = 'ApiKeys1796000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(
      `CREATE TABLE ${s}."api_key" (
        "id" uuid NOT NULL,
        "orga_id" uuid NOT NULL,
        "name" character varying(80) NOT NULL,
        "secret_sha256" character(64) NOT NULL,
        "prefix" character varying(16) NOT NULL,
        "scopes" text array NOT NULL,
        "store_ids" uuid array,
        "expires_at" TIMESTAMP WITH TIME ZONE,
        "created_by" uuid NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "last_used_at" TIMESTAMP WITH TIME ZONE,
        "revoked_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "pk_api_key" PRIMARY KEY ("id"),
        CONSTRAINT "fk_api_key_organization" FOREIGN KEY ("orga_id") REFERENCES ${s}."organization"("id") ON DELETE CASCADE ON UPDATE NO ACTION
      )`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_api_key_secret_sha256" ON ${s}."api_key" ("secret_sha256")`);
    await queryRunner.query(`CREATE INDEX "ix_api_key_orga_id" ON ${s}."api_key" ("orga_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`DROP TABLE ${s}."api_key"`);
  }
}
