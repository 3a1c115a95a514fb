import { randomUUID } from 'node:crypto';
import { campaignMessageStatusEvent, type EventEnvelope, type EventPayload } from '@pawline/contracts';

// A campaign's message is an outbound_message of kind 'campaign' whose dedupe key names the campaign and the
// customer: messaging sends each customer of a campaign one message whatever repeats, and each status move of
// it is told to marketing (evt.messaging.campaign-message.status-changed.v1) without a column of its own.

const KEY = /^campaign:([0-9a-f-]{36}):([0-9a-f-]{36})$/;

export function campaignDedupeKey(campaignId: string, customerId: string): string {
  return `campaign:${campaignId}:${customerId}`;
}

/** The campaign and customer of a campaign message's dedupe key, or null for any other message. */
export function campaignOfDedupeKey(key: string | null | undefined): { campaignId: string; customerId: string } | null {
  const match = key ? KEY.exec(key) : null;
  return match ? { campaignId: match[1] ?? '', customerId: match[2] ?? '' } : null;
}

type StatusRow = { id: string; orga_id: string; store_id: string | null; dedupe_key: string };

/** The status event of each campaign message among these rows, as the outbox stores it. */
export function campaignStatusEnvelopes(
  rows: readonly StatusRow[],
  status: number,
  confirmed?: boolean,
): EventEnvelope<EventPayload<typeof campaignMessageStatusEvent>>[] {
  const occurredAt = new Date().toISOString();
  return rows.flatMap((row) => {
    const campaign = campaignOfDedupeKey(row.dedupe_key);
    if (!campaign) return [];
    const data = campaignMessageStatusEvent.payload.parse({
      orga_id: row.orga_id,
      store_id: row.store_id,
      campaign_id: campaign.campaignId,
      customer_id: campaign.customerId,
      outbound_id: row.id,
      status,
      ...(confirmed === undefined ? {} : { confirmed }),
    });
    return [
      {
        id: randomUUID(),
        subject: campaignMessageStatusEvent.subject,
        occurredAt,
        orgaId: row.orga_id,
        storeId: row.store_id,
        actor: null,
        data,
      },
    ];
  });
}
