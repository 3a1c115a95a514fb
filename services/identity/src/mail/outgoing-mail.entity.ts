import { Column, Entity, Index } from 'typeorm';
import { MailColumns } from './mail-columns';

/** A mail queued in the same transaction as the change that causes it; the dispatcher sends it after commit. */
@Entity('outgoing_mail')
@Index('ix_outgoing_mail_sent_at', ['sentAt'])
export class OutgoingMailEntity extends MailColumns {
  @Column({ type: 'timestamptz', name: 'sent_at', nullable: true })
  sentAt!: Date | null;

  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  @Column({ type: 'text', name: 'last_error', nullable: true })
  lastError!: string | null;
}
