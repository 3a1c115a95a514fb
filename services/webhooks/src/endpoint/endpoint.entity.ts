import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** An organization's webhook endpoint (migrations/1796672046491-webhooks-init.ts creates it). */
@Entity('webhook_endpoint')
@Index('ix_webhook_endpoint_orga', ['orgaId', 'createdAt'])
export class WebhookEndpointEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  @Column({ type: 'varchar', length: 2000 })
  url!: string;

  @Column({ type: 'varchar', length: 120, default: '' })
  description!: string;

  @Column({ type: 'text', array: true })
  events!: string[];

  /** the signing secret sealed with WEBHOOKS_SECRET_KEY (endpoint/secret-cipher.ts) */
  @Column({ type: 'text', name: 'secret_enc' })
  secretEnc!: string;

  @Column({ type: 'varchar', length: 16, name: 'secret_prefix' })
  secretPrefix!: string;

  /** the secret the last rotation replaced, sealed the same way: it signs beside the new one until `previousSecretUntil` */
  @Column({ type: 'text', name: 'previous_secret_enc', nullable: true })
  previousSecretEnc!: string | null;

  @Column({ type: 'timestamptz', name: 'previous_secret_until', nullable: true })
  previousSecretUntil!: Date | null;

  @Column({ type: 'boolean', default: true })
  enabled!: boolean;

  @Column({ type: 'varchar', length: 16, name: 'disabled_reason', nullable: true })
  disabledReason!: string | null;

  @Column({ type: 'timestamptz', name: 'failing_since', nullable: true })
  failingSince!: Date | null;

  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'now()' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', name: 'updated_at', default: () => 'now()' })
  updatedAt!: Date;
}
