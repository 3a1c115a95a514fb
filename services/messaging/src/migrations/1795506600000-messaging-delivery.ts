import { migrationSchema } from '@pawline/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** What messaging-worker keeps on each outbound message: its claim lease and the SMS sent when WhatsApp failed. */
export class MessagingDelivery1795506600000 implements MigrationInterface {
  name = 'MessagingDelivery1795506600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`ALTER TABLE ${s}."outbound_message" ADD "claimed_until" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE ${s}."outbound_message" ADD "sms_message_id" character varying(200)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`ALTER TABLE ${s}."outbound_message" DROP COLUMN "sms_message_id"`);
    await queryRunner.query(`ALTER TABLE ${s}."outbound_message" DROP COLUMN "claimed_until"`);
  }
}
