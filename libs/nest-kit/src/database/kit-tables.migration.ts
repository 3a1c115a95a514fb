import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The service's schema, quoted for SQL (`"scheduling"`), for a migration to name its tables with:
 * every service's DataSource has one (the service name); migrations never rely on search_path.
 */
export function migrationSchema(queryRunner: QueryRunner): string {
  const schema = (queryRunner.connection.options as { schema?: string }).schema;
  if (!schema) throw new Error('A Pawline migration needs a DataSource with a schema (the service name)');
  return `"${schema}"`;
}

/** The kit's tables in every service schema; its timestamp sorts it before any service migration. */
export class KitTables1000000000000 implements MigrationInterface {
  name = 'KitTables1000000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`CREATE TABLE ${s}."outbox_event" (
      "position" BIGSERIAL NOT NULL,
      "id" uuid NOT NULL,
      "subject" text NOT NULL,
      "envelope" jsonb NOT NULL,
      "headers" jsonb NOT NULL DEFAULT '{}',
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "published_at" TIMESTAMP WITH TIME ZONE,
      CONSTRAINT "UQ_outbox_event_id" UNIQUE ("id"),
      CONSTRAINT "PK_outbox_event" PRIMARY KEY ("position"))`);
    await queryRunner.query(`CREATE INDEX "IDX_outbox_event_published_at" ON ${s}."outbox_event" ("published_at")`);
    await queryRunner.query(`CREATE TABLE ${s}."processed_event" (
      "durable" text NOT NULL,
      "event_id" uuid NOT NULL,
      "processed_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_processed_event" PRIMARY KEY ("durable", "event_id"))`);
    await queryRunner.query(`CREATE TABLE ${s}."dead_letter" (
      "durable" text NOT NULL,
      "event_id" uuid NOT NULL,
      "subject" text NOT NULL,
      "envelope" jsonb NOT NULL,
      "error" text NOT NULL,
      "deliveries" integer NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_dead_letter" PRIMARY KEY ("durable", "event_id"))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`DROP TABLE ${s}."dead_letter"`);
    await queryRunner.query(`DROP TABLE ${s}."processed_event"`);
    await queryRunner.query(`DROP TABLE ${s}."outbox_event"`);
  }
}
