import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { MailSender, OutgoingMail } from './mail-sender';
import { SandboxMailEntity } from './sandbox-mail.entity';

/** Keeps mails in the sandbox_mail table instead of sending them (MAIL_TRANSPORT unset or 'sandbox'). */
export class SandboxMailSender implements MailSender {
  readonly transport = 'sandbox' as const;

  constructor(private readonly dataSource: DataSource) {}

  async send(mail: OutgoingMail): Promise<void> {
    await this.dataSource.getRepository(SandboxMailEntity).insert({ id: randomUUID(), ...mail });
  }
}
