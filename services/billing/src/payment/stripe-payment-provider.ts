import { PaymentProvider, type ChargeRequest, type ChargeResult } from './payment-provider';
import { formEncode, type FormValue } from './stripe-wire';

/**
 * The Stripe adapter of the payment port (ADR 0032): one Customer per organization, a Checkout
 * Session (Stripe's hosted page) for a checkout and an off-session PaymentIntent for a charge of the run, every POST with an Idempotency-Key derived from our charge's key,
 * so a retried run, or two at once, never charges twice. Plain fetch, form-encoded bodies.
 */

/** Where the Stripe customer of an organization and the card saved at its checkout are kept. */
export interface StripeCustomerStore {
  find(orgaId: string): Promise<{ customerId: string; paymentMethod: string | null } | null>;
  saveCustomer(orgaId: string, customerId: string): Promise<void>;
}

export type StripeConfig = {
  secretKey: string;
  /** https://api.stripe.com by default; the fake in tests */
  apiBase: string;
  apiVersion: string;
  /** the app's public address (PUBLIC_URL): Stripe's hosted checkout sends the person back there */
  publicUrl?: string;
  /** retries of a request that may not have run (network, 409 key in use, 429, 5xx): same key each time */
  retries?: number;
  retryDelayMs?: number;
};

export const STRIPE_DEFAULT_API_BASE = 'https://api.stripe.com';
export const STRIPE_DEFAULT_API_VERSION = '2025-09-30.clover';

type StripeErrorBody = {
  error?: { type?: string; code?: string; decline_code?: string; message?: string; payment_intent?: { id?: string; status?: string } };
};

type StripeAnswer<T> = { status: number; body: T & StripeErrorBody };

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    readonly code: string | undefined,
    message: string,
  ) {
    super(`Stripe ${status} ${type}${code ? ` (${code})` : ''}: ${message}`);
  }
}

type PaymentIntent = { id: string; status: string; customer: string | null };
type CheckoutSession = { id: string; url: string | null; status: string; payment_status: string };

/** the key Stripe sees: our charge's key, namespaced so nothing else of ours reuses it */
export function stripeIdempotencyKey(ourKey: string): string {
  return `pawline:${ourKey}`;
}

export class StripePaymentProvider extends PaymentProvider {
  readonly name = 'stripe';

  constructor(
    private readonly config: StripeConfig,
    private readonly customers: StripeCustomerStore,
  ) {
    super();
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const customer = await this.customerOf(request.orgaId);
    if (request.onSession) return this.checkoutSession(request, customer.customerId);
    // the run of the 1st: the card saved at the checkout, without the person
    if (!customer.paymentMethod) return { ref: `no_card:${request.idempotencyKey}`.slice(0, 100), status: 'failed' };
    const params: Record<string, FormValue> = {
      amount: request.amountCents,
      currency: 'eur',
      customer: customer.customerId,
      description: request.description,
      metadata: { orga: request.orgaId, charge: request.idempotencyKey },
      payment_method: customer.paymentMethod,
      off_session: true,
      confirm: true,
    };
    const answer = await this.post<PaymentIntent>('/v1/payment_intents', params, stripeIdempotencyKey(request.idempotencyKey));
    if (answer.status === 402 && answer.body.error) {
      // card_declined, authentication_required…: the payment intent exists and is not paid
      const ref = answer.body.error.payment_intent?.id ?? `declined:${request.idempotencyKey}`;
      return { ref: ref.slice(0, 100), status: 'failed' };
    }
    if (answer.status !== 200) throw apiError(answer);
    return { ref: answer.body.id, status: paymentStatus(answer.body.status) };
  }

