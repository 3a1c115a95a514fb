import { migrationSchema } from '@pawline/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** What the calendar's appointment cards show (spec §3 appointment_card_custom): a JSON list of card fields, null for the default card. */
export class AppointmentCardCustom1795520400000 implements MigrationInterface {
  name = 'AppointmentCardCustom1795520400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`ALTER TABLE ${s}."organization" ADD "appointment_card_custom" character varying(500)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`ALTER TABLE ${s}."organization" DROP COLUMN "appointment_card_custom"`);
  }
}
