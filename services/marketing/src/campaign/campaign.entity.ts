import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { AudienceFilters } from '@pawline/contracts';

/** R3.11 a store's campaign (spec §3); the audience's filters as the form sent them. */
@Entity('campaign')
@Index('ix_campaign_orga_time', ['orgaId', 'time', 'id'])
@Index('ix_campaign_store_time', ['orgaId', 'storeId', 'time', 'id'])
@Index('ix_campaign_queued', ['sendAt'], { where: `"state" = 'queued'` })
export class CampaignEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  @Column({ type: 'uuid', name: 'store_id' })
  storeId!: string;

  @Column({ type: 'varchar', length: 200 })
  name!: string;

  @Column({ type: 'varchar', length: 1000, default: '' })
  summary!: string;

  @Column({ type: 'timestamptz', name: 'send_at', nullable: true })
  sendAt!: Date | null;

  /** draft | queued | sent (R4.13) */
  @Column({ type: 'varchar', length: 10, default: 'draft' })
  state!: string;

  @Column({ type: 'uuid', name: 'template_id', nullable: true })
  templateId!: string | null;

  @Column({ type: 'jsonb' })
  filters!: AudienceFilters;

  /** the last change: the list's paging key (spec §7 last time) */
  @Column({ type: 'timestamptz', default: () => 'now()' })
  time!: Date;

  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'now()' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', name: 'queued_at', nullable: true })
  queuedAt!: Date | null;

  @Column({ type: 'timestamptz', name: 'sent_at', nullable: true })
  sentAt!: Date | null;
}

/** R3.11 a customer of a sent campaign: the message status and the opener's confirmation, from messaging's events. */
@Entity('campaign_customer')
@Index('ix_campaign_customer_orga', ['orgaId'])
export class CampaignCustomerEntity {
  @PrimaryColumn({ type: 'uuid', name: 'campaign_id' })
  campaignId!: string;

  @PrimaryColumn({ type: 'uuid', name: 'customer_id' })
  customerId!: string;

  @Column({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  @Column({ type: 'varchar', length: 200, name: 'first_name', default: '' })
  firstName!: string;

  @Column({ type: 'varchar', length: 200, name: 'last_name', default: '' })
  lastName!: string;

  @Column({ type: 'uuid', name: 'outbound_id', nullable: true })
  outboundId!: string | null;

  @Column({ type: 'smallint', name: 'actual_message_status', nullable: true })
  actualMessageStatus!: number | null;

  @Column({ type: 'boolean', name: 'opener_messages_confirmed', default: false })
  openerMessagesConfirmed!: boolean;
}
