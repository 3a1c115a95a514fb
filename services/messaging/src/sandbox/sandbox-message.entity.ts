import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A message the sandbox "sent" (direction out, WhatsApp or SMS) or a sandbox customer's answer (in).
 * Out: accepted → sent → delivered → read (or failed), moved by SandboxSimulation. In: received.
 */
@Entity('sandbox_message')
@Index('ux_sandbox_message_provider_id', ['providerMessageId'], { unique: true })
@Index('ix_sandbox_message_conversation', ['phoneNumberId', 'customer', 'createdAt'])
@Index('ix_sandbox_message_status', ['status', 'statusAt'])
export class SandboxMessageEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  @Column({ type: 'varchar', length: 100, name: 'phone_number_id' })
  phoneNumberId!: string;

  /** E.164 digits without '+' */
  @Column({ type: 'varchar', length: 20 })
  customer!: string;

  /** 'out' | 'in' */
  @Column({ type: 'varchar', length: 3 })
  direction!: string;

  /** 'whatsapp' | 'sms' */
  @Column({ type: 'varchar', length: 10 })
  channel!: string;

  /** 'template' | 'text' | 'button' | 'media' */
  @Column({ type: 'varchar', length: 10 })
  kind!: string;

  /** out: the OutgoingMessage; in: { text, payload, context, media } */
  @Column({ type: 'jsonb' })
  content!: Record<string, unknown>;

  @Column({ type: 'varchar', length: 200, name: 'provider_message_id' })
  providerMessageId!: string;

  @Column({ type: 'varchar', length: 12 })
  status!: string;

  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'now()' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', name: 'status_at', default: () => 'now()' })
  statusAt!: Date;
}
