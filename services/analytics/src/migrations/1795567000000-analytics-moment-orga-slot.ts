import { migrationSchema } from '@pawline/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The organization's statistics count its stores' reminders and campaigns over a period (issue 15, docs/adr/0034):
 * `moment_cell` by organization and quarter of an hour, as `stat_cell` is by organization and day. The index on
 * orga_id alone is its prefix (an organization's purge uses this one).
 */
export class AnalyticsMomentOrgaSlot1795567000000 implements MigrationInterface {
  name = 'AnalyticsMomentOrgaSlot1795567000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`CREATE INDEX "ix_moment_cell_orga_slot" ON ${s}."moment_cell" ("orga_id", "slot")`);
    await queryRunner.query(`DROP INDEX ${s}."ix_moment_cell_orga"`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`CREATE INDEX "ix_moment_cell_orga" ON ${s}."moment_cell" ("orga_id")`);
    await queryRunner.query(`DROP INDEX ${s}."ix_moment_cell_orga_slot"`);
  }
}
