import { migrationSchema } from '@pawline/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A version per store and local day that changes with every write to an appointment of that day,
 * its pets or its treatments, in the writing transaction: range answers are cached under the
 * highest version of their days (WeekCache), so a change on Tuesday leaves the other weeks kept.
 * Triggers rather than application code, so no write path can forget it. Versions come from one
 * sequence, so a number is never given twice and a range's highest version changes exactly when
 * one of its days changed.
 */
export class CalendarVersion1764300000000 implements MigrationInterface {
  name = 'CalendarVersion1764300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`CREATE SEQUENCE ${s}."calendar_version_seq"`);
    await queryRunner.query(`CREATE TABLE ${s}."calendar_day_version" (
      "store_id" uuid NOT NULL,
      "local_date" date NOT NULL,
      "version" bigint NOT NULL,
      CONSTRAINT "pk_calendar_day_version" PRIMARY KEY ("store_id", "local_date"))`);
    await queryRunner.query(`CREATE FUNCTION ${s}."bump_calendar_day"(store uuid, day date) RETURNS void LANGUAGE sql AS $$
      INSERT INTO ${s}."calendar_day_version" ("store_id", "local_date", "version") VALUES (store, day, nextval('${s}."calendar_version_seq"'))
      ON CONFLICT ("store_id", "local_date") DO UPDATE SET "version" = EXCLUDED."version"
    $$`);
    await queryRunner.query(`CREATE FUNCTION ${s}."appointment_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP <> 'INSERT' THEN PERFORM ${s}."bump_calendar_day"(OLD."store_id", OLD."local_date"); END IF;
        IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND (NEW."store_id", NEW."local_date") IS DISTINCT FROM (OLD."store_id", OLD."local_date")) THEN
          PERFORM ${s}."bump_calendar_day"(NEW."store_id", NEW."local_date");
        END IF;
        RETURN NULL;
      END $$`);
    // a pet or treatment row: its appointment's day (gone with a cascade: bumped by the appointment's own trigger)
    await queryRunner.query(`CREATE FUNCTION ${s}."appointment_part_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE store uuid; day date;
      BEGIN
        SELECT "store_id", "local_date" INTO store, day FROM ${s}."appointment"
         WHERE "id" = CASE WHEN TG_OP = 'DELETE' THEN OLD."appointment_id" ELSE NEW."appointment_id" END;
        IF store IS NOT NULL THEN PERFORM ${s}."bump_calendar_day"(store, day); END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`CREATE TRIGGER "appointment_calendar_version" AFTER INSERT OR UPDATE OR DELETE ON ${s}."appointment"
      FOR EACH ROW EXECUTE FUNCTION ${s}."appointment_changed"()`);
    for (const table of ['appointment_pet', 'appointment_treatment']) {
      await queryRunner.query(`CREATE TRIGGER "${table}_calendar_version" AFTER INSERT OR UPDATE OR DELETE ON ${s}."${table}"
        FOR EACH ROW EXECUTE FUNCTION ${s}."appointment_part_changed"()`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    for (const table of ['appointment', 'appointment_pet', 'appointment_treatment']) {
      await queryRunner.query(`DROP TRIGGER "${table}_calendar_version" ON ${s}."${table}"`);
    }
    await queryRunner.query(`DROP FUNCTION ${s}."appointment_part_changed"()`);
    await queryRunner.query(`DROP FUNCTION ${s}."appointment_changed"()`);
    await queryRunner.query(`DROP FUNCTION ${s}."bump_calendar_day"(uuid, date)`);
    await queryRunner.query(`DROP TABLE ${s}."calendar_day_version"`);
    await queryRunner.query(`DROP SEQUENCE ${s}."calendar_version_seq"`);
  }
}