  /**
   * A checkout (the person at the screen): a Stripe-hosted Checkout Session for the invoice's total, in
   * euros, whose payment intent keeps the card for the run of the 1st (setup_future_usage=off_session).
   * Our payment stays pending until Stripe's signed webhook says the session is paid. The session's id
   * is the payment's ref; its url is where the page sends the person.
   */
  private async checkoutSession(request: ChargeRequest, customerId: string): Promise<ChargeResult> {
    const base = (this.config.publicUrl ?? 'http://localhost:3000').replace(/\/$/, '');
    const payment = request.paymentId ?? '';
    const metadata = { orga: request.orgaId, charge: request.idempotencyKey, payment: request.paymentId };
    const back = `payment=${encodeURIComponent(payment)}`;
    const params: Record<string, FormValue> = {
      mode: 'payment',
      customer: customerId,
      client_reference_id: request.paymentId,
      line_items: [
        { quantity: 1, price_data: { currency: 'eur', unit_amount: request.amountCents, product_data: { name: request.description } } },
      ],
      payment_intent_data: { setup_future_usage: 'off_session', description: request.description, metadata },
      metadata,
      success_url: `${base}/${request.orgaId}/adminV2/plan?${back}`,
      cancel_url: `${base}/${request.orgaId}/payment?${back}`,
    };
    const answer = await this.post<CheckoutSession>('/v1/checkout/sessions', params, stripeIdempotencyKey(request.idempotencyKey));
    if (answer.status !== 200) throw apiError(answer);
    // settled only by the signed webhook (checkout.session.completed / payment_intent.succeeded), never by this answer
    return { ref: answer.body.id, status: 'pending', redirectUrl: answer.body.url };
  }

  async chargeCount(orgaId: string): Promise<number> {
    const customer = await this.customers.find(orgaId);
    if (!customer) return 0;
    const answer = await this.request<{ data: PaymentIntent[] }>(
      'GET',
      `/v1/payment_intents?customer=${encodeURIComponent(customer.customerId)}&limit=100`,
    );
    if (answer.status !== 200) throw apiError(answer);
    return answer.body.data.filter((pi) => pi.status === 'succeeded').length;
  }

  /** The organization's customer, created once (its key is the organization's, so two charges at once make one). */
  private async customerOf(orgaId: string): Promise<{ customerId: string; paymentMethod: string | null }> {
    const known = await this.customers.find(orgaId);
    if (known) return known;
    const answer = await this.post<{ id: string }>(
      '/v1/customers',
      { metadata: { orga: orgaId } },
      stripeIdempotencyKey(`customer:${orgaId}`),
    );
    if (answer.status !== 200) throw apiError(answer);
    await this.customers.saveCustomer(orgaId, answer.body.id);
    return (await this.customers.find(orgaId)) ?? { customerId: answer.body.id, paymentMethod: null };
  }

  private post<T>(path: string, params: Record<string, FormValue>, idempotencyKey: string): Promise<StripeAnswer<T>> {
    return this.request<T>('POST', path, formEncode(params), idempotencyKey);
  }

  /**
   * One API call, retried with the same Idempotency-Key while it may not have run: a network error, 409
   * (the same key is in use by a request still running), 429 and 5xx (Stripe stores a 500 under the key and
   * answers it again, so a retry of it is harmless).
   */
  private async request<T>(method: 'GET' | 'POST', path: string, body?: string, idempotencyKey?: string): Promise<StripeAnswer<T>> {
    const retries = this.config.retries ?? 4;
    const delay = this.config.retryDelayMs ?? 200;
    let lastError: unknown = null;
    for (let attempt = 0; attempt <= retries; attempt += 1) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, delay * 2 ** (attempt - 1)));
      try {
        const response = await fetch(`${this.config.apiBase.replace(/\/$/, '')}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${this.config.secretKey}`,
            'stripe-version': this.config.apiVersion,
            ...(body === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
            ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
          },
          body,
          signal: AbortSignal.timeout(30_000),
        });
        const text = await response.text();
        const parsed = (text ? JSON.parse(text) : {}) as T & StripeErrorBody;
        const retryable = response.status === 409 || response.status === 429 || response.status >= 500;
        if (retryable && attempt < retries && response.headers.get('stripe-should-retry') !== 'false') {
          lastError = apiError({ status: response.status, body: parsed });
          continue;
        }
        return { status: response.status, body: parsed };
      } catch (error) {
        // no answer: the request may or may not have run; the same key makes the retry safe
        lastError = error;
      }
    }
    throw lastError instanceof Error ? lastError : new Error('Stripe request failed');
  }
}

function paymentStatus(status: string): ChargeResult['status'] {
  if (status === 'succeeded') return 'succeeded';
  if (status === 'canceled') return 'failed';
  // requires_payment_method (a checkout waiting for the person), requires_action, processing
  return 'pending';
}

function apiError(answer: StripeAnswer<unknown>): StripeApiError {
  const error = answer.body.error ?? {};
  return new StripeApiError(answer.status, error.type ?? 'api_error', error.code, error.message ?? 'no message');
}
