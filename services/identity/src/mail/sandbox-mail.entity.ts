import { Entity, Index } from 'typeorm';
import { MailColumns } from './mail-columns';

/** A mail "sent" by the sandbox transport: kept for /dev/mailbox and tests. */
@Entity('sandbox_mail')
@Index('ix_sandbox_mail_created_at', ['createdAt'])
export class SandboxMailEntity extends MailColumns {}
