import { migrationSchema } from '@pawline/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The secret a rotation replaced, still signing beside the new one for a day (docs/webhooks.md, "Rotating the secret"). */
export class WebhookSecretOverlap1796672046492 implements MigrationInterface {
  name = 'WebhookSecretOverlap1796672046492';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`ALTER TABLE ${s}."webhook_endpoint" ADD "previous_secret_enc" text`);
    await queryRunner.query(`ALTER TABLE ${s}."webhook_endpoint" ADD "previous_secret_until" TIMESTAMP WITH TIME ZONE`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`ALTER TABLE ${s}."webhook_endpoint" DROP COLUMN "previous_secret_until"`);
    await queryRunner.query(`ALTER TABLE ${s}."webhook_endpoint" DROP COLUMN "previous_secret_enc"`);
  }
}
