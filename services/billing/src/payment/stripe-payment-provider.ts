import Stripe from 'stripe';
import { PaymentProvider, type ChargeRequest, type ChargeResult, type FixedCharge } from './payment-provider';

/**
 * The Stripe adapter of the payment port (ADR 0032, 0046), through Stripe's official Node library with its API
 * version pinned and its parameter types: one Customer per organization, a Checkout Session (Stripe's hosted
 * page) for a checkout, an off-session PaymentIntent for a charge of the run. Every POST carries an
 * Idempotency-Key derived from our charge's key, and the body fixed with that key, so a retried run, or
 * two at once, never charges twice.
 */

/** Where the Stripe customer of an organization and the method its checkout saved are kept. */
export interface StripeCustomerStore {
  find(orgaId: string): Promise<{ customerId: string; paymentMethod: string | null } | null>;
  saveCustomer(orgaId: string, customerId: string): Promise<void>;
}

/** The API version this code and the library's types are written for: every request is pinned to it. */
export const STRIPE_API_VERSION: Stripe.LatestApiVersion = '2026-11-18.endive';
export const STRIPE_DEFAULT_API_BASE = 'https://api.stripe.com';

export type StripeConfig = {
  secretKey: string;
  /** https://api.stripe.com by default; the fake in tests */
  apiBase: string;
  /** the app's public address (PUBLIC_URL): Stripe's hosted checkout sends the person back there */
  publicUrl?: string;
  /** the library's retries of a request that may not have run (network, 409 key in use, 5xx), same key each time */
  maxNetworkRetries?: number;
};

/** the key Stripe sees: our charge's key, namespaced so nothing else of ours reuses it */
export function stripeIdempotencyKey(ourKey: string): string {
  return `pawline:${ourKey}`;
}

/** The official client, pointed at api.stripe.com or the fake Stripe. */
export function stripeClient(config: Pick<StripeConfig, 'secretKey' | 'apiBase' | 'maxNetworkRetries'>): Stripe {
  const base = new URL(config.apiBase);
  return new Stripe(config.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    host: base.hostname,
    port: base.port || (base.protocol === 'http:' ? 80 : 443),
    protocol: base.protocol === 'http:' ? 'http' : 'https',
    maxNetworkRetries: config.maxNetworkRetries ?? 4,
    timeout: 30_000,
    telemetry: false,
  });
}

/** A charge's request as fixed with its key: the endpoint and its typed parameters. */
type StripeRequest =
  | { endpoint: 'checkout_session'; params: Stripe.Checkout.SessionCreateParams }
  | { endpoint: 'payment_intent'; params: Stripe.PaymentIntentCreateParams }
  | { endpoint: 'none'; reason: 'no_payment_method' };

/** A PaymentIntent's state as our payment's: the bank still processing a debit is pending. */
function paymentStatus(status: Stripe.PaymentIntent.Status): ChargeResult['status'] {
  if (status === 'succeeded') return 'succeeded';
  if (status === 'processing' || status === 'requires_action' || status === 'requires_capture') return 'pending';
  // declined (requires_payment_method) or canceled
  return 'failed';
}

export class StripePaymentProvider extends PaymentProvider {
  readonly name = 'stripe';
  private readonly stripe: Stripe;

  constructor(
    private readonly config: StripeConfig,
    private readonly customers: StripeCustomerStore,
  ) {
    super();
    this.stripe = stripeClient(config);
  }

  async prepare(request: ChargeRequest): Promise<StripeRequest> {
    const customer = await this.customerOf(request.orgaId);
    if (request.onSession) return { endpoint: 'checkout_session', params: this.checkoutParams(request, customer.customerId) };
    // the run of the 1st: the method saved at the checkout, without the person
    if (!customer.paymentMethod) return { endpoint: 'none', reason: 'no_payment_method' };
    const params: Stripe.PaymentIntentCreateParams = {
      amount: request.amountCents,
      currency: 'eur',
      customer: customer.customerId,
      description: request.description,
      metadata: { orga: request.orgaId, charge: request.idempotencyKey },
      payment_method: customer.paymentMethod,
      off_session: true,
      confirm: true,
      // Stripe's documented off-session confirm: no redirect-based method, so no return_url (nobody is there to return)
      automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
    };
    return { endpoint: 'payment_intent', params };
  }

  /**
   * A checkout (the person at the screen): a Stripe-hosted Checkout Session for the invoice's total, in euros,
   * whose payment intent keeps the method for the run of the 1st (setup_future_usage=off_session). Our payment
   * stays pending until Stripe's signed webhook says the session is paid.
   */
  private checkoutParams(request: ChargeRequest, customerId: string): Stripe.Checkout.SessionCreateParams {
    const base = (this.config.publicUrl ?? 'http://localhost:3000').replace(/\/$/, '');
    const payment = request.paymentId ?? '';
    const metadata = { orga: request.orgaId, charge: request.idempotencyKey, payment };
    const back = `payment=${encodeURIComponent(payment)}`;
    const pages = {
      success_url: `${base}/${request.orgaId}/adminV2/plan?${back}`,
      cancel_url: `${base}/${request.orgaId}/payment?${back}`,
    };
    // during the trial: Stripe's page saves a method for later and charges nothing (Checkout in setup mode)
    if (request.setup) {
      return {
        mode: 'setup',
        customer: customerId,
        currency: 'eur',
        client_reference_id: payment,
        setup_intent_data: { metadata },
        metadata,
        ...pages,
      };
    }
    return {
      mode: 'payment',
      customer: customerId,
      client_reference_id: payment,
      line_items: [
        { quantity: 1, price_data: { currency: 'eur', unit_amount: request.amountCents, product_data: { name: request.description } } },
      ],
      payment_intent_data: { setup_future_usage: 'off_session', description: request.description, metadata },
      metadata,
      ...pages,
    };
  }

