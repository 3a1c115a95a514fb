import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** Issue 30 a customer waiting for a time (from the widget or added by staff), with what they want and when (ADR 0063). */
@Entity('booking_waitlist_entry')
@Index('ix_booking_waitlist_entry_store', ['storeId', 'status'])
@Index('ix_booking_waitlist_entry_orga', ['orgaId'])
export class BookingWaitlistEntryEntity {
  @PrimaryColumn({ type: 'uuid' }) id!: string;
  @Column({ type: 'uuid', name: 'orga_id' }) orgaId!: string;
  @Column({ type: 'uuid', name: 'store_id' }) storeId!: string;
  @Column({ type: 'varchar', length: 10 }) status!: string;
  @Column({ type: 'varchar', length: 10 }) source!: string;
  @Column({ type: 'jsonb', name: 'treatment_ids' }) treatmentIds!: unknown;
  @Column({ type: 'jsonb' }) pets!: unknown;
  @Column({ type: 'uuid', name: 'user_id', nullable: true }) userId!: string | null;
  @Column({ type: 'jsonb' }) weekdays!: unknown;
  @Column({ type: 'varchar', length: 5, name: 'from_time', nullable: true }) fromTime!: string | null;
  @Column({ type: 'varchar', length: 5, name: 'to_time', nullable: true }) toTime!: string | null;
  @Column({ type: 'varchar', length: 10 }) until!: string;
  @Column({ type: 'varchar', length: 100, name: 'first_name' }) firstName!: string;
  @Column({ type: 'varchar', length: 100, name: 'last_name' }) lastName!: string;
  @Column({ type: 'varchar', length: 40 }) fon!: string;
  @Column({ type: 'varchar', length: 254, nullable: true }) email!: string | null;
  @Column({ type: 'varchar', length: 500, nullable: true }) notes!: string | null;
  @Column({ type: 'boolean', name: 'consent_messages' }) consentMessages!: boolean;
  @Column({ type: 'varchar', length: 2 }) language!: string;
  @Column({ type: 'integer' }) duration!: number;
  @Column({ type: 'uuid', name: 'created_by', nullable: true }) createdBy!: string | null;
  @Column({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
  @Column({ type: 'timestamptz', name: 'updated_at' }) updatedAt!: Date;
}

/** A time an appointment gave back (cancelled, declined, missed, shortened, moved or deleted), offered to the waitlist. */
@Entity('booking_waitlist_opening')
@Index('ix_booking_waitlist_opening_store', ['storeId', 'status'])
@Index('ix_booking_waitlist_opening_orga', ['orgaId'])
export class BookingWaitlistOpeningEntity {
  @PrimaryColumn({ type: 'uuid' }) id!: string;
  @Column({ type: 'uuid', name: 'orga_id' }) orgaId!: string;
  @Column({ type: 'uuid', name: 'store_id' }) storeId!: string;
  @Column({ type: 'uuid', name: 'user_id', nullable: true }) userId!: string | null;
  @Column({ type: 'timestamptz', name: 'starts_at' }) startsAt!: Date;
  @Column({ type: 'timestamptz', name: 'ends_at' }) endsAt!: Date;
  @Column({ type: 'varchar', length: 10 }) status!: string;
  @Column({ type: 'uuid', name: 'appointment_id' }) appointmentId!: string;
  @Column({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
}

/** One offer of a freed time to one waiting customer, held until expires_at; one per opening can be taken. */
@Entity('booking_waitlist_offer')
@Index('ux_booking_waitlist_offer_once', ['openingId', 'entryId'], { unique: true })
@Index('ux_booking_waitlist_offer_taken', ['openingId'], { unique: true, where: `status = 'taken'` })
@Index('ix_booking_waitlist_offer_status', ['status', 'expiresAt'])
@Index('ix_booking_waitlist_offer_entry', ['entryId'])
@Index('ix_booking_waitlist_offer_orga', ['orgaId'])
export class BookingWaitlistOfferEntity {
  @PrimaryColumn({ type: 'uuid' }) id!: string;
  @Column({ type: 'uuid', name: 'orga_id' }) orgaId!: string;
  @Column({ type: 'uuid', name: 'store_id' }) storeId!: string;
  @Column({ type: 'uuid', name: 'opening_id' }) openingId!: string;
  @Column({ type: 'uuid', name: 'entry_id' }) entryId!: string;
  @Column({ type: 'varchar', length: 10 }) status!: string;
  @Column({ type: 'timestamptz', name: 'starts_at' }) startsAt!: Date;
  @Column({ type: 'integer' }) duration!: number;
  @Column({ type: 'uuid', name: 'user_id', nullable: true }) userId!: string | null;
  @Column({ type: 'timestamptz', name: 'offered_at' }) offeredAt!: Date;
  @Column({ type: 'timestamptz', name: 'expires_at' }) expiresAt!: Date;
  @Column({ type: 'timestamptz', name: 'closed_at', nullable: true }) closedAt!: Date | null;
  @Column({ type: 'uuid', name: 'slot_id', nullable: true }) slotId!: string | null;
  @Column({ type: 'boolean', name: 'told_gone' }) toldGone!: boolean;
}
