import { migrationSchema } from '@pawline/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Feedback ratings of the rating prompt (R1.18). */
export class UserRating1764000000001 implements MigrationInterface {
  name = 'UserRating1764000000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`CREATE TABLE ${s}."user_rating" (
      "id" uuid NOT NULL,
      "user_id" uuid NOT NULL,
      "rating" smallint NOT NULL,
      "annotation" text,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "pk_user_rating" PRIMARY KEY ("id"),
      CONSTRAINT "fk_user_rating_user" FOREIGN KEY ("user_id") REFERENCES ${s}."person_user"("id") ON DELETE CASCADE ON UPDATE NO ACTION)`);
    await queryRunner.query(`CREATE INDEX "ix_user_rating_user_id" ON ${s}."user_rating" ("user_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE ${migrationSchema(queryRunner)}."user_rating"`);
  }
}
