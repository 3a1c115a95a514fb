import { randomUUID } from 'node:crypto';
import { Controller, Inject } from '@nestjs/common';
import {
  REMINDER_STATUS,
  campaignMessageStatusEvent,
  campaignSendRequestedEvent,
  sendMessageWork,
  type EventEnvelope,
  type EventPayload,
} from '@pawline/contracts';
import { EventHandler, OutboxService } from '@pawline/nest-kit';
import type { EntityManager } from 'typeorm';
import {
  MESSAGE_QUOTA,
  TEMPLATE_COMPOSER,
  isRefusal,
  type ComposedReminder,
  type ComposeRefusal,
  type MessageQuota,
  type TemplateComposer,
} from '../ports';
import { buttonPayloadsFor } from '../ports/button-payload';
import { campaignDedupeKey } from './campaign-message';

/**
 * R4.13 a sent campaign's messages go through the reminders' work queue (not a second sender): one
 * outbound_message of kind 'campaign' per customer, written with its job in this transaction, once per
 * campaign and customer whatever repeats (the dedupe key). Each uses the organization's allowance (spec §8):
 * past it, the message is failed, as an over-plan reminder is. Each customer's status goes back to marketing.
 */
@Controller()
export class CampaignSendConsumer {
  constructor(
    @Inject(TEMPLATE_COMPOSER) private readonly composer: TemplateComposer,
    @Inject(MESSAGE_QUOTA) private readonly quota: MessageQuota,
    private readonly outbox: OutboxService,
  ) {}

  @EventHandler({ durable: 'messaging-campaign-send', events: [campaignSendRequestedEvent], maxDeliver: 8 })
  async onSendRequested(event: EventEnvelope<EventPayload<typeof campaignSendRequestedEvent>>, manager: EntityManager): Promise<void> {
    const { orga_id: orgaId, store_id: storeId, campaign_id: campaignId } = event.data;
    const meta = { orgaId, storeId, actor: null };
    const keys = event.data.customer_ids.map((customerId) => campaignDedupeKey(campaignId, customerId));
    const known = await manager.query<{ dedupe_key: string }[]>(
      `SELECT dedupe_key FROM outbound_message WHERE dedupe_key = ANY($1::text[])`,
      [keys],
    );
    const done = new Set(known.map((row) => row.dedupe_key));
    const todo = event.data.customer_ids.filter((customerId) => !done.has(campaignDedupeKey(campaignId, customerId)));
    const composed: { customerId: string; message: ComposedReminder }[] = [];
    const refused: { customerId: string; refusal: ComposeRefusal }[] = [];
    for (const customerId of todo) {
      const message = await this.composer.composeCampaign({ orgaId, storeId, customerId, templateId: event.data.template_id });
      if (message && isRefusal(message)) refused.push({ customerId, refusal: message });
      else if (message) composed.push({ customerId, message });
      else {
        const status = { orga_id: orgaId, store_id: storeId, campaign_id: campaignId, customer_id: customerId, outbound_id: null };
        await this.outbox.add(manager, campaignMessageStatusEvent, { ...status, status: REMINDER_STATUS.failed }, meta);
      }
    }
    for (const { customerId, refusal } of refused) await this.writeRefused(manager, event.data, customerId, refusal);
    if (composed.length === 0) return;
    const granted = Math.max(0, Math.min(composed.length, await this.quota.reserve(orgaId, composed.length)));
    for (const [index, { customerId, message }] of composed.entries()) {
      const id = randomUUID();
      const status = index < granted ? REMINDER_STATUS.in_process : REMINDER_STATUS.failed;
      const inserted = await manager.query<{ id: string }[]>(
        `INSERT INTO outbound_message (id, orga_id, store_id, kind, template_type, customer_id, dedupe_key, to_phone, content, status, last_error)
         VALUES ($1, $2, $3, 'campaign', 3, $4, $5, $6, $7, $8, $9) ON CONFLICT (dedupe_key) DO NOTHING RETURNING id`,
        [
          id,
          orgaId,
          storeId,
          customerId,
          campaignDedupeKey(campaignId, customerId),
          message.to,
          // the buttons' payloads name this message, so a tap finds the campaign and the customer (button-payload.ts)
          JSON.stringify({ ...withoutRegistration(message), kind: 'template', buttonPayloads: buttonPayloadsFor(message.buttons, id) }),
          status,
          status === REMINDER_STATUS.failed ? 'plan limit reached' : null,
        ],
      );
      if (inserted.length === 0) continue;
      if (status === REMINDER_STATUS.in_process) await this.outbox.add(manager, sendMessageWork, { outbound_id: id }, meta);
      await this.outbox.add(
        manager,
        campaignMessageStatusEvent,
        { orga_id: orgaId, store_id: storeId, campaign_id: campaignId, customer_id: customerId, outbound_id: id, status },
        meta,
      );
    }
  }

  /** A customer's message that cannot go (no approved marketing template, no number): kept with its reason, marketing told. */
  private async writeRefused(
    manager: EntityManager,
    data: EventPayload<typeof campaignSendRequestedEvent>,
    customerId: string,
    refusal: ComposeRefusal,
  ): Promise<void> {
    const { orga_id: orgaId, store_id: storeId, campaign_id: campaignId } = data;
    const id = randomUUID();
    const inserted = await manager.query<{ id: string }[]>(
      `INSERT INTO outbound_message (id, orga_id, store_id, kind, template_type, customer_id, dedupe_key, to_phone, content, status, last_error, reason_code)
       SELECT $1, $2, $3, 'campaign', 3, $4, $5, COALESCE(c.phone, ''), $6, $7, $8, $9 FROM (SELECT 1) one
         LEFT JOIN dir_customer c ON c.customer_id = $4
       ON CONFLICT (dedupe_key) DO NOTHING RETURNING id`,
      [
        id,
        orgaId,
        storeId,
        customerId,
        campaignDedupeKey(campaignId, customerId),
        JSON.stringify({ kind: 'refused', to: '', reason: refusal.refused, detail: refusal.detail }),
        REMINDER_STATUS.undelivered,
        refusal.detail,
        refusal.refused,
      ],
    );
    if (inserted.length === 0) return;
    await this.outbox.add(
      manager,
      campaignMessageStatusEvent,
      {
        orga_id: orgaId,
        store_id: storeId,
        campaign_id: campaignId,
        customer_id: customerId,
        outbound_id: id,
        status: REMINDER_STATUS.undelivered,
      },
      { orgaId, storeId, actor: null },
    );
  }
}

function withoutRegistration(message: ComposedReminder): Omit<ComposedReminder, 'registrationId'> {
  const { registrationId: _registration, ...rest } = message;
  return rest;
}
