import { randomUUID } from 'node:crypto';
import { freeTextProblem, templateSendProblem, type CloudApiRefusal, type CloudTemplateStatus } from '@pawline/domain';
import { DataSource } from 'typeorm';
import { ProviderSendError, type MessageProvider, type OutgoingMessage, type SendResult, type SenderCredentials } from '../ports';
import { cloudFailure } from './whatsapp-cloud.provider';

export type SandboxChannel = 'whatsapp' | 'sms';

/** The provider names recorded on outbound messages and status events. */
export const SANDBOX_PROVIDER_NAMES: Record<SandboxChannel, string> = { whatsapp: 'sandbox', sms: 'sandbox_sms' };

/**
 * The sandbox (MESSAGING_PROVIDER=sandbox, the default on one machine): a send is a row in
 * sandbox_message, accepted at once; SandboxSimulation moves it to sent, delivered and read and
 * publishes each status as the webhook would; /dev/whatsapp shows it and answers as the customer.
 * WhatsApp's refusals are the Cloud API's (cloud-api-rules.ts): a template must be approved in the
 * number's account with as many non-empty parameters as registered, free text needs the customer's
 * message of the last 24 hours, the number must be registered.
 */
export class SandboxProvider implements MessageProvider {
  readonly name: string;

  constructor(
    private readonly db: DataSource,
    private readonly channel: SandboxChannel,
  ) {
    this.name = SANDBOX_PROVIDER_NAMES[channel];
  }

  async send(sender: SenderCredentials, message: OutgoingMessage): Promise<SendResult> {
    if (this.channel === 'whatsapp') {
      const refusal = await this.refusal(sender, message);
      if (refusal) {
        throw cloudFailure(refusal.status, { error: { code: refusal.code, message: `(#${refusal.code}) ${refusal.message}` } }, null);
      }
    }
    const providerMessageId = `${this.name}.${randomUUID()}`;
    await this.db.query(
      `INSERT INTO sandbox_message (id, orga_id, phone_number_id, customer, direction, channel, kind, content, provider_message_id, status)
       VALUES ($1, $2, $3, $4, 'out', $5, $6, $7, $8, 'accepted')`,
      [
        randomUUID(),
        sender.orgaId,
        sender.phoneNumberId,
        message.to,
        this.channel,
        message.kind,
        JSON.stringify(message),
        providerMessageId,
      ],
    );
    return { providerMessageId };
  }

  /** What the Cloud API would refuse of this send, or null. */
  private async refusal(sender: SenderCredentials, message: OutgoingMessage): Promise<CloudApiRefusal | null> {
    const [phone] = await this.db.query<{ waba_id: string; pin: string | null }[]>(
      `SELECT waba_id, pin FROM sandbox_phone_number WHERE phone_number_id = $1`,
      [sender.phoneNumberId],
    );
    if (!phone) return { status: 400, code: 100, message: 'Invalid parameter', details: 'Unknown phone number id' };
    if (phone.pin === null)
      return { status: 400, code: 133010, message: 'Phone number Not Registered', details: 'Phone number Not Registered' };
    if (message.kind === 'text') {
      const [last] = await this.db.query<{ at: Date | null }[]>(
        `SELECT max(created_at) AS at FROM sandbox_message WHERE phone_number_id = $1 AND customer = $2 AND direction = 'in'`,
        [sender.phoneNumberId, message.to],
      );
      return freeTextProblem(last?.at ? new Date(last.at).getTime() : null, Date.now());
    }
    const [template] = await this.db.query<{ status: CloudTemplateStatus; parameter_count: number }[]>(
      `SELECT status, parameter_count FROM sandbox_template WHERE waba_id = $1 AND name = $2 AND language = $3`,
      [phone.waba_id, message.templateName, message.language],
    );
    return templateSendProblem(template ? { status: template.status, parameterCount: template.parameter_count } : null, message.parameters);
  }

  /** A photo a sandbox customer sent to this sender. */
  async fetchMedia(sender: SenderCredentials, mediaId: string): Promise<{ bytes: Buffer; mimeType: string }> {
    const rows: { bytes: Buffer; mime_type: string }[] = await this.db.query(
      `SELECT bytes, mime_type FROM sandbox_media WHERE id = $1 AND phone_number_id = $2`,
      [mediaId, sender.phoneNumberId],
    );
    const row = rows[0];
    if (!row) throw new ProviderSendError('rejected', `sandbox media ${mediaId} does not exist for this sender`);
    return { bytes: row.bytes, mimeType: row.mime_type };
  }
}
