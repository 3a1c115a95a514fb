import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

// What messaging keeps of other services' rows, from their events (docs/architecture.md, "Data": never their tables).
// Each row keeps the source's version: an older or repeated event changes nothing. A deleted row stays as a
// tombstone (deleted = true) so a late create or update of it never brings it back.

/** identity's stores: the time zone the reminders go out in, the name and number templates show. */
@Entity('dir_store')
@Index('ix_dir_store_orga', ['orgaId'])
export class DirStoreEntity {
  @PrimaryColumn({ type: 'uuid', name: 'store_id' })
  storeId!: string;

  @Column({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  @Column({ type: 'varchar', length: 200 })
  name!: string;

  /** IANA time zone (docs/architecture.md, "Data") */
  @Column({ type: 'varchar', length: 64, name: 'time_zone' })
  timeZone!: string;

  @Column({ type: 'varchar', length: 40, nullable: true })
  phone!: string | null;

  /** 2 letters; the default country of its customers' national numbers */
  @Column({ type: 'varchar', length: 2, nullable: true })
  country!: string | null;

  /** one line (identity's storeAddressLine): the booking confirmation names it */
  @Column({ type: 'varchar', length: 300, nullable: true })
  address!: string | null;

  @Column({ type: 'boolean', default: false })
  deleted!: boolean;

  @Column({ type: 'timestamptz' })
  version!: Date;
}

/** crm's customers: names, the WhatsApp number and the consents (spec §3). */
@Entity('dir_customer')
@Index('ix_dir_customer_orga_phone', ['orgaId', 'phone'])
@Index('ix_dir_customer_store', ['storeId'])
export class DirCustomerEntity {
  @PrimaryColumn({ type: 'uuid', name: 'customer_id' })
  customerId!: string;

  @Column({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  @Column({ type: 'uuid', name: 'store_id' })
  storeId!: string;

  @Column({ type: 'varchar', length: 100, name: 'first_name', default: '' })
  firstName!: string;

  @Column({ type: 'varchar', length: 100, name: 'last_name', default: '' })
  lastName!: string;

  @Column({ type: 'varchar', length: 2, nullable: true })
  country!: string | null;

  /** fon and fon_2 as typed, kept to read again when the store's country becomes known */
  @Column({ type: 'varchar', length: 40, nullable: true })
  fon!: string | null;

  @Column({ type: 'varchar', length: 40, name: 'fon_2', nullable: true })
  fon2!: string | null;

  /** E.164 digits without '+' of the first mobile of fon, fon_2; null: no WhatsApp number */
  @Column({ type: 'varchar', length: 20, nullable: true })
  phone!: string | null;

  @Column({ type: 'boolean', name: 'consent_messages', default: false })
  consentMessages!: boolean;

  @Column({ type: 'boolean', name: 'consent_reminders', default: false })
  consentReminders!: boolean;

  @Column({ type: 'boolean', name: 'consent_marketing', default: false })
  consentMarketing!: boolean;

  /** the customer's language (en, it, de, fr) as crm has it; null: the salon's messages' language */
  @Column({ type: 'varchar', length: 2, nullable: true })
  language!: string | null;

  @Column({ type: 'boolean', default: false })
  deleted!: boolean;

  @Column({ type: 'timestamptz' })
  version!: Date;
}

/** crm's pets: the name, the owner, the birthday (spec §3 born). */
@Entity('dir_pet')
@Index('ix_dir_pet_customer', ['customerId'])
@Index('ix_dir_pet_store_birthday', ['storeId', 'bornMonthDay'])
export class DirPetEntity {
  @PrimaryColumn({ type: 'uuid', name: 'pet_id' })
  petId!: string;

  @Column({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  @Column({ type: 'uuid', name: 'store_id' })
  storeId!: string;

  @Column({ type: 'uuid', name: 'customer_id' })
  customerId!: string;

  @Column({ type: 'varchar', length: 100, default: '' })
  name!: string;

  @Column({ type: 'date', nullable: true })
  born!: string | null;

  /** month × 100 + day of born: the birthday reminder's index */
  @Column({ type: 'smallint', name: 'born_month_day', nullable: true })
  bornMonthDay!: number | null;

  @Column({ type: 'boolean', default: false })
  deleted!: boolean;

  @Column({ type: 'timestamptz' })
  version!: Date;
}

/** scheduling's appointments: the store's local day and time, the instant, the status (2 declined). */
@Entity('dir_appointment')
@Index('ix_dir_appointment_store_date', ['storeId', 'localDate'])
export class DirAppointmentEntity {
  @PrimaryColumn({ type: 'uuid', name: 'appointment_id' })
  appointmentId!: string;

  @Column({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  @Column({ type: 'uuid', name: 'store_id' })
  storeId!: string;

  @Column({ type: 'date', name: 'local_date', nullable: true })
  localDate!: string | null;

  @Column({ type: 'smallint', default: 0 })
  hour!: number;

  @Column({ type: 'smallint', default: 0 })
  min!: number;

  @Column({ type: 'timestamptz', name: 'starts_at', nullable: true })
  startsAt!: Date | null;

  @Column({ type: 'boolean', name: 'full_day', default: false })
  fullDay!: boolean;

  @Column({ type: 'smallint', default: 0 })
  status!: number;

  @Column({ type: 'uuid', name: 'recurring_group_id', nullable: true })
  recurringGroupId!: string | null;

  @Column({ type: 'boolean', default: false })
  deleted!: boolean;

  @Column({ type: 'timestamptz' })
  version!: Date;
}

/** The pets of an appointment (and through them, its customer). */
@Entity('dir_appointment_pet')
@Index('ix_dir_appointment_pet_pet', ['petId'])
export class DirAppointmentPetEntity {
  @PrimaryColumn({ type: 'uuid', name: 'appointment_id' })
  appointmentId!: string;

  @PrimaryColumn({ type: 'uuid', name: 'pet_id' })
  petId!: string;
}
