import { migrationSchema } from '@pawline/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 30: crm's customers as online booking matches them, with their no-shows. */
export class BookingCustomerStanding1795700500000 implements MigrationInterface {
  name = 'BookingCustomerStanding1795700500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`CREATE TABLE ${s}."booking_customer_standing" (
      "customer_id" uuid NOT NULL,
      "orga_id" uuid NOT NULL,
      "store_id" uuid NOT NULL,
      "phone_key" character varying(20),
      "phone_key_2" character varying(20),
      "email_key" character varying(254),
      "no_shows" integer NOT NULL,
      "deleted" boolean NOT NULL,
      "version" character varying(40) NOT NULL,
      CONSTRAINT "pk_booking_customer_standing" PRIMARY KEY ("customer_id"))`);
    await queryRunner.query(
      `CREATE INDEX "ix_booking_customer_standing_phone" ON ${s}."booking_customer_standing" ("store_id", "phone_key")`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_booking_customer_standing_phone_2" ON ${s}."booking_customer_standing" ("store_id", "phone_key_2")`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_booking_customer_standing_email" ON ${s}."booking_customer_standing" ("store_id", "email_key")`,
    );
    await queryRunner.query(`CREATE INDEX "ix_booking_customer_standing_orga" ON ${s}."booking_customer_standing" ("orga_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchema(queryRunner);
    await queryRunner.query(`DROP TABLE ${s}."booking_customer_standing"`);
  }
}
