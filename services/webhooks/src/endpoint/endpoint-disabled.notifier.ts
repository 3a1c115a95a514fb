import { Controller } from '@nestjs/common';
import { createNotificationRpc, webhookEndpointDisabledEvent, type EventEnvelope, type EventPayload } from '@pawline/contracts';
import { EventHandler, NatsRpcClient } from '@pawline/nest-kit';

/**
 * An endpoint switched off after three days of failures becomes a WEBHOOK_DISABLED notification of the
 * organization (no store: every store's list shows it), which messaging lists to its administrators only,
 * as billing does for a declined charge. One per switch-off: the event's id is the dedupe key.
 */
@Controller()
export class EndpointDisabledNotifier {
  constructor(private readonly rpc: NatsRpcClient) {}

  @EventHandler({ durable: 'webhooks-disabled-notification', events: [webhookEndpointDisabledEvent], maxDeliver: 10 })
  async onDisabled(event: EventEnvelope<EventPayload<typeof webhookEndpointDisabledEvent>>): Promise<void> {
    const { orga_id, endpoint_id, url } = event.data;
    await this.rpc.call(
      createNotificationRpc,
      {
        orga_id,
        store_id: null,
        notification_type: 'WEBHOOK_DISABLED',
        belongs_to: endpoint_id,
        title: 'notificationWebhookDisabled',
        text: 'notificationWebhookDisabledText',
        params: { url: url.slice(0, 500) },
        dedupe_key: event.id,
      },
      { auth: null, lang: 'en' },
    );
  }
}
