import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { OutgoingMessage, RefusedContent } from '../ports';

/**
 * One message we send (a reminder, a staff reply, later a campaign message): written before its job is
 * enqueued (the job carries only this id, as Nats-Msg-Id), updated by the worker and by provider
 * statuses. `dedupe_key` makes the scheduler idempotent: one reminder per appointment, type and day.
 */
@Entity('outbound_message')
@Index('ux_outbound_dedupe', ['dedupeKey'], { unique: true })
@Index('ix_outbound_provider_id', ['providerMessageId'])
@Index('ix_outbound_orga_customer', ['orgaId', 'customerId', 'createdAt'])
@Index('ix_outbound_appointment', ['appointmentId'])
@Index('ix_outbound_unqueued', ['createdAt'], { where: '"enqueued_at" IS NULL' })
export class OutboundMessageEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  @Column({ type: 'uuid', name: 'store_id', nullable: true })
  storeId!: string | null;

  /** 'reminder' | 'reply' | 'campaign' */
  @Column({ type: 'varchar', length: 20 })
  kind!: string;

  /** spec §3 template type 0–4 for reminders */
  @Column({ type: 'smallint', name: 'template_type', nullable: true })
  templateType!: number | null;

  @Column({ type: 'uuid', name: 'appointment_id', nullable: true })
  appointmentId!: string | null;

  @Column({ type: 'uuid', name: 'customer_id', nullable: true })
  customerId!: string | null;

  @Column({ type: 'uuid', name: 'pet_id', nullable: true })
  petId!: string | null;

  @Column({ type: 'varchar', length: 200, name: 'dedupe_key' })
  dedupeKey!: string;

  /** E.164 digits without '+' */
  @Column({ type: 'varchar', length: 20, name: 'to_phone' })
  toPhone!: string;

  /** 'whatsapp' | 'sms' */
  @Column({ type: 'varchar', length: 10, default: 'whatsapp' })
  channel!: string;

  @Column({ type: 'varchar', length: 40, nullable: true })
  provider!: string | null;

  @Column({ type: 'varchar', length: 200, name: 'provider_message_id', nullable: true })
  providerMessageId!: string | null;

  @Column({ type: 'jsonb' })
  content!: OutgoingMessage | RefusedContent;

  /** REMINDER_STATUS of libs/contracts (messaging) */
  @Column({ type: 'smallint' })
  status!: number;

  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  @Column({ type: 'varchar', length: 500, name: 'last_error', nullable: true })
  lastError!: string | null;

  /** why it was not sent, for staff (OUTBOUND_REASONS of libs/contracts: template_pending, not_connected …) */
  @Column({ type: 'varchar', length: 60, name: 'reason_code', nullable: true })
  reasonCode!: string | null;

  /** the template registration it was sent with (its name, language and version are in content) */
  @Column({ type: 'uuid', name: 'waba_template_id', nullable: true })
  wabaTemplateId!: string | null;

  /** when the provider's status last moved it (forward only) */
  @Column({ type: 'timestamptz', name: 'status_at', nullable: true })
  statusAt!: Date | null;

  @Column({ type: 'timestamptz', name: 'sent_at', nullable: true })
  sentAt!: Date | null;

  /** messaging-worker's claim: no other worker sends this message before it passes (null: unclaimed) */
  @Column({ type: 'timestamptz', name: 'claimed_until', nullable: true })
  claimedUntil!: Date | null;

  /** the SMS sent instead when WhatsApp could not deliver (spec §4 'WhatsApp failed, SMS will be sent') */
  @Column({ type: 'varchar', length: 200, name: 'sms_message_id', nullable: true })
  smsMessageId!: string | null;

  /** the W3C trace context of the provider call (traceparent, tracestate): the provider's statuses continue that trace */
  @Column({ type: 'jsonb', name: 'send_trace', nullable: true })
  sendTrace!: Record<string, string> | null;

  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'now()' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', name: 'updated_at', default: () => 'now()' })
  updatedAt!: Date;

  /** when its job was accepted by JetStream; null after a crash between the row and the publish (the scheduler's sweep) */
  @Column({ type: 'timestamptz', name: 'enqueued_at', nullable: true })
  enqueuedAt!: Date | null;
}
