import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ProviderSendError, type MessageProvider, type OutgoingMessage, type SendResult, type SenderCredentials } from '../ports';

export type SandboxChannel = 'whatsapp' | 'sms';

/** The provider names recorded on outbound messages and status events. */
export const SANDBOX_PROVIDER_NAMES: Record<SandboxChannel, string> = { whatsapp: 'sandbox', sms: 'sandbox_sms' };

/**
 * The sandbox (MESSAGING_PROVIDER=sandbox, the default on one machine): a send is a row in
 * sandbox_message, accepted at once; SandboxSimulation moves it to sent, delivered and read and
 * publishes each status as the webhook would; /dev/whatsapp shows it and answers as the customer.
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
