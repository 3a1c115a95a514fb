import { randomInt, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { SandboxConversation, SandboxMessage, sendSandboxReplyRpc, RpcRequest } from '@pawline/contracts';
import { RpcError, SERVICE_CONFIG } from '@pawline/nest-kit';
import { DataSource } from 'typeorm';
import type { MessagingConfig } from '../messaging.config';
import type { OutgoingMessage } from '../ports';
import { SANDBOX_PROVIDER_NAMES } from '../provider/sandbox.provider';
import { ProviderEventsService } from '../webhook/provider-events.service';
import type { InboundMessage } from '../webhook/whatsapp-webhook';

/** spec §3 button sets: the quick replies a template shows, by their payload's position. */
export const BUTTON_LABELS: Record<number, string[]> = {
  0: [],
  1: ['Confirm', 'Decline'],
  2: ['Read', "Don't read"],
  3: ['Read', "Don't read", 'Unsubscribe'],
  // issue 30 a waitlist offer
  4: ['Take it'],
};

type Row = {
  id: string;
  orga_id: string;
  direction: 'out' | 'in';
  channel: 'whatsapp' | 'sms';
  kind: SandboxMessage['kind'];
  content: Record<string, unknown>;
  provider_message_id: string;
  status: string;
  created_at: Date;
};

/** What the sandbox customer sends, after the checks. */
type Reply = RpcRequest<typeof sendSandboxReplyRpc>;

/** The PNG or JPEG signature at the start of a file. */
function imageTypeOf(bytes: Buffer): 'image/png' | 'image/jpeg' | null {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
}

/** The sandbox as /dev/whatsapp sees it: conversations, their messages, and the customer's answers. */
@Injectable()
export class SandboxService {
  constructor(
    private readonly db: DataSource,
    private readonly events: ProviderEventsService,
    @Inject(SERVICE_CONFIG) private readonly config: MessagingConfig,
  ) {}

  private requireSandbox(): void {
    if (this.config.MESSAGING_PROVIDER !== 'sandbox') throw new RpcError('not_found');
  }

  async conversations(): Promise<SandboxConversation[]> {
    this.requireSandbox();
    const rows: { orga_id: string; phone_number_id: string; customer: string; messages: string; last_at: Date }[] = await this.db.query(
      `SELECT (array_agg(orga_id ORDER BY created_at DESC))[1] AS orga_id, phone_number_id, customer,
              count(*) AS messages, max(created_at) AS last_at
       FROM sandbox_message GROUP BY phone_number_id, customer ORDER BY max(created_at) DESC LIMIT 200`,
    );
    return rows.map((row) => ({ ...row, messages: Number(row.messages), last_at: new Date(row.last_at).toISOString() }));
  }

  async messages(phoneNumberId: string, customer: string): Promise<SandboxMessage[]> {
    this.requireSandbox();
    const rows: Row[] = await this.db.query(
      `SELECT * FROM (
         SELECT id, orga_id, direction, channel, kind, content, provider_message_id, status, created_at
         FROM sandbox_message WHERE phone_number_id = $1 AND customer = $2 ORDER BY created_at DESC, id DESC LIMIT 200) latest
       ORDER BY created_at, id`,
      [phoneNumberId, customer],
    );
    return rows.map((row) => this.shown(row));
  }

  private shown(row: Row): SandboxMessage {
    const content = row.content;
    const media = content['media'] as { media_id: string; mime_type: string; size: number } | undefined;
    let text = typeof content['text'] === 'string' ? content['text'] : '';
    let buttons: SandboxMessage['buttons'] = [];
    if (row.direction === 'out' && row.kind === 'template') {
      const message = content as unknown as Extract<OutgoingMessage, { kind: 'template' }>;
      text = message.renderedText;
      const labels = BUTTON_LABELS[message.buttons] ?? [];
      // an SMS has no buttons to tap
      if (row.channel === 'whatsapp')
        buttons = message.buttonPayloads.map((payload, i) => ({ label: labels[i] ?? `Option ${i + 1}`, payload }));
    }
    return {
      id: row.id,
      direction: row.direction,
      channel: row.channel,
      kind: row.kind,
      text,
      buttons,
      media: media ?? null,
      provider_message_id: row.provider_message_id,
      status: row.status,
      created_at: new Date(row.created_at).toISOString(),
    };
  }

  /** The customer's answer: kept as an inbound row and published as evt.messaging.inbound.received.v1, as the webhook would. */
  async reply(input: Reply): Promise<{ provider_message_id: string }> {
    this.requireSandbox();
    return this.db.transaction(async (manager) => {
      const latest: { orga_id: string }[] = await manager.query(
        `SELECT orga_id FROM sandbox_message WHERE phone_number_id = $1 AND customer = $2 AND direction = 'out'
         ORDER BY created_at DESC LIMIT 1`,
        [input.phone_number_id, input.customer],
      );
      const orgaId = latest[0]?.orga_id;
      // the sandbox customer answers a salon that wrote to them; there is no conversation to start
      if (!orgaId) throw new RpcError('not_found');
      const providerMessageId = `${SANDBOX_PROVIDER_NAMES.whatsapp}.in.${randomUUID()}`;
      const inbound: InboundMessage = {
        provider: SANDBOX_PROVIDER_NAMES.whatsapp,
        provider_message_id: providerMessageId,
        from: input.customer,
        profile_name: null,
        at: new Date().toISOString(),
        kind: input.kind,
        text: null,
        button_payload: null,
        context_message_id: null,
        media: [],
      };
      let content: Record<string, unknown>;
      if (input.kind === 'text') {
        inbound.text = input.text;
        content = { text: input.text };
      } else if (input.kind === 'button') {
        const tapped = await this.tapped(manager, input);
        inbound.button_payload = input.payload;
        inbound.text = tapped.label;
        inbound.context_message_id = tapped.providerMessageId;
        content = { text: tapped.label, payload: input.payload, context: tapped.providerMessageId };
      } else {
        const bytes = Buffer.from(input.base64, 'base64');
        if (imageTypeOf(bytes) !== input.mime_type) {
          throw new RpcError('validation_failed', { fields: { base64: 'The photo must be a PNG or JPEG file of the type named' } });
        }
        // a WhatsApp-like numeric id of 15 digits (randomInt stops below 2^48)
        const mediaId = `${randomInt(10 ** 6, 10 ** 7)}${randomInt(10 ** 7, 10 ** 8)}`;
        await manager.query(`INSERT INTO sandbox_media (id, orga_id, phone_number_id, mime_type, bytes) VALUES ($1, $2, $3, $4, $5)`, [
          mediaId,
          orgaId,
          input.phone_number_id,
          input.mime_type,
          bytes,
        ]);
        inbound.text = input.caption;
        inbound.media = [{ media_id: mediaId, mime_type: input.mime_type, caption: input.caption }];
        content = { text: input.caption ?? '', media: { media_id: mediaId, mime_type: input.mime_type, size: bytes.length } };
      }
      await manager.query(
        `INSERT INTO sandbox_message (id, orga_id, phone_number_id, customer, direction, channel, kind, content, provider_message_id, status)
         VALUES ($1, $2, $3, $4, 'in', 'whatsapp', $5, $6, $7, 'received')`,
        [randomUUID(), orgaId, input.phone_number_id, input.customer, input.kind, JSON.stringify(content), providerMessageId],
      );
      await this.events.publish(manager, orgaId, [], [inbound]);
      return { provider_message_id: providerMessageId };
    });
  }

  /** The template whose quick reply was tapped: it must be this conversation's and carry that payload. */
  private async tapped(
    manager: { query: DataSource['query'] },
    input: Extract<Reply, { kind: 'button' }>,
  ): Promise<{ label: string; providerMessageId: string }> {
    const rows: Row[] = await manager.query(
      `SELECT id, orga_id, direction, channel, kind, content, provider_message_id, status, created_at FROM sandbox_message
       WHERE id = $1 AND phone_number_id = $2 AND customer = $3 AND direction = 'out' AND channel = 'whatsapp' AND kind = 'template'`,
      [input.message_id, input.phone_number_id, input.customer],
    );
    const row = rows[0];
    if (!row) throw new RpcError('not_found');
    const button = this.shown(row).buttons.find((candidate) => candidate.payload === input.payload);
    if (!button) throw new RpcError('validation_failed', { fields: { payload: 'This message has no such button' } });
    return { label: button.label, providerMessageId: row.provider_message_id };
  }
}
