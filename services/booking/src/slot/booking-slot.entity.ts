import { Column, Entity, Exclusion, Index, PrimaryColumn } from 'typeorm';

/**
 * R3.10 a booking request and the time it holds. The exclusion constraint is the guard of the race: two pending
 * (or accepted, not yet released) requests of one groomer can never overlap, whatever the service instances do.
 * `released` turns true when the busy projection receives the appointment the acceptance created, so the time is
 * held by the request until the appointment holds it.
 */
@Entity('booking_slot')
@Index('ix_booking_slot_page', ['orgaId', 'storeId', 'status', 'createdTime', 'id'])
@Exclusion(
  'ex_booking_slot_held',
  `USING gist ("store_id" WITH =, "user_id" WITH =, "during" WITH &&) WHERE ((status = 'pending' OR (status = 'accepted' AND NOT released)))`,
)
export class BookingSlotEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  @Column({ type: 'uuid', name: 'store_id' })
  storeId!: string;

  /** Unix milliseconds: the paging key with the id (R7.06), exact as the client sends it back */
  @Column({ type: 'bigint', name: 'created_time' })
  createdTime!: string;

  @Column({ type: 'varchar', length: 10, default: 'pending' })
  status!: 'pending' | 'accepted' | 'deleted';

  @Column({ type: 'boolean', default: false })
  released!: boolean;

  @Column({ type: 'uuid', name: 'user_id' })
  userId!: string;

  @Column({ type: 'tstzrange' })
  during!: string;

  @Column({ type: 'date', name: 'local_date' })
  localDate!: string;

  @Column({ type: 'smallint' })
  hour!: number;

  @Column({ type: 'smallint' })
  min!: number;

  @Column({ type: 'integer' })
  duration!: number;

  /** R3.10 a JSON list string */
  @Column({ type: 'text', name: 'treatment_ids' })
  treatmentIds!: string;

  @Column({ type: 'jsonb' })
  pets!: unknown;

  @Column({ type: 'uuid', name: 'customer_id', nullable: true })
  customerId!: string | null;

  @Column({ type: 'varchar', length: 100, name: 'first_name' })
  firstName!: string;

  @Column({ type: 'varchar', length: 100, name: 'last_name' })
  lastName!: string;

  @Column({ type: 'varchar', length: 40 })
  fon!: string;

  @Column({ type: 'varchar', length: 254, nullable: true })
  email!: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  notes!: string | null;

  @Column({ type: 'boolean', name: 'consent_messages' })
  consentMessages!: boolean;

  @Column({ type: 'boolean', name: 'consent_reminders' })
  consentReminders!: boolean;

  @Column({ type: 'boolean', name: 'consent_marketing' })
  consentMarketing!: boolean;

  @Column({ type: 'varchar', length: 2 })
  language!: string;

  /** accept's progress, kept as it goes so a retry reuses what was made: the customer, the new pets' ids */
  @Column({ type: 'uuid', name: 'accept_customer_id', nullable: true })
  acceptCustomerId!: string | null;

  @Column({ type: 'jsonb', name: 'accept_pet_ids', nullable: true })
  acceptPetIds!: unknown;

  @Column({ type: 'uuid', name: 'appointment_id', nullable: true })
  appointmentId!: string | null;
}

/** A solved proof-of-work challenge, kept until it expires so it is accepted once. */
@Entity('used_challenge')
@Index('ix_used_challenge_expires', ['expiresAt'])
export class UsedChallengeEntity {
  /** SHA-256 hex of the challenge */
  @PrimaryColumn({ type: 'char', length: 64 })
  hash!: string;

  @Column({ type: 'timestamptz', name: 'expires_at' })
  expiresAt!: Date;
}
