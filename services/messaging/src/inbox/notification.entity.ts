import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * spec §3 Notification of a store (store_id null: of the organization, listed in every store).
 * title/text are i18n keys of the `shell` namespace with their params (ADR 0019).
 */
@Entity('notification')
@Index('ix_notification_store_time', ['orgaId', 'storeId', 'time', 'id'])
@Index('ix_notification_key', ['orgaId', 'belongsTo', 'notificationType'])
@Index('ux_notification_dedupe', ['dedupeKey'], { unique: true })
export class NotificationEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  @Column({ type: 'uuid', name: 'store_id', nullable: true })
  storeId!: string | null;

  @Column({ type: 'varchar', length: 40, name: 'notification_type' })
  notificationType!: string;

  @Column({ type: 'varchar', length: 40, name: 'belongs_to' })
  belongsTo!: string;

  @Column({ type: 'timestamptz', nullable: true })
  seen!: Date | null;

  @Column({ type: 'timestamptz' })
  time!: Date;

  @Column({ type: 'varchar', length: 100 })
  title!: string;

  @Column({ type: 'varchar', length: 100 })
  text!: string;

  @Column({ type: 'jsonb' })
  params!: Record<string, string>;

  /** the creator's idempotency key (an event or answer id); null for a raised-again customer-message one */
  @Column({ type: 'varchar', length: 200, name: 'dedupe_key', nullable: true })
  dedupeKey!: string | null;
}
