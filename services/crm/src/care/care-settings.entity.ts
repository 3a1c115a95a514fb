import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** Issue 31 a store's care settings; no row is the defaults (nothing required, 30 days, warn). */
@Entity('store_care_settings')
@Index('ix_store_care_settings_orga', ['orgaId'])
export class StoreCareSettingsEntity {
  @PrimaryColumn({ type: 'uuid', name: 'store_id' })
  storeId!: string;

  @Column({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  /** [{ pet_type, vaccine, treatment_ids }] as the contract's vaccineRequirementSchema checked them */
  @Column({ type: 'jsonb' })
  requirements!: unknown;

  @Column({ type: 'integer', name: 'expiring_days', default: 30 })
  expiringDays!: number;

  /** refuse | warn */
  @Column({ type: 'varchar', length: 10, name: 'booking_mode', default: 'warn' })
  bookingMode!: string;

  @Column({ type: 'timestamptz', name: 'updated_at', default: () => 'now()' })
  updatedAt!: Date;
}
