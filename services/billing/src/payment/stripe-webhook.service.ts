import { Inject, Injectable } from '@nestjs/common';
import { PawlineLogger, RpcError, SERVICE_CONFIG } from '@pawline/nest-kit';
import Stripe from 'stripe';
import { DataSource } from 'typeorm';
import { SubscriptionStore } from '../subscription/subscription.store';
import type { BillingConfig } from './payment.config';
import { PaymentProvider } from './payment-provider';
import { StripePaymentProvider } from './stripe-payment-provider';

/** Stripe's default tolerance between a signature's timestamp and now (an old delivery replayed is refused). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

type StripeEvent = {
  id?: unknown;
  type?: unknown;
  data?: {
    object?: {
      id?: unknown;
      object?: unknown;
      metadata?: Record<string, unknown>;
      payment_method?: unknown;
      customer?: unknown;
      payment_status?: unknown;
      mode?: unknown;
      setup_intent?: unknown;
    };
  };
};

/**
 * A success settles a payment here: a checkout's session paid (`checkout.session.completed` with
 * payment_status `paid`) or its payment intent succeeded, whichever Stripe delivers first (it does not
 * promise an order); the other then finds the payment settled. A declined card leaves the session open
 * (the person may try another card on Stripe's page); a card charge of the run is settled by Stripe's own
 * answer (succeeded, or 402), a bank debit of the run by the event that ends its `processing`.
 */
function successOf(event: StripeEvent): 'payment_intent' | 'checkout_session' | 'setup' | null {
  // a checkout during the trial (setup mode) saved a method: the plan starts, and is charged, when the trial ends
  if (event.type === 'checkout.session.completed' && event.data?.object?.mode === 'setup') return 'setup';
  if (event.type === 'payment_intent.succeeded') return 'payment_intent';
  if (event.type === 'checkout.session.completed' && event.data?.object?.payment_status === 'paid') return 'checkout_session';
  // a checkout paid by bank debit completes unpaid; the bank's later yes comes as this event
  if (event.type === 'checkout.session.async_payment_succeeded') return 'checkout_session';
  return null;
}

/**
 * A bank's no to a debit. `payment_intent.payment_failed` fails our payment only when that is a charge of
 * the run still waiting for its bank (a debit Stripe left `processing`): a card of the run is declined in
 * Stripe's own answer, and a declined card in a checkout leaves the session open for another try. A
 * checkout paid by bank debit has completed by then, so its `checkout.session.async_payment_failed` fails it.
 */
function failureOf(event: StripeEvent): 'debit_of_run' | 'debit_of_checkout' | null {
  if (event.type === 'payment_intent.payment_failed') return 'debit_of_run';
  if (event.type === 'checkout.session.async_payment_failed') return 'debit_of_checkout';
  return null;
}

/**
 * A checkout nobody paid in time (`checkout.session.expired`, after 24 hours or expired by us): its
 * payment can no longer succeed, so it stops being the organization's open checkout and the
 * subscribe page offers a new one. Not a declined card: nobody is notified.
 */
