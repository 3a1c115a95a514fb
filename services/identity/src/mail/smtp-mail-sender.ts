import { createTransport, type Transporter } from 'nodemailer';
import type { MailSender, OutgoingMail } from './mail-sender';

export class SmtpMailSender implements MailSender {
  readonly transport = 'smtp' as const;
  private readonly transporter: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transporter = createTransport(smtpUrl);
  }

  async send(mail: OutgoingMail): Promise<void> {
    await this.transporter.sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
  }

  close(): void {
    this.transporter.close();
  }
}
