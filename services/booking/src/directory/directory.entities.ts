import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

// What booking keeps of other services' rows, from their events (docs/architecture.md, "Data": never their tables). Rows keep
// the source's version: an older or repeated event changes nothing, and a deletion stays as a tombstone.

/** identity's stores, and the store's booking setup (the widget's public id, origins and slot policy). */
@Entity('booking_store')
@Index('ix_booking_store_orga', ['orgaId'])
export class BookingStoreEntity {
  @PrimaryColumn({ type: 'uuid', name: 'store_id' })
  storeId!: string;

  @Column({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  @Column({ type: 'varchar', length: 200, default: '' })
  name!: string;

  @Column({ type: 'varchar', length: 64, name: 'time_zone', default: 'UTC' })
  timeZone!: string;

  @Column({ type: 'boolean', default: false })
  deleted!: boolean;

  /** the source event's time; '-infinity' for a row made by setup.get before identity's event arrived */
  @Column({ type: 'timestamptz' })
  version!: Date;

  /** 16 characters of a-z0-9 (crypto random): /api/v1/public/booking/{public_id} */
  @Index('uq_booking_store_public_id', { unique: true })
  @Column({ type: 'char', length: 16, name: 'public_id' })
  publicId!: string;

  @Column({ type: 'boolean', default: false })
  enabled!: boolean;

  @Column({ type: 'text', array: true, name: 'allowed_origins', default: () => "'{}'" })
  allowedOrigins!: string[];

  @Column({ type: 'integer', name: 'min_notice_minutes', default: 120 })
  minNoticeMinutes!: number;

  @Column({ type: 'integer', name: 'horizon_days', default: 60 })
  horizonDays!: number;

  @Column({ type: 'integer', name: 'buffer_minutes', default: 0 })
  bufferMinutes!: number;

  @Column({ type: 'integer', name: 'slot_step_minutes', default: 15 })
  slotStepMinutes!: number;
}

/** identity's members: the first name the widget shows and whether they still work there. */
@Entity('booking_staff')
export class BookingStaffEntity {
  @PrimaryColumn({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  @PrimaryColumn({ type: 'uuid', name: 'user_id' })
  userId!: string;

  @Column({ type: 'varchar', length: 100, name: 'first_name' })
  firstName!: string;

  @Column({ type: 'boolean' })
  active!: boolean;
}

/** scheduling's treatments: name, default duration (minutes) and colour for the widget. */
@Entity('booking_treatment')
@Index('ix_booking_treatment_orga', ['orgaId'])
export class BookingTreatmentEntity {
  @PrimaryColumn({ type: 'uuid', name: 'treatment_id' })
  treatmentId!: string;

  @Column({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  @Column({ type: 'varchar', length: 200 })
  name!: string;

  @Column({ type: 'boolean' })
  archive!: boolean;

  @Column({ type: 'integer', name: 'default_duration' })
  defaultDuration!: number;

  @Column({ type: 'varchar', length: 40, nullable: true })
  color!: string | null;

  @Column({ type: 'timestamptz' })
  version!: Date;
}

/**
 * scheduling's appointments as busy time of a groomer (or, unassigned, of the store's pool) and of their pets:
 * declined ones (status 2) and no-shows (3) free it, deleted ones stay as a tombstone (during null) so a late
 * update never brings them back.
 */
@Entity('booking_busy')
@Index('ix_booking_busy_store_during', ['storeId', 'userId'])
@Index('ix_booking_busy_orga_user', ['orgaId', 'userId'])
export class BookingBusyEntity {
  @PrimaryColumn({ type: 'uuid', name: 'appointment_id' })
  appointmentId!: string;

  @Column({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  @Column({ type: 'uuid', name: 'store_id' })
  storeId!: string;

  @Column({ type: 'uuid', name: 'user_id', nullable: true })
  userId!: string | null;

  @Column({ type: 'tstzrange', nullable: true })
  during!: string | null;

  @Column({ type: 'integer', default: 0 })
  status!: number;

  @Column({ type: 'uuid', array: true, name: 'pet_ids', default: () => "'{}'" })
  petIds!: string[];

  @Column({ type: 'boolean', default: false })
  deleted!: boolean;

  @Column({ type: 'timestamptz' })
  version!: Date;
}

/**
 * billing's plan of each organization (evt.billing.subscription.changed.v1): the public widget has no member to
 * carry the tier, so booking keeps it to refuse a store whose organization lost online booking (R1.20, ADR 0031).
 * No row: the organization is still in its free trial (tier 0).
 */
@Entity('booking_orga_plan')
export class BookingOrgaPlanEntity {
  @PrimaryColumn({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  @Column({ type: 'integer' })
  tier!: number;

  @Column({ type: 'jsonb', name: 'plan_limits', nullable: true })
  planLimits!: Record<string, unknown> | null;

  /** the source event's time: an older event changes nothing */
  @Column({ type: 'timestamptz' })
  version!: Date;
}
