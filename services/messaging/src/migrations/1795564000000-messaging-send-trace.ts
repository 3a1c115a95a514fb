import { migrationSchema } from '@pawline/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The send's trace context, kept with the message: its provider statuses continue that trace (deploy/README.md, "Traces"). */
export class MessagingSendTrace1795564000000 implements MigrationInterface {
  name = 'MessagingSendTrace1795564000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`ALTER TABLE ${s}."outbound_message" ADD "send_trace" jsonb`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`ALTER TABLE ${s}."outbound_message" DROP COLUMN "send_trace"`);
  }
}
