import { migrationSchema } from '@pawline/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Where a checkout's person pays on the provider's own page (Stripe Checkout); null for the sandbox (ADR 0032). */
export class PaymentRedirectUrl1795558000000 implements MigrationInterface {
  name = 'PaymentRedirectUrl1795558000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`ALTER TABLE ${s}."payment" ADD "redirect_url" character varying(2048)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`ALTER TABLE ${s}."payment" DROP COLUMN "redirect_url"`);
  }
}