  async send(charge: FixedCharge): Promise<ChargeResult> {
    const request = charge.params as StripeRequest;
    const idempotencyKey = stripeIdempotencyKey(charge.key);
    if (request.endpoint === 'none') return { ref: `no_card:${charge.key}`.slice(0, 100), status: 'failed' };
    if (request.endpoint === 'checkout_session') {
      const session = await this.stripe.checkout.sessions.create(request.params, { idempotencyKey });
      // settled only by the signed webhook (checkout.session.completed / payment_intent.succeeded), never by this answer
      return { ref: session.id, status: 'pending', redirectUrl: session.url };
    }
    // a key sent before (its run rolled back, or a crash) may be older than the 24 hours Stripe keeps keys:
    // the charge it made is found by its metadata instead of being made a second time
    if (charge.resent) {
      const made = await this.madeBefore(request.params.customer as string, charge);
      if (made) return { ref: made.id, status: paymentStatus(made.status) };
    }
    try {
      const intent = await this.stripe.paymentIntents.create(request.params, { idempotencyKey });
      return { ref: intent.id, status: paymentStatus(intent.status) };
    } catch (error) {
      // card_declined, authentication_required…: the payment intent exists and is not paid (Stripe's 402)
      if (error instanceof Stripe.errors.StripeCardError) {
        return { ref: (error.payment_intent?.id ?? `declined:${charge.key}`).slice(0, 100), status: 'failed' };
      }
      throw error;
    }
  }

  /** The PaymentIntent a key made, among the customer's since the key was first used. */
  private async madeBefore(customer: string, charge: FixedCharge): Promise<Stripe.PaymentIntent | null> {
    const since = Math.floor(charge.createdAt.getTime() / 1000) - 3600;
    for await (const intent of this.stripe.paymentIntents.list({ customer, created: { gte: since }, limit: 100 })) {
      if (intent.metadata['charge'] === charge.key) return intent;
    }
    return null;
  }

  async chargeCount(orgaId: string): Promise<number> {
    const customer = await this.customers.find(orgaId);
    if (!customer) return 0;
    const intents = await this.stripe.paymentIntents.list({ customer: customer.customerId, limit: 100 });
    return intents.data.filter((intent) => intent.status === 'succeeded').length;
  }

  /**
   * The method a paid checkout leaves for the run of the 1st: its card or debit, or for a redirect-based payment
   * (iDEAL, Bancontact, Sofort: not chargeable off-session) the SEPA Direct Debit it generated.
   */
  async reusableMethod(paymentIntentId: string): Promise<string | null> {
    const intent = await this.stripe.paymentIntents.retrieve(paymentIntentId, { expand: ['latest_charge'] });
    const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
    const details = charge?.payment_method_details;
    const generated =
      details?.ideal?.generated_sepa_debit ?? details?.bancontact?.generated_sepa_debit ?? details?.sofort?.generated_sepa_debit;
    if (details && ['ideal', 'bancontact', 'sofort'].includes(details.type)) {
      return typeof generated === 'string' ? generated : (generated?.id ?? null);
    }
    return typeof intent.payment_method === 'string' ? intent.payment_method : (intent.payment_method?.id ?? null);
  }

  /** The method a setup (a checkout during the trial) saved: for iDEAL, Bancontact or Sofort the SEPA debit it generated. */
  async setupMethod(setupIntentId: string): Promise<string | null> {
    const intent = await this.stripe.setupIntents.retrieve(setupIntentId, { expand: ['latest_attempt'] });
    const attempt = typeof intent.latest_attempt === 'object' ? intent.latest_attempt : null;
    const details = attempt?.payment_method_details;
    if (details && ['ideal', 'bancontact', 'sofort'].includes(details.type)) {
      const generated =
        details.ideal?.generated_sepa_debit ?? details.bancontact?.generated_sepa_debit ?? details.sofort?.generated_sepa_debit;
      return typeof generated === 'string' ? generated : (generated?.id ?? null);
    }
    return typeof intent.payment_method === 'string' ? intent.payment_method : (intent.payment_method?.id ?? null);
  }

  /** The organization's customer, created once (its key is the organization's, so two charges at once make one). */
  private async customerOf(orgaId: string): Promise<{ customerId: string; paymentMethod: string | null }> {
    const known = await this.customers.find(orgaId);
    if (known) return known;
    const params: Stripe.CustomerCreateParams = { metadata: { orga: orgaId } };
    const customer = await this.stripe.customers.create(params, { idempotencyKey: stripeIdempotencyKey(`customer:${orgaId}`) });
    await this.customers.saveCustomer(orgaId, customer.id);
    return (await this.customers.find(orgaId)) ?? { customerId: customer.id, paymentMethod: null };
  }
}
