import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { WebhookEndpointEntity } from '../endpoint/endpoint.entity';

/**
 * One event for one endpoint and how its sending went (migrations/1796672046491-webhooks-init.ts). The
 * body is kept as sent, so every attempt and a redelivery send the same bytes, signed anew.
 */
@Entity('webhook_delivery')
@Index('ux_webhook_delivery_event', ['endpointId', 'eventId'], { unique: true })
@Index('ix_webhook_delivery_log', ['endpointId', 'createdAt', 'id'])
@Index('ix_webhook_delivery_due', ['status', 'nextAttemptAt'])
@Index('ix_webhook_delivery_orga', ['orgaId'])
export class WebhookDeliveryEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  @Column({ type: 'uuid', name: 'endpoint_id' })
  endpointId!: string;

  @ManyToOne(() => WebhookEndpointEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'endpoint_id', foreignKeyConstraintName: 'fk_webhook_delivery_endpoint' })
  endpoint?: WebhookEndpointEntity;

  @Column({ type: 'uuid', name: 'event_id' })
  eventId!: string;

  @Column({ type: 'varchar', length: 64, name: 'event_type' })
  eventType!: string;

  @Column({ type: 'text' })
  body!: string;

  /** pending, sending (claimed by a worker until locked_until), delivered or failed */
  @Column({ type: 'varchar', length: 16, default: 'pending' })
  status!: string;

  @Column({ type: 'int', default: 0 })
  attempts!: number;

  @Column({ type: 'int', name: 'response_code', nullable: true })
  responseCode!: number | null;

  @Column({ type: 'varchar', length: 300, nullable: true })
  error!: string | null;

  /** the retries' three days count from here: the first attempt, or the last redelivery */
  @Column({ type: 'timestamptz', name: 'window_start', default: () => 'now()' })
  windowStart!: Date;

  @Column({ type: 'timestamptz', name: 'next_attempt_at', nullable: true, default: () => 'now()' })
  nextAttemptAt!: Date | null;

  @Column({ type: 'timestamptz', name: 'locked_until', nullable: true })
  lockedUntil!: Date | null;

  @Column({ type: 'timestamptz', name: 'last_attempt_at', nullable: true })
  lastAttemptAt!: Date | null;

  @Column({ type: 'timestamptz', name: 'delivered_at', nullable: true })
  deliveredAt!: Date | null;

  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}
