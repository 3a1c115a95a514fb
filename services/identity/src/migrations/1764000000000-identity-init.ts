import { migrationSchema } from '@pawline/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Identity's tables: users, organizations, stores, memberships, sessions, e-mail tokens, promo codes, mail. */
export class IdentityInit1764000000000 implements MigrationInterface {
  name = 'IdentityInit1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`CREATE TABLE ${s}."person_user" (
      "id" uuid NOT NULL,
      "email" character varying(254) NOT NULL,
      "username" character varying(100) NOT NULL,
      "password_hash" text NOT NULL,
      "first_name" character varying(100) NOT NULL,
      "last_name" character varying(100) NOT NULL,
      "language" character varying(2) NOT NULL DEFAULT 'en',
      "email_verified_at" TIMESTAMP WITH TIME ZONE,
      "rating_enable" boolean NOT NULL DEFAULT true,
      "last_rating_time" TIMESTAMP WITH TIME ZONE,
      "deactivated_at" TIMESTAMP WITH TIME ZONE,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "pk_person_user" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_person_user_email_lower" ON ${s}."person_user" (lower("email"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_person_user_username_lower" ON ${s}."person_user" (lower("username"))`);

    await queryRunner.query(`CREATE TABLE ${s}."organization" (
      "id" uuid NOT NULL,
      "name" character varying(200) NOT NULL,
      "address" character varying(200),
      "city" character varying(100),
      "zip_code" character varying(20),
      "country" character varying(2) NOT NULL,
      "address_from_owner" boolean NOT NULL DEFAULT true,
      "tier" integer NOT NULL DEFAULT 0,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "subscribed_since" TIMESTAMP WITH TIME ZONE,
      "subscribed_until" TIMESTAMP WITH TIME ZONE,
      "share_pets" boolean NOT NULL DEFAULT false,
      "admin_notification" text,
      "min_rank_read_store" smallint NOT NULL DEFAULT 4,
      "min_rank_write_store" smallint NOT NULL DEFAULT 3,
      "min_rank_read_pets" smallint NOT NULL DEFAULT 4,
      "min_rank_write_pets" smallint NOT NULL DEFAULT 3,
      "promo_code" character varying(64),
      CONSTRAINT "pk_organization" PRIMARY KEY ("id"))`);

    await queryRunner.query(`CREATE TABLE ${s}."store" (
      "id" uuid NOT NULL,
      "orga_id" uuid NOT NULL,
      "name" character varying(200) NOT NULL,
      "address" character varying(200),
      "city" character varying(100),
      "zip_code" character varying(20),
      "country" character varying(2) NOT NULL,
      "address_from_orga" boolean NOT NULL DEFAULT true,
      "phone" character varying(40),
      "time_zone" character varying(64) NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "pk_store" PRIMARY KEY ("id"),
      CONSTRAINT "fk_store_orga" FOREIGN KEY ("orga_id") REFERENCES ${s}."organization"("id") ON DELETE CASCADE ON UPDATE NO ACTION)`);
    await queryRunner.query(`CREATE INDEX "ix_store_orga_id" ON ${s}."store" ("orga_id")`);

    await queryRunner.query(`CREATE TABLE ${s}."orga_user" (
      "id" uuid NOT NULL,
      "orga_id" uuid NOT NULL,
      "user_id" uuid NOT NULL,
      "rank" smallint NOT NULL,
      "employee_status" smallint NOT NULL DEFAULT 1,
      "color_scheme" character varying(32) NOT NULL DEFAULT '#4c61b4:#6d81d0',
      "active" boolean NOT NULL DEFAULT true,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "pk_orga_user" PRIMARY KEY ("id"),
      CONSTRAINT "fk_orga_user_orga" FOREIGN KEY ("orga_id") REFERENCES ${s}."organization"("id") ON DELETE CASCADE ON UPDATE NO ACTION,
      CONSTRAINT "fk_orga_user_user" FOREIGN KEY ("user_id") REFERENCES ${s}."person_user"("id") ON DELETE CASCADE ON UPDATE NO ACTION)`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_orga_user_orga_user" ON ${s}."orga_user" ("orga_id", "user_id")`);
    await queryRunner.query(`CREATE INDEX "ix_orga_user_user_id" ON ${s}."orga_user" ("user_id")`);

    await queryRunner.query(`CREATE TABLE ${s}."store_user" (
      "id" uuid NOT NULL,
      "orga_user_id" uuid NOT NULL,
      "store_id" uuid NOT NULL,
      "rank" smallint NOT NULL,
      CONSTRAINT "pk_store_user" PRIMARY KEY ("id"),
      CONSTRAINT "fk_store_user_orga_user" FOREIGN KEY ("orga_user_id") REFERENCES ${s}."orga_user"("id") ON DELETE CASCADE ON UPDATE NO ACTION,
      CONSTRAINT "fk_store_user_store" FOREIGN KEY ("store_id") REFERENCES ${s}."store"("id") ON DELETE CASCADE ON UPDATE NO ACTION)`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_store_user_member_store" ON ${s}."store_user" ("orga_user_id", "store_id")`);
    await queryRunner.query(`CREATE INDEX "ix_store_user_store_id" ON ${s}."store_user" ("store_id")`);

    await queryRunner.query(`CREATE TABLE ${s}."session" (
      "id" uuid NOT NULL,
      "user_id" uuid NOT NULL,
      "device_id" character varying(64),
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "last_used_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "revoked_at" TIMESTAMP WITH TIME ZONE,
      CONSTRAINT "pk_session" PRIMARY KEY ("id"),
      CONSTRAINT "fk_session_user" FOREIGN KEY ("user_id") REFERENCES ${s}."person_user"("id") ON DELETE CASCADE ON UPDATE NO ACTION)`);
    await queryRunner.query(`CREATE INDEX "ix_session_user_id" ON ${s}."session" ("user_id")`);

    await queryRunner.query(`CREATE TABLE ${s}."refresh_token" (
      "id" uuid NOT NULL,
      "session_id" uuid NOT NULL,
      "token_hash" character varying(64) NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      "used_at" TIMESTAMP WITH TIME ZONE,
      "revoked_at" TIMESTAMP WITH TIME ZONE,
      CONSTRAINT "pk_refresh_token" PRIMARY KEY ("id"),
      CONSTRAINT "fk_refresh_token_session" FOREIGN KEY ("session_id") REFERENCES ${s}."session"("id") ON DELETE CASCADE ON UPDATE NO ACTION)`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_refresh_token_hash" ON ${s}."refresh_token" ("token_hash")`);
    await queryRunner.query(`CREATE INDEX "ix_refresh_token_session_id" ON ${s}."refresh_token" ("session_id")`);

    await queryRunner.query(`CREATE TABLE ${s}."email_token" (
      "id" uuid NOT NULL,
      "user_id" uuid NOT NULL,
      "kind" character varying(10) NOT NULL,
      "token_hash" character varying(64) NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      "used_at" TIMESTAMP WITH TIME ZONE,
      CONSTRAINT "pk_email_token" PRIMARY KEY ("id"),
      CONSTRAINT "fk_email_token_user" FOREIGN KEY ("user_id") REFERENCES ${s}."person_user"("id") ON DELETE CASCADE ON UPDATE NO ACTION)`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_email_token_hash" ON ${s}."email_token" ("token_hash")`);
    await queryRunner.query(`CREATE INDEX "ix_email_token_user_id" ON ${s}."email_token" ("user_id")`);

    await queryRunner.query(`CREATE TABLE ${s}."promo_code" (
      "code" character varying(64) NOT NULL,
      "extra_trial_days" integer NOT NULL,
      "expires_at" TIMESTAMP WITH TIME ZONE,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "pk_promo_code" PRIMARY KEY ("code"))`);

    await queryRunner.query(`CREATE TABLE ${s}."sandbox_mail" (
      "id" uuid NOT NULL,
      "to" character varying(254) NOT NULL,
      "subject" text NOT NULL,
      "text" text NOT NULL,
      "html" text NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "pk_sandbox_mail" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "ix_sandbox_mail_created_at" ON ${s}."sandbox_mail" ("created_at")`);

    await queryRunner.query(`CREATE TABLE ${s}."outgoing_mail" (
      "id" uuid NOT NULL,
      "to" character varying(254) NOT NULL,
      "subject" text NOT NULL,
      "text" text NOT NULL,
      "html" text NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "sent_at" TIMESTAMP WITH TIME ZONE,
      "attempts" integer NOT NULL DEFAULT 0,
      "last_error" text,
      CONSTRAINT "pk_outgoing_mail" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "ix_outgoing_mail_sent_at" ON ${s}."outgoing_mail" ("sent_at")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    for (const table of [
      'outgoing_mail',
      'sandbox_mail',
      'promo_code',
      'email_token',
      'refresh_token',
      'session',
      'store_user',
      'orga_user',
      'store',
      'organization',
      'person_user',
    ]) {
      await queryRunner.query(`DROP TABLE ${s}."${table}"`);
    }
  }
}
