import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * One status or customer message the webhook (or the sandbox) already published, by provider, message id
 * and status: Meta delivers at least once and retries for days, so a repeat is dropped here.
 */
@Entity('provider_receipt')
@Index('ix_provider_receipt_received', ['receivedAt'])
export class ProviderReceiptEntity {
  @PrimaryColumn({ type: 'varchar', length: 300 })
  key!: string;

  @Column({ type: 'timestamptz', name: 'received_at', default: () => 'now()' })
  receivedAt!: Date;
}
