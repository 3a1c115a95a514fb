import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A mail queued in the same transaction as the change that causes it; the dispatcher sends it after commit. */
@Entity('outgoing_mail')
@Index('ix_outgoing_mail_sent_at', ['sentAt'])
export class OutgoingMailEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'varchar', length: 254, name: 'to' })
  to!: string;

  @Column({ type: 'text' })
  subject!: string;

  @Column({ type: 'text' })
  text!: string;

  @Column({ type: 'text' })
  html!: string;

  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'now()' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', name: 'sent_at', nullable: true })
  sentAt!: Date | null;

  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  @Column({ type: 'text', name: 'last_error', nullable: true })
  lastError!: string | null;
}
