import { migrationSchema } from '@pawline/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The WhatsApp profile image (messaging_file) and the parts of uploads in flight. */
export class MessagingProfileFiles1795506400001 implements MigrationInterface {
  name = 'MessagingProfileFiles1795506400001';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`CREATE TABLE ${s}."messaging_file" (
      "id" uuid NOT NULL,
      "orga_id" uuid NOT NULL,
      "kind" character varying(30) NOT NULL,
      "file_name" character varying(200) NOT NULL,
      "mime" character varying(100) NOT NULL,
      "size" integer NOT NULL,
      "storage_key" character varying(200) NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "pk_messaging_file" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "ix_messaging_file_orga" ON ${s}."messaging_file" ("orga_id", "kind")`);
    await queryRunner.query(`CREATE TABLE ${s}."messaging_upload_part" (
      "upload_id" uuid NOT NULL,
      "part_offset" integer NOT NULL,
      "orga_id" uuid NOT NULL,
      "total_size" integer NOT NULL,
      "data" bytea NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "pk_messaging_upload_part" PRIMARY KEY ("upload_id", "part_offset"))`);
    await queryRunner.query(`CREATE INDEX "ix_messaging_upload_part_created" ON ${s}."messaging_upload_part" ("created_at")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`DROP TABLE ${s}."messaging_upload_part"`);
    await queryRunner.query(`DROP TABLE ${s}."messaging_file"`);
  }
}
