import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A store's zone that came before its organization (identity's store and organization events travel
 * through two consumers and either can be first). Kept until the organization's quota row is made,
 * which then takes its zone from here, so the order of arrival no longer matters.
 */
@Entity('early_store_zone')
@Index('ix_early_store_zone_orga', ['orgaId', 'receivedAt'])
export class EarlyStoreZoneEntity {
  @PrimaryColumn({ type: 'uuid', name: 'store_id' })
  storeId!: string;

  @Column({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  @Column({ type: 'varchar', length: 64, name: 'time_zone' })
  timeZone!: string;

  @Column({ type: 'timestamptz', name: 'received_at', default: () => 'now()' })
  receivedAt!: Date;
}
