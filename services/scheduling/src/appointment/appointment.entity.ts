import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * R3.07 an appointment. The local date parts in the store's time zone are what staff booked; the
 * instants follow from them (and are recomputed from them on every change, so DST days keep the
 * local time). Money in integer cents.
 */
@Entity('appointment')
@Index('ix_appointment_store_date', ['storeId', 'localDate', 'hour', 'min'])
@Index('ix_appointment_orga', ['orgaId'])
@Index('ix_appointment_orga_date', ['orgaId', 'localDate'])
@Index('ix_appointment_group', ['recurringGroupId', 'localDate'])
@Index('ix_appointment_user_start', ['userId', 'startsAt'])
export class AppointmentEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  @Column({ type: 'uuid', name: 'store_id' })
  storeId!: string;

  @Column({ type: 'uuid', name: 'user_id', nullable: true })
  userId!: string | null;

  @Column({ type: 'date', name: 'local_date' })
  localDate!: string;

  @Column({ type: 'smallint' })
  hour!: number;

  @Column({ type: 'smallint' })
  min!: number;

  @Column({ type: 'smallint', default: 0 })
  sec!: number;

  @Column({ type: 'varchar', length: 64, name: 'time_zone' })
  timeZone!: string;

  @Column({ type: 'timestamptz', name: 'starts_at' })
  startsAt!: Date;

  @Column({ type: 'timestamptz', name: 'ends_at' })
  endsAt!: Date;

  @Column({ type: 'integer' })
  duration!: number;

  @Column({ type: 'varchar', length: 40, nullable: true })
  color!: string | null;

  @Column({ type: 'boolean', default: true })
  timed!: boolean;

  @Column({ type: 'boolean', name: 'full_day', default: false })
  fullDay!: boolean;

  @Column({ type: 'varchar', length: 200, name: 'app_name', nullable: true })
  appName!: string | null;

  @Column({ type: 'text', nullable: true })
  notes!: string | null;

  @Column({ type: 'smallint', default: 0 })
  status!: number;

  /** issue 30 when it was last declined (status 2), to tell a late cancellation; kept when the status changes again */
  @Column({ type: 'timestamptz', name: 'declined_at', nullable: true })
  declinedAt!: Date | null;

  @Column({ type: 'integer', default: 0 })
  discount!: number;

  /** the check-out's discount as a percentage, when given so (the amount stays in discount) */
  @Column({ type: 'numeric', precision: 5, scale: 2, name: 'discount_percent', nullable: true })
  discountPercent!: string | null;

  @Column({ type: 'integer', default: 0 })
  price!: number;

  @Column({ type: 'integer', name: 'final_price', nullable: true })
  finalPrice!: number | null;

  @Column({ type: 'integer', nullable: true })
  total!: number | null;

  @Column({ type: 'boolean', name: 'checked_out', default: false })
  checkedOut!: boolean;

  @Column({ type: 'boolean', name: 'cashed_in', default: false })
  cashedIn!: boolean;

  @Column({ type: 'varchar', length: 5, name: 'recurring_unit', nullable: true })
  recurringUnit!: string | null;

  @Column({ type: 'smallint', name: 'recurring_every', nullable: true })
  recurringEvery!: number | null;

  @Column({ type: 'integer', name: 'recurring_count', nullable: true })
  recurringCount!: number | null;

  @Column({ type: 'date', name: 'recurring_end', nullable: true })
  recurringEnd!: string | null;

  @Column({ type: 'uuid', name: 'recurring_group_id', nullable: true })
  recurringGroupId!: string | null;

  @Column({ type: 'boolean', name: 'recurring_group_main', default: false })
  recurringGroupMain!: boolean;

  /** filled by messaging (WhatsApp reminder status) */
  @Column({ type: 'smallint', name: 'reminder_status', nullable: true })
  reminderStatus!: number | null;

  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'now()' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', name: 'updated_at', default: () => 'now()' })
  updatedAt!: Date;
}
