import { Controller } from '@nestjs/common';
import { createNotificationRpc, paymentFailedEvent, type EventEnvelope, type EventPayload } from '@pawline/contracts';
import { EventHandler, NatsRpcClient } from '@pawline/nest-kit';

/** '49.00' from 4900 cents: the notification's amount (the shell shows it with the euro sign). */
export function euros(cents: number): string {
  return (cents / 100).toFixed(2);
}

/**
 * A declined charge becomes a PAYMENT_FAILED notification of the organization (no store: every store's
 * list shows it), which messaging lists to its administrators only (docs/adr/0031). One per payment:
 * the payment's id is the dedupe key, so a redelivered event makes no second one.
 */
@Controller()
export class PaymentFailedNotifier {
  constructor(private readonly rpc: NatsRpcClient) {}

  @EventHandler({ durable: 'billing-payment-failed-notification', events: [paymentFailedEvent], maxDeliver: 10 })
  async onPaymentFailed(event: EventEnvelope<EventPayload<typeof paymentFailedEvent>>): Promise<void> {
    const { orga_id, payment_id, amount_cents } = event.data;
    await this.rpc.call(
      createNotificationRpc,
      {
        orga_id,
        store_id: null,
        notification_type: 'PAYMENT_FAILED',
        belongs_to: payment_id,
        title: 'notificationPaymentFailed',
        text: 'notificationPaymentFailedText',
        params: { amount: euros(amount_cents) },
        dedupe_key: payment_id,
      },
      { auth: null, lang: 'en' },
    );
  }
}
