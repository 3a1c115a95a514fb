import { migrationSchema } from '@pawline/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The capacity rule (docs/adr/0044) in online booking: the busy time keeps its appointment's pets (a pet never
 * has two appointments at once), and a groomer's busy time is read across the organization's stores.
 */
export class BookingCapacity1795600100000 implements MigrationInterface {
  name = 'BookingCapacity1795600100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`ALTER TABLE ${s}."booking_busy" ADD "pet_ids" uuid array NOT NULL DEFAULT '{}'`);
    await queryRunner.query(`CREATE INDEX "ix_booking_busy_orga_user" ON ${s}."booking_busy" ("orga_id", "user_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`DROP INDEX ${s}."ix_booking_busy_orga_user"`);
    await queryRunner.query(`ALTER TABLE ${s}."booking_busy" DROP COLUMN "pet_ids"`);
  }
}
