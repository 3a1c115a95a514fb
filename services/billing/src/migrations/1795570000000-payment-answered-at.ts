import { migrationSchema } from '@pawline/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When the provider answered a payment (paid or declined): a bank may refuse a debit days after the run, and a
 * refusal that comes after the grace days gives the salon the grace days again from it (`retriesEnd`, ADR 0032).
 * Payments answered before this column existed take their creation time.
 */
export class PaymentAnsweredAt1795570000000 implements MigrationInterface {
  name = 'PaymentAnsweredAt1795570000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`ALTER TABLE ${s}."payment" ADD "answered_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`UPDATE ${s}."payment" SET "answered_at" = "created_at" WHERE "status" <> 'pending'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`ALTER TABLE ${s}."payment" DROP COLUMN "answered_at"`);
  }
}
