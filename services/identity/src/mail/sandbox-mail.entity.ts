import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A mail "sent" by the sandbox transport: kept for /dev/mailbox and tests. */
@Entity('sandbox_mail')
@Index('ix_sandbox_mail_created_at', ['createdAt'])
export class SandboxMailEntity {
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
}
