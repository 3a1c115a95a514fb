import { Injectable } from '@nestjs/common';
import { inboundMessageReceivedEvent, providerStatusReceivedEvent } from '@pawline/contracts';
import { OutboxService } from '@pawline/nest-kit';
import type { EntityManager } from 'typeorm';
import type { InboundMessage, ProviderStatus } from './whatsapp-webhook';

/** How long a receipt is kept: Meta retries a webhook for up to 7 days. */
export const RECEIPT_DAYS = 8;

/**
 * Publishes provider statuses and customer messages through the outbox, each once: a receipt per
 * (provider, message id, status) is written in the same transaction, and one already there means a
 * repeated delivery, which is dropped. Two deliveries racing wait on the receipt's key: one publishes.
 */
@Injectable()
export class ProviderEventsService {
  constructor(private readonly outbox: OutboxService) {}

  /** Answers how many statuses and messages were published and how many were repeats. */
  async publish(
    manager: EntityManager,
    orgaId: string,
    statuses: readonly ProviderStatus[],
    messages: readonly InboundMessage[],
  ): Promise<{ statuses: number; messages: number; repeated: number }> {
    const keyed = [
      ...statuses.map((status) => ({ key: `s:${status.provider}:${status.provider_message_id}:${status.status}`, status })),
      ...messages.map((message) => ({ key: `m:${message.provider}:${message.provider_message_id}`, message })),
    ];
    if (keyed.length === 0) return { statuses: 0, messages: 0, repeated: 0 };
    const fresh: { key: string }[] = await manager.query(
      `INSERT INTO provider_receipt (key) SELECT unnest($1::text[]) ON CONFLICT (key) DO NOTHING RETURNING key`,
      [[...new Set(keyed.map((item) => item.key))]],
    );
    const publish = new Set(fresh.map((row) => row.key));
    const meta = { orgaId, storeId: null, actor: null };
    const outcome = { statuses: 0, messages: 0, repeated: 0 };
    for (const item of keyed) {
      if (!publish.delete(item.key)) {
        outcome.repeated += 1;
      } else if ('status' in item) {
        await this.outbox.add(manager, providerStatusReceivedEvent, { orga_id: orgaId, ...item.status }, meta);
        outcome.statuses += 1;
      } else {
        await this.outbox.add(manager, inboundMessageReceivedEvent, { orga_id: orgaId, ...item.message }, meta);
        outcome.messages += 1;
      }
    }
    return outcome;
  }

  /** Forgets receipts older than RECEIPT_DAYS (no retry comes that late). */
  async forgetOld(manager: EntityManager): Promise<void> {
    await manager.query(`DELETE FROM provider_receipt WHERE received_at < now() - make_interval(days => $1)`, [RECEIPT_DAYS]);
  }
}