function expiredCheckout(event: StripeEvent): boolean {
  return event.type === 'checkout.session.expired';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Stripe's webhook (ADR 0032): the signature is checked on the raw bytes, then a payment intent's
 * outcome settles our payment once. The event id is recorded in the same transaction that applies
 * it, under the organization's subscription lock, so two deliveries at once apply it once.
 */
@Injectable()
export class StripeWebhookService {
  private readonly log: PawlineLogger;

  constructor(
    private readonly db: DataSource,
    private readonly store: SubscriptionStore,
    private readonly provider: PaymentProvider,
    @Inject(SERVICE_CONFIG) private readonly config: BillingConfig,
    logger: PawlineLogger,
  ) {
    this.log = logger.child({ context: 'StripeWebhook' });
  }

  async receive(raw: Buffer, signature: string | null, now = new Date()): Promise<{ outcome: 'applied' | 'duplicate' | 'ignored' }> {
    const secret = this.config.STRIPE_WEBHOOK_SECRET;
    if (this.config.PAWLINE_PAYMENTS !== 'stripe' || !secret) {
      this.log.warn('a Stripe webhook arrived but payments are not Stripe (or STRIPE_WEBHOOK_SECRET is not set): refused');
      throw new RpcError('forbidden');
    }
    if (!signature) throw new RpcError('unauthorized');
    let event: StripeEvent;
    try {
      // the library's check: one v1 HMAC-SHA256 of `${t}.${payload}` with the endpoint secret, t within the tolerance
      event = Stripe.webhooks.constructEvent(
        raw,
        signature,
        secret,
        WEBHOOK_TOLERANCE_SECONDS,
        undefined,
        now.getTime(),
      ) as unknown as StripeEvent;
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
        this.log.warn('a Stripe webhook was refused', { reason: error.message });
        throw new RpcError('forbidden');
      }
      // signed by Stripe but not an event we can read
      return { outcome: 'ignored' };
    }
    const kind = successOf(event);
    const expired = expiredCheckout(event);
    const failed = failureOf(event);
    const intent = event.data?.object;
    const orgaId = intent?.metadata?.['orga'];
    if (
      !(kind || expired || failed) ||
      typeof event.id !== 'string' ||
      typeof intent?.id !== 'string' ||
      typeof orgaId !== 'string' ||
      !UUID.test(orgaId)
    ) {
      return { outcome: 'ignored' };
    }
    const intentId = intent.id;
    // a checkout's payment intent names our payment (payment_intent_data[metadata][payment]): its ref is the session's id
    const ourPayment = kind === 'payment_intent' ? intent.metadata?.['payment'] : undefined;
    const paymentOfCheckout = typeof ourPayment === 'string' && UUID.test(ourPayment) ? ourPayment : null;
    // a paid checkout's method pays the run of the 1st; a redirect-based one (iDEAL…) through the SEPA debit it generated
    const setupIntent = kind === 'setup' && typeof intent.setup_intent === 'string' ? intent.setup_intent : null;
    const paymentMethod =
      kind === 'payment_intent' && paymentOfCheckout
        ? await this.reusableMethod(intentId)
        : setupIntent
          ? await this.setupMethod(setupIntent)
          : null;
    const eventId = event.id;
    return this.db.transaction(async (manager) => {
      // the subscription's lock first, as the checkout and the run take it: a run still charging waits here
      const [subscription] = await manager.query<{ orga_id: string }[]>(`SELECT orga_id FROM subscription WHERE orga_id = $1 FOR UPDATE`, [
        orgaId,
      ]);
      if (!subscription) return { outcome: 'ignored' as const };
      const inserted = await manager.query<{ id: string }[]>(
        `INSERT INTO stripe_event (id, type) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING RETURNING id`,
        [eventId, event.type],
      );
      if (inserted.length === 0) return { outcome: 'duplicate' as const };
      const [payment] = await manager.query<{ id: string; status: string; invoice_kind: string }[]>(
        `SELECT p.id, p.status, i.kind AS invoice_kind FROM payment p JOIN invoice i ON i.id = p.invoice_id
          WHERE p.orga_id = $1 AND p.provider = 'stripe' AND (p.provider_ref = $2 OR p.id = $3) ORDER BY p.attempt DESC LIMIT 1`,
        [orgaId, intentId, paymentOfCheckout],
      );
      if (paymentMethod) {
        // the method of a paid checkout pays the run of the 1st (setup_future_usage=off_session)
        await manager.query(`UPDATE stripe_customer SET payment_method = $2 WHERE orga_id = $1`, [orgaId, paymentMethod]);
      }
      if (expired) {
        if (payment?.status !== 'pending') return { outcome: 'ignored' as const };
        await this.store.abandon(manager, orgaId, payment.id);
        return { outcome: 'applied' as const };
      }
      // a charge of the run was settled by its own answer; only a payment still pending is ours to settle
      if (!payment || payment.status !== 'pending') {
        if (payment?.status === 'failed' && !failed)
          this.log.error('Stripe took a payment billing had marked failed', { orga_id: orgaId, payment_intent: intentId });
        return { outcome: 'ignored' as const };
      }
      if (failed === 'debit_of_run' && payment.invoice_kind !== 'monthly') return { outcome: 'ignored' as const };
      const outcome = failed ? ('failed' as const) : ('succeeded' as const);
      await this.store.settle(manager, orgaId, payment.id, outcome, { orgaId, storeId: null, actor: null }, now);
      return { outcome: 'applied' as const };
    });
  }

  private async setupMethod(setupIntentId: string): Promise<string | null> {
    if (!(this.provider instanceof StripePaymentProvider)) return null;
    return this.provider.setupMethod(setupIntentId);
  }

  private async reusableMethod(paymentIntentId: string): Promise<string | null> {
    if (!(this.provider instanceof StripePaymentProvider)) return null;
    return this.provider.reusableMethod(paymentIntentId);
  }
}
