import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** R3.08 a booking rule: office hours (user_id null) or a groomer's, open or closed, optional dates, clock times. */
@Entity('booking_rule')
@Index('ix_booking_rule_store', ['orgaId', 'storeId', 'dateStart', 'dateEnd'])
export class BookingRuleEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  @Column({ type: 'uuid', name: 'store_id' })
  storeId!: string;

  @Column({ type: 'uuid', name: 'user_id', nullable: true })
  userId!: string | null;

  @Column({ type: 'varchar', length: 6 })
  kind!: 'open' | 'closed';

  @Column({ type: 'smallint', nullable: true })
  weekday!: number | null;

  @Column({ type: 'date', name: 'start_date', nullable: true })
  startDate!: string | null;

  @Column({ type: 'date', name: 'end_date', nullable: true })
  endDate!: string | null;

  /** Unix seconds of the first day's UTC midnight, 0 without dates (the zero-to-zero interval) */
  @Column({ type: 'bigint', name: 'date_start' })
  dateStart!: string;

  @Column({ type: 'bigint', name: 'date_end' })
  dateEnd!: string;

  @Column({ type: 'smallint', name: 'start_hour' })
  startHour!: number;

  @Column({ type: 'smallint', name: 'start_min' })
  startMin!: number;

  @Column({ type: 'smallint', name: 'start_sec' })
  startSec!: number;

  @Column({ type: 'smallint', name: 'end_hour' })
  endHour!: number;

  @Column({ type: 'smallint', name: 'end_min' })
  endMin!: number;

  @Column({ type: 'smallint', name: 'end_sec' })
  endSec!: number;

  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}
