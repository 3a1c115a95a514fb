import { migrationSchema } from '@pawline/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 31: report cards, one per pet of a checked-out appointment. */
export class SchedulingReportCard1795800100000 implements MigrationInterface {
  name = 'SchedulingReportCard1795800100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(
      `CREATE TABLE ${s}."report_card" ("appointment_id" uuid NOT NULL, "pet_id" uuid NOT NULL, "orga_id" uuid NOT NULL,
        "store_id" uuid NOT NULL, "starts_at" TIMESTAMP WITH TIME ZONE NOT NULL, "local_date" date NOT NULL, "note" text NOT NULL,
        "choice" character varying(8) NOT NULL, "created_by" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "pk_report_card" PRIMARY KEY ("appointment_id", "pet_id"),
        CONSTRAINT "fk_report_card_appointment" FOREIGN KEY ("appointment_id") REFERENCES ${s}."appointment"("id") ON DELETE CASCADE)`,
    );
    await queryRunner.query(`CREATE INDEX "ix_report_card_pet_start" ON ${s}."report_card" ("pet_id", "starts_at")`);
    await queryRunner.query(`CREATE INDEX "ix_report_card_orga" ON ${s}."report_card" ("orga_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`DROP TABLE ${s}."report_card"`);
  }
}
