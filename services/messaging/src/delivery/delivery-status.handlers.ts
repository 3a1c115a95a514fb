import { Controller } from '@nestjs/common';
import {
  campaignMessageStatusEvent,
  providerStatusReceivedEvent,
  REMINDER_STATUS,
  reminderStatusChangedEvent,
  sendMessageWork,
  type EventEnvelope,
  type EventPayload,
  type ReminderStatus,
} from '@pawline/contracts';
import { reminderStatusAfter, type ReminderStatusName } from '@pawline/domain';
import { EventHandler, OutboxService, resumeTrace, SpanKind } from '@pawline/nest-kit';
import type { EntityManager } from 'typeorm';
import { campaignOfDedupeKey } from '../outbound/campaign-message';

type StatusEvent = EventPayload<typeof providerStatusReceivedEvent>;

const NAME_OF = new Map<number, ReminderStatusName>(
  Object.entries(REMINDER_STATUS).map(([name, value]) => [value, name as ReminderStatusName]),
);

type OutboundRow = {
  id: string;
  store_id: string | null;
  appointment_id: string | null;
  status: number;
  sms: boolean;
  kind: string;
  dedupe_key: string;
  send_trace: Record<string, string> | null;
};

/**
 * Provider statuses (the webhook's events) onto outbound messages, forward only, and onto the
 * appointment's reminder status through scheduling (spec §4). One durable keeps one message's
 * statuses in the order the webhook published them; the rule itself does not need the order.
 * Each status is handled in a span continuing the send's trace (the worker's provider call, saved on
 * the row), linked to the webhook's own trace: one trace follows a reminder to its last status.
 */
@Controller()
export class DeliveryStatusHandlers {
  constructor(private readonly outbox: OutboxService) {}

  @EventHandler({
    durable: 'messaging-delivery-status',
    events: [providerStatusReceivedEvent],
    // a status can come before the worker recorded the provider's id: a few tries cover that moment
    maxDeliver: 8,
    backoffMs: [500, 1_000, 2_000, 5_000, 10_000, 30_000],
  })
  async onStatus(event: EventEnvelope<StatusEvent>, manager: EntityManager): Promise<void> {
    const { orga_id, provider_message_id, status } = event.data;
    const [row] = await manager.query<OutboundRow[]>(
      `SELECT id, store_id, appointment_id, status, sms_message_id = $2 AS sms, kind, dedupe_key, send_trace FROM outbound_message
        WHERE orga_id = $1 AND (provider_message_id = $2 OR sms_message_id = $2) FOR UPDATE`,
      [orga_id, provider_message_id],
    );
    if (!row) throw new Error(`no outbound message has provider id ${provider_message_id} (yet)`);
    await resumeTrace(
      `provider status ${status}`,
      SpanKind.CONSUMER,
      row.send_trace,
      { 'pawline.outbound_id': row.id, 'messaging.message.id': provider_message_id },
      () => this.apply(event, manager, row),
    );
  }

  private async apply(event: EventEnvelope<StatusEvent>, manager: EntityManager, row: OutboundRow): Promise<void> {
    const { orga_id, status, error_code, error_title } = event.data;
    // the SMS sent in place of a failed WhatsApp message: its fate does not change 'WhatsApp failed'
    if (row.sms) return;
    const current = NAME_OF.get(row.status);
    const next = current ? reminderStatusAfter(current, status) : null;
    if (!next) return;
    const value: ReminderStatus = REMINDER_STATUS[next];
    const failure = status === 'failed' ? `WhatsApp ${error_code ?? ''} ${error_title ?? ''}`.trim().slice(0, 500) : null;
    await manager.query(
      `UPDATE outbound_message SET status = $2, status_at = $3, last_error = COALESCE($4, last_error), updated_at = now() WHERE id = $1`,
      [row.id, value, event.data.at, failure],
    );
    // a message WhatsApp accepted and later could not deliver: its text goes by SMS (the worker sends it once)
    if (next === 'failed') {
      await this.outbox.add(
        manager,
        sendMessageWork,
        { outbound_id: row.id, sms_fallback: true },
        { orgaId: orga_id, storeId: row.store_id, actor: null },
      );
    }
    const campaign = row.kind === 'campaign' ? campaignOfDedupeKey(row.dedupe_key) : null;
    if (campaign) {
      await this.outbox.add(
        manager,
        campaignMessageStatusEvent,
        {
          orga_id,
          store_id: row.store_id,
          campaign_id: campaign.campaignId,
          customer_id: campaign.customerId,
          outbound_id: row.id,
          status: value,
        },
        { orgaId: orga_id, storeId: row.store_id, actor: null },
      );
    }
    if (row.appointment_id && row.store_id) {
      await this.outbox.add(
        manager,
        reminderStatusChangedEvent,
        { orga_id, store_id: row.store_id, appointment_id: row.appointment_id, outbound_id: row.id, reminder_status: value },
        { orgaId: orga_id, storeId: row.store_id, actor: null },
      );
    }
  }
}
