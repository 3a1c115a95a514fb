import { migrationSchema } from '@pawline/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 13: a treatment's own colour ('#rrggbb'), for the calendar and the online booking widget.
 * Nullable: the treatments made before have none until an administrator picks one.
 */
export class TreatmentColour1795520100000 implements MigrationInterface {
  name = 'TreatmentColour1795520100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`ALTER TABLE ${s}."treatment" ADD "color" character varying(9)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`ALTER TABLE ${s}."treatment" DROP COLUMN "color"`);
  }
}
