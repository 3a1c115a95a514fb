import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** identity's stores, counted for the extra-store charge (R9.02). */
@Entity('store_fact')
@Index('ix_store_fact_orga', ['orgaId'])
export class StoreFactEntity {
  @PrimaryColumn({ type: 'uuid', name: 'store_id' })
  storeId!: string;

  @Column({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;
}

/** A reminder messaging sent (evt.messaging.reminder.status-changed.v1, sent), once per outbound message. */
@Entity('reminder_usage')
@Index('ix_reminder_usage_orga_period', ['orgaId', 'period'])
export class ReminderUsageEntity {
  @PrimaryColumn({ type: 'uuid', name: 'outbound_id' })
  outboundId!: string;

  @Column({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  @Column({ type: 'varchar', length: 7 })
  period!: string;

  @Column({ type: 'timestamptz', name: 'sent_at' })
  sentAt!: Date;
}
