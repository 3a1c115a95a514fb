import { Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/** An event written in the service's transaction, published by the relay, in `position` order. */
@Entity('outbox_event')
@Index('IDX_outbox_event_published_at', ['publishedAt'])
export class OutboxEventEntity {
  @PrimaryGeneratedColumn({ type: 'bigint', name: 'position' })
  position!: string;

  @Column({ type: 'uuid', unique: true })
  id!: string;

  @Column({ type: 'text' })
  subject!: string;

  @Column({ type: 'jsonb' })
  envelope!: unknown;

  /** W3C trace context of the transaction that wrote it, published as NATS headers. */
  @Column({ type: 'jsonb', default: () => "'{}'" })
  headers!: Record<string, string>;

  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'now()' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', name: 'published_at', nullable: true })
  publishedAt!: Date | null;
}

/** Events a durable consumer has applied: written in the same transaction as the handler's changes. */
@Entity('processed_event')
export class ProcessedEventEntity {
  @PrimaryColumn({ type: 'text' })
  durable!: string;

  @PrimaryColumn({ type: 'uuid', name: 'event_id' })
  eventId!: string;

  @Column({ type: 'timestamptz', name: 'processed_at', default: () => 'now()' })
  processedAt!: Date;
}

/** Events a consumer gave up on after maxDeliver attempts. */
@Entity('dead_letter')
export class DeadLetterEntity {
  @PrimaryColumn({ type: 'text' })
  durable!: string;

  @PrimaryColumn({ type: 'uuid', name: 'event_id' })
  eventId!: string;

  @Column({ type: 'text' })
  subject!: string;

  @Column({ type: 'jsonb' })
  envelope!: unknown;

  @Column({ type: 'text' })
  error!: string;

  @Column({ type: 'integer' })
  deliveries!: number;

  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}

export const KIT_ENTITIES = [OutboxEventEntity, ProcessedEventEntity, DeadLetterEntity];
