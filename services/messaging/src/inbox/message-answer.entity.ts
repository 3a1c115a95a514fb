import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * spec §3 Message answer: one message a customer sent to the organization's number. The id is derived
 * from the provider's message id (answer-id.ts), so a redelivered webhook event is the same row.
 */
@Entity('message_answer')
@Index('ux_message_answer_provider', ['orgaId', 'provider', 'providerMessageId'], { unique: true })
@Index('ix_message_answer_store_time', ['orgaId', 'storeId', 'answerTime', 'id'])
@Index('ix_message_answer_customer_time', ['orgaId', 'customerId', 'answerTime'])
@Index('ix_message_answer_fon_time', ['orgaId', 'fon', 'answerTime'])
export class MessageAnswerEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  /** the customer's store; null for a number no customer of the organization has (every store lists it) */
  @Column({ type: 'uuid', name: 'store_id', nullable: true })
  storeId!: string | null;

  @Column({ type: 'uuid', name: 'customer_id', nullable: true })
  customerId!: string | null;

  @Column({ type: 'varchar', length: 40 })
  provider!: string;

  @Column({ type: 'varchar', length: 200, name: 'provider_message_id' })
  providerMessageId!: string;

  /** E.164 digits without '+' */
  /** E.164 digits, or the business-scoped user id of a customer who hides their number */
  @Column({ type: 'varchar', length: 40 })
  fon!: string;

  /** the WhatsApp profile name, kept for numbers no customer has */
  @Column({ type: 'varchar', length: 200, name: 'profile_name', nullable: true })
  profileName!: string | null;

  @Column({ type: 'varchar', length: 100, name: 'first_name', default: '' })
  firstName!: string;

  @Column({ type: 'varchar', length: 100, name: 'last_name', default: '' })
  lastName!: string;

  /** 'text' | 'button' | 'media' */
  @Column({ type: 'varchar', length: 10 })
  kind!: string;

  @Column({ type: 'text', default: '' })
  text!: string;

  /** confirm | decline | read | unread | unsubscribe */
  @Column({ type: 'varchar', length: 20, nullable: true })
  button!: string | null;

  /** our outbound message this one answers (button payload or WhatsApp context) */
  @Column({ type: 'uuid', name: 'outbound_id', nullable: true })
  outboundId!: string | null;

  @Column({ type: 'uuid', name: 'appointment_id', nullable: true })
  appointmentId!: string | null;

  /** highest attachment sequence, -1 without files (spec §3) */
  @Column({ type: 'integer', default: -1 })
  attachments!: number;

  @Column({ type: 'timestamptz', name: 'answer_time' })
  answerTime!: Date;

  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}
