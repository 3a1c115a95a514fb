import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * booking's rules (R3.08), the hours groomers work, as scheduling needs them for the capacity rule
 * (docs/adr/0044): kept from booking's rule events, never read from booking's tables. A deleted rule stays as a
 * tombstone so a late created event does not bring it back.
 */
@Entity('staff_hours')
@Index('ix_staff_hours_store', ['storeId'])
export class StaffHoursEntity {
  @PrimaryColumn({ type: 'uuid', name: 'rule_id' })
  ruleId!: string;

  @Column({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  @Column({ type: 'uuid', name: 'store_id' })
  storeId!: string;

  /** null: the store's office hours */
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

  /** seconds since local midnight */
  @Column({ type: 'integer', name: 'start_s' })
  startS!: number;

  @Column({ type: 'integer', name: 'end_s' })
  endS!: number;

  @Column({ type: 'boolean', default: false })
  deleted!: boolean;
}
