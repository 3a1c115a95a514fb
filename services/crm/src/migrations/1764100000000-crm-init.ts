import { migrationSchema } from '@pawline/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** crm's tables: customers, pets, tags, external services, settings, files and upload parts. */
export class CrmInit1764100000000 implements MigrationInterface {
  name = 'CrmInit1764100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    // trigram search (R-search): available on Postgres 9.1+ as a contrib extension; lives in public
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public`);
    await queryRunner.query(`CREATE TABLE ${s}."customer" (
      "id" uuid NOT NULL,
      "orga_id" uuid NOT NULL,
      "store_id" uuid NOT NULL,
      "first_name" character varying(100) NOT NULL,
      "last_name" character varying(100) NOT NULL DEFAULT '',
      "address" character varying(200),
      "city" character varying(100),
      "zip_code" character varying(20),
      "country" character varying(2),
      "fon" character varying(40),
      "fon_2" character varying(40),
      "email" character varying(254),
      "notes" text,
      "veterinary" text,
      "consent_messages" boolean NOT NULL DEFAULT false,
      "consent_reminders" boolean NOT NULL DEFAULT false,
      "consent_marketing" boolean NOT NULL DEFAULT false,
      "sort_name" character varying(201) NOT NULL,
      "search_text" text NOT NULL DEFAULT '',
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "pk_customer" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "ix_customer_orga_store_sort" ON ${s}."customer" ("orga_id", "store_id", "sort_name", "id")`);
    await queryRunner.query(`CREATE INDEX "ix_customer_orga_sort" ON ${s}."customer" ("orga_id", "sort_name", "id")`);
    // fastupdate off: a pending list of new entries makes the planner skip the index after bulk inserts
    await queryRunner.query(
      `CREATE INDEX "ix_customer_search_trgm" ON ${s}."customer" USING gin ("search_text" public.gin_trgm_ops) WITH (fastupdate = off)`,
    );

    await queryRunner.query(`CREATE TABLE ${s}."pet" (
      "id" uuid NOT NULL,
      "orga_id" uuid NOT NULL,
      "store_id" uuid NOT NULL,
      "customer_id" uuid NOT NULL,
      "name" character varying(100) NOT NULL,
      "pet_type" smallint NOT NULL DEFAULT 0,
      "breed" character varying(100),
      "hair" character varying(10),
      "size" character varying(10),
      "sex" character varying(10),
      "born" date,
      "weight" double precision,
      "allergies" text,
      "sterilized" boolean,
      "vaccinated" boolean,
      "colour" character varying(10),
      "microchip" character varying(64),
      "attitude" text,
      "notes" text,
      "medical" text,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "pk_pet" PRIMARY KEY ("id"),
      CONSTRAINT "fk_pet_customer" FOREIGN KEY ("customer_id") REFERENCES ${s}."customer"("id") ON DELETE CASCADE)`);
    await queryRunner.query(`CREATE INDEX "ix_pet_customer" ON ${s}."pet" ("customer_id")`);
    await queryRunner.query(`CREATE INDEX "ix_pet_orga_store_name" ON ${s}."pet" ("orga_id", "store_id", "name", "id")`);
    await queryRunner.query(`CREATE INDEX "ix_pet_orga_name" ON ${s}."pet" ("orga_id", "name", "id")`);
    await queryRunner.query(
      `CREATE INDEX "ix_pet_name_trgm" ON ${s}."pet" USING gin (lower("name") public.gin_trgm_ops) WITH (fastupdate = off)`,
    );

    await queryRunner.query(`CREATE TABLE ${s}."tag" (
      "id" uuid NOT NULL,
      "orga_id" uuid NOT NULL,
      "kind" character varying(10) NOT NULL,
      "name" character varying(60) NOT NULL,
      "icon" smallint NOT NULL DEFAULT 0,
      "emoji" character varying(16),
      "tag_order" integer NOT NULL DEFAULT 0,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "pk_tag" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "ix_tag_orga_kind" ON ${s}."tag" ("orga_id", "kind")`);

    await queryRunner.query(`CREATE TABLE ${s}."customer_tag" (
      "customer_id" uuid NOT NULL,
      "tag_id" uuid NOT NULL,
      "tag_order" integer NOT NULL DEFAULT 0,
      CONSTRAINT "pk_customer_tag" PRIMARY KEY ("customer_id", "tag_id"),
      CONSTRAINT "fk_customer_tag_customer" FOREIGN KEY ("customer_id") REFERENCES ${s}."customer"("id") ON DELETE CASCADE,
      CONSTRAINT "fk_customer_tag_tag" FOREIGN KEY ("tag_id") REFERENCES ${s}."tag"("id") ON DELETE CASCADE)`);
    await queryRunner.query(`CREATE INDEX "ix_customer_tag_tag" ON ${s}."customer_tag" ("tag_id")`);

    await queryRunner.query(`CREATE TABLE ${s}."pet_tag" (
      "pet_id" uuid NOT NULL,
      "tag_id" uuid NOT NULL,
      "tag_order" integer NOT NULL DEFAULT 0,
      CONSTRAINT "pk_pet_tag" PRIMARY KEY ("pet_id", "tag_id"),
      CONSTRAINT "fk_pet_tag_pet" FOREIGN KEY ("pet_id") REFERENCES ${s}."pet"("id") ON DELETE CASCADE,
      CONSTRAINT "fk_pet_tag_tag" FOREIGN KEY ("tag_id") REFERENCES ${s}."tag"("id") ON DELETE CASCADE)`);
    await queryRunner.query(`CREATE INDEX "ix_pet_tag_tag" ON ${s}."pet_tag" ("tag_id")`);

    await queryRunner.query(`CREATE TABLE ${s}."external_service" (
      "id" uuid NOT NULL,
      "orga_id" uuid NOT NULL,
      "service_id" character varying(64) NOT NULL,
      "name" character varying(100) NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "pk_external_service" PRIMARY KEY ("id"),
      CONSTRAINT "uq_external_service_orga_service" UNIQUE ("orga_id", "service_id"))`);

    await queryRunner.query(`CREATE TABLE ${s}."customer_external_id" (
      "customer_id" uuid NOT NULL,
      "external_service_id" uuid NOT NULL,
      "entity_id" character varying(200) NOT NULL,
      CONSTRAINT "pk_customer_external_id" PRIMARY KEY ("customer_id", "external_service_id"),
      CONSTRAINT "fk_customer_external_id_customer" FOREIGN KEY ("customer_id") REFERENCES ${s}."customer"("id") ON DELETE CASCADE,
      CONSTRAINT "fk_customer_external_id_service" FOREIGN KEY ("external_service_id") REFERENCES ${s}."external_service"("id") ON DELETE CASCADE)`);
    await queryRunner.query(`CREATE INDEX "ix_customer_external_id_service" ON ${s}."customer_external_id" ("external_service_id")`);

    await queryRunner.query(`CREATE TABLE ${s}."crm_settings" (
      "orga_id" uuid NOT NULL,
      "mandatory_customer_info" jsonb NOT NULL DEFAULT '[]',
      "pet_checkout" jsonb NOT NULL DEFAULT '{}',
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "pk_crm_settings" PRIMARY KEY ("orga_id"))`);

    await queryRunner.query(`CREATE TABLE ${s}."stored_file" (
      "id" uuid NOT NULL,
      "orga_id" uuid NOT NULL,
      "store_id" uuid NOT NULL,
      "kind" character varying(20) NOT NULL,
      "owner_id" uuid NOT NULL,
      "customer_id" uuid NOT NULL,
      "file_name" character varying(200) NOT NULL,
      "mime" character varying(100) NOT NULL,
      "size" integer NOT NULL,
      "storage_key" character varying(300) NOT NULL,
      "thumbnail_key" character varying(300),
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "pk_stored_file" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "ix_stored_file_owner" ON ${s}."stored_file" ("owner_id", "kind")`);
    await queryRunner.query(`CREATE INDEX "ix_stored_file_customer" ON ${s}."stored_file" ("customer_id")`);

    await queryRunner.query(`CREATE TABLE ${s}."upload_part" (
      "upload_id" uuid NOT NULL,
      "part_offset" integer NOT NULL,
      "orga_id" uuid NOT NULL,
      "owner_id" uuid NOT NULL,
      "kind" character varying(20) NOT NULL,
      "total_size" integer NOT NULL,
      "data" bytea NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "pk_upload_part" PRIMARY KEY ("upload_id", "part_offset"))`);
    await queryRunner.query(`CREATE INDEX "ix_upload_part_created" ON ${s}."upload_part" ("created_at")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    for (const table of [
      'upload_part',
      'stored_file',
      'crm_settings',
      'customer_external_id',
      'external_service',
      'pet_tag',
      'customer_tag',
      'tag',
      'pet',
      'customer',
    ]) {
      await queryRunner.query(`DROP TABLE ${s}."${table}"`);
    }
  }
}
