import type { PlanLimitsView } from '@pawline/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';
import { PlaceColumns } from './address-columns';

/** The identity-owned fields of an organization (spec §3). */
@Entity('organization')
export class OrganizationEntity extends PlaceColumns {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'boolean', name: 'address_from_owner', default: true })
  addressFromOwner!: boolean;

  /** 0 free trial, above 0 paid (R1.01). */
  @Column({ type: 'integer', default: 0 })
  tier!: number;

  /** The Customized plan's agreed limits, from billing's event (docs/adr/0031); null: the tier's defaults. */
  @Column({ type: 'jsonb', name: 'plan_limits', nullable: true })
  planLimits!: PlanLimitsView | null;

  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'now()' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', name: 'subscribed_since', nullable: true })
  subscribedSince!: Date | null;

  /** For tier 0 the end of the free trial. */
  @Column({ type: 'timestamptz', name: 'subscribed_until', nullable: true })
  subscribedUntil!: Date | null;

  @Column({ type: 'boolean', name: 'share_pets', default: false })
  sharePets!: boolean;

  @Column({ type: 'text', name: 'admin_notification', nullable: true })
  adminNotification!: string | null;

  @Column({ type: 'smallint', name: 'min_rank_read_store', default: 4 })
  minRankReadStore!: number;

  @Column({ type: 'smallint', name: 'min_rank_write_store', default: 3 })
  minRankWriteStore!: number;

  @Column({ type: 'smallint', name: 'min_rank_read_pets', default: 4 })
  minRankReadPets!: number;

  @Column({ type: 'smallint', name: 'min_rank_write_pets', default: 3 })
  minRankWritePets!: number;

  @Column({ type: 'varchar', length: 64, name: 'promo_code', nullable: true })
  promoCode!: string | null;

  /** What the calendar's appointment cards show: a JSON list of card fields; null for the default card. */
  @Column({ type: 'varchar', length: 500, name: 'appointment_card_custom', nullable: true })
  appointmentCardCustom!: string | null;
}
