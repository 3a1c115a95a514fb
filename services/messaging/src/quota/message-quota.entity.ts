import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * An organization's message allowance (spec §3 msg_left / msg_entitled, §8, §9) and what it is
 * computed from: the tier and creation time (identity's events), the zone of its first store.
 */
@Entity('message_quota')
@Index('ix_message_quota_refresh', ['refreshedOn'])
export class MessageQuotaEntity {
  @PrimaryColumn({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  @Column({ type: 'uuid', name: 'owner_user_id', nullable: true })
  ownerUserId!: string | null;

  @Column({ type: 'smallint' })
  tier!: number;

  @Column({ type: 'timestamptz', name: 'orga_created_at' })
  orgaCreatedAt!: Date;

  @Column({ type: 'varchar', length: 64, name: 'time_zone' })
  timeZone!: string;

  /** the store whose zone time_zone is (the first one seen); null until a store is known */
  @Column({ type: 'uuid', name: 'zone_store_id', nullable: true })
  zoneStoreId!: string | null;

  @Column({ type: 'varchar', length: 2, nullable: true })
  country!: string | null;

  /** 'YYYY-MM' in time_zone */
  @Column({ type: 'varchar', length: 7 })
  period!: string;

  @Column({ type: 'integer', name: 'msg_left' })
  msgLeft!: number;

  @Column({ type: 'integer', name: 'msg_entitled' })
  msgEntitled!: number;

  /** 'trial' | 'plan' | 'tier_default' */
  @Column({ type: 'varchar', length: 20 })
  source!: string;

  @Column({ type: 'integer', name: 'over_plan_free_left' })
  overPlanFreeLeft!: number;

  @Column({ type: 'integer', name: 'over_plan_billed' })
  overPlanBilled!: number;

  /** the local day of the last daily refresh (R4.23) */
  @Column({ type: 'date', name: 'refreshed_on', nullable: true })
  refreshedOn!: string | null;

  @Column({ type: 'timestamptz', name: 'refreshed_at', nullable: true })
  refreshedAt!: Date | null;

  @Column({ type: 'timestamptz', name: 'updated_at', default: () => 'now()' })
  updatedAt!: Date;
}
