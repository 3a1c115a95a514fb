import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { IDEMPOTENCY_KEY_TTL_MS, startFakeStripe, type FakeStripeServer } from '../../../../tools/fake-stripe/fake-stripe-server';
import type { ChargeRequest, ChargeResult, FixedCharge } from './payment-provider';
import { STRIPE_API_VERSION, StripePaymentProvider, type StripeCustomerStore } from './stripe-payment-provider';

class MemoryCustomers implements StripeCustomerStore {
  readonly rows = new Map<string, { customerId: string; paymentMethod: string | null }>();
  async find(orgaId: string) {
    return this.rows.get(orgaId) ?? null;
  }
  async saveCustomer(orgaId: string, customerId: string) {
    if (!this.rows.has(orgaId)) this.rows.set(orgaId, { customerId, paymentMethod: null });
  }
  card(orgaId: string, paymentMethod: string) {
    const row = this.rows.get(orgaId);
    if (row) row.paymentMethod = paymentMethod;
  }
}

/** What charge_request does: the first request of a key is kept; every later one sends that one again. */
class MemoryRequests {
  readonly kept = new Map<string, FixedCharge>();
  fix(key: string, orgaId: string, params: unknown): FixedCharge {
    const known = this.kept.get(key);
    if (known) return { ...known, resent: true };
    const charge = { key, orgaId, params, createdAt: new Date(), resent: false };
    this.kept.set(key, charge);
    return charge;
  }
}

describe('Stripe payment provider (the official library) against the fake Stripe over HTTP', () => {
  let fake: FakeStripeServer;
  let customers: MemoryCustomers;
  let requests: MemoryRequests;
  let stripe: StripePaymentProvider;

  const charge = async (request: ChargeRequest): Promise<ChargeResult> => {
    const params = await stripe.prepare(request);
    return stripe.send(requests.fix(request.idempotencyKey, request.orgaId, params));
  };

  beforeAll(async () => {
    // each answer waits 150 ms, so two requests sent together really overlap at the server
    fake = await startFakeStripe({ secretKeys: ['sk_test_pawline'], latencyMs: 150 });
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    customers = new MemoryCustomers();
    requests = new MemoryRequests();
    stripe = new StripePaymentProvider(
      { secretKey: 'sk_test_pawline', apiBase: fake.url, publicUrl: 'https://app.pawline.test/' },
      customers,
    );
  });

  async function withMethod(orgaId: string, paymentMethod: string) {
    // the checkout makes the customer; its method is saved by the webhook of the paid checkout
    await charge({ idempotencyKey: `checkout:${orgaId}`, orgaId, amountCents: 1000, description: 'Checkout', onSession: true });
    customers.card(orgaId, paymentMethod);
  }

  it("charges the saved card off-session with Stripe's documented parameters, the pinned API version and an Idempotency-Key on every POST", async () => {
    const orgaId = randomUUID();
    await withMethod(orgaId, 'pm_card_visa');
    const request = {
      idempotencyKey: `monthly:${orgaId}:2027-01:1`,
      orgaId,
      amountCents: 5978,
      description: 'Invoice 2027/3',
      onSession: false,
    };
    const params = await stripe.prepare(request);
    // the library's own type of the request: what Stripe documents for an off-session confirm
    const expected: { endpoint: 'payment_intent'; params: Stripe.PaymentIntentCreateParams } = {
      endpoint: 'payment_intent',
      params: {
        amount: 5978,
        currency: 'eur',
        customer: fake.customerByMetadata('orga', orgaId)?.id ?? '',
        description: 'Invoice 2027/3',
        metadata: { orga: orgaId, charge: request.idempotencyKey },
        payment_method: 'pm_card_visa',
        off_session: true,
        confirm: true,
        automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
      },
    };
    expect(params).toEqual(expected);
    const result = await stripe.send(requests.fix(request.idempotencyKey, orgaId, params));
    expect(result.status).toBe('succeeded');
    expect(fake.paymentIntents.get(result.ref)).toMatchObject({
      amount: 5978,
      currency: 'eur',
      off_session: true,
      latest_charge: expect.stringMatching(/^ch_/),
    });
    const posts = fake.requests.filter((r) => r.method === 'POST' && (r.idempotencyKey ?? '').includes(orgaId));
    expect(posts.length).toBeGreaterThanOrEqual(3);
    for (const post of posts) {
      expect(post.idempotencyKey).toMatch(/^pawline:/);
      expect(post.contentType).toBe('application/x-www-form-urlencoded');
      expect(post.stripeVersion).toBe(STRIPE_API_VERSION);
    }
    expect(await stripe.chargeCount(orgaId)).toBe(1);
  });

  it('makes a checkout a Stripe Checkout Session in euros (the invoice total), keeping the method for the 1st, with our return pages', async () => {
    const orgaId = randomUUID();
    const paymentId = randomUUID();
    const result = await charge({
      idempotencyKey: `invoice:${orgaId}:1`,
      orgaId,
      amountCents: 2990,
      description: 'Invoice 2026/7',
      onSession: true,
      paymentId,
    });
    expect(result).toMatchObject({ status: 'pending', redirectUrl: `${fake.url}/pay/${result.ref}` });
    expect(result.ref).toMatch(/^cs_test_/);
    const session = fake.checkoutSessions.get(result.ref);
    expect(session).toMatchObject({
      mode: 'payment',
      amount_total: 2990,
      currency: 'eur',
      customer: fake.customerByMetadata('orga', orgaId)?.id,
      client_reference_id: paymentId,
      success_url: `https://app.pawline.test/${orgaId}/adminV2/plan?payment=${paymentId}`,
      cancel_url: `https://app.pawline.test/${orgaId}/payment?payment=${paymentId}`,
    });
    const paid = await fake.completeSession(result.ref, 'pay');
    expect(paid).toMatchObject({ redirect: session?.success_url });
    const intentId = fake.checkoutSessions.get(result.ref)?.payment_intent ?? '';
    expect(fake.paymentIntents.get(intentId)).toMatchObject({
      status: 'succeeded',
      setup_future_usage: 'off_session',
      metadata: { orga: orgaId, payment: paymentId },
    });
    expect(await stripe.reusableMethod(intentId)).toBe('pm_card_visa');
  });

  it('keeps the SEPA debit an iDEAL, Bancontact or Sofort checkout generated, which the run can charge; the method itself it cannot', async () => {
    for (const redirect of ['pm_ideal', 'pm_bancontact', 'pm_sofort']) {
      const orgaId = randomUUID();
      const session = await charge({
        idempotencyKey: `invoice:${orgaId}:1`,
        orgaId,
        amountCents: 2990,
        description: 'Invoice',
        onSession: true,
        paymentId: randomUUID(),
      });
      await fake.completeSession(session.ref, 'pay', redirect);
      const intentId = fake.checkoutSessions.get(session.ref)?.payment_intent ?? '';
      const reusable = await stripe.reusableMethod(intentId);
      expect(reusable).toMatch(/^pm_sepa_generated/);
      // the redirect method off-session is refused by Stripe; the generated debit is charged (processing at the bank)
      customers.card(orgaId, redirect);
      await expect(
        charge({ idempotencyKey: `monthly:${orgaId}:1`, orgaId, amountCents: 4900, description: 'x', onSession: false }),
      ).rejects.toMatchObject({
        statusCode: 400,
      });
      customers.card(orgaId, reusable ?? '');
      expect(
        await charge({ idempotencyKey: `monthly:${orgaId}:2`, orgaId, amountCents: 4900, description: 'x', onSession: false }),
      ).toMatchObject({
        status: 'pending',
      });
    }
  });

  it('makes one Checkout Session for two identical checkouts sent at once (one idempotency key), and the same one later', async () => {
    const orgaId = randomUUID();
    const request = {
      idempotencyKey: `invoice:${orgaId}:1`,
      orgaId,
      amountCents: 4900,
      description: 'Invoice',
      onSession: true,
      paymentId: randomUUID(),
    };
    await charge({ ...request, idempotencyKey: `customer-first:${orgaId}` });
    const before = fake.checkoutSessions.size;
    const params = await stripe.prepare(request);
    const fixed = requests.fix(request.idempotencyKey, orgaId, params);
    const [a, b] = await Promise.all([stripe.send(fixed), stripe.send(fixed)]);
    expect(a.ref).toBe(b.ref);
    expect((await charge(request)).ref).toBe(a.ref);
    expect(fake.checkoutSessions.size - before).toBe(1);
    // the overlap was real: Stripe answered 409 to one of them while the first ran, and the library retried with the key
    expect(fake.requests.filter((r) => r.idempotencyKey === `pawline:invoice:${orgaId}:1`).length).toBeGreaterThanOrEqual(3);
  });

  it('turns a declined card (402 card_declined) into a failed charge that names the payment intent, and the same key into the same answer', async () => {
    const orgaId = randomUUID();
    await withMethod(orgaId, 'pm_card_chargeDeclined');
    const request = { idempotencyKey: `monthly:${orgaId}:1`, orgaId, amountCents: 5978, description: 'Invoice', onSession: false };
    const result = await charge(request);
    expect(result.status).toBe('failed');
    expect(fake.paymentIntents.get(result.ref)).toMatchObject({
      status: 'requires_payment_method',
      last_payment_error: { code: 'card_declined' },
    });
    const intents = fake.paymentIntents.size;
    expect(await charge(request)).toEqual(result);
    expect(fake.paymentIntents.size).toBe(intents);
  });

  it('sends a key again with the body fixed with it, even when the card saved since differs, and after 24 hours finds the charge it made instead of making a second', async () => {
    const orgaId = randomUUID();
    await withMethod(orgaId, 'pm_card_visa');
    const request = {
      idempotencyKey: `monthly:${orgaId}:2027-02:1`,
      orgaId,
      amountCents: 4900,
      description: 'Invoice 2027/9',
      onSession: false,
    };
    const first = await charge(request);
    // the run rolled back; meanwhile the invoice got another number and the organization another card
    customers.card(orgaId, 'pm_card_mastercard');
    expect(await charge({ ...request, description: 'Invoice 2027/10' })).toEqual(first);
    // Stripe has forgotten the key: the adapter finds the intent by its metadata rather than charging again
    fake.advanceClock(IDEMPOTENCY_KEY_TTL_MS + 60_000);
    expect(await charge({ ...request, description: 'Invoice 2027/11' })).toEqual(first);
    expect(fake.succeededCharges(fake.customerByMetadata('orga', orgaId)?.id)).toHaveLength(1);
  });

  it('charges once when the same charge is sent twice at once', async () => {
    const orgaId = randomUUID();
    await withMethod(orgaId, 'pm_card_visa');
    const request = { idempotencyKey: `monthly:${orgaId}:1`, orgaId, amountCents: 4900, description: 'Invoice', onSession: false };
    const fixed = requests.fix(request.idempotencyKey, orgaId, await stripe.prepare(request));
    const [a, b] = await Promise.all([stripe.send(fixed), stripe.send(fixed)]);
    expect(a).toEqual(b);
    expect(fake.succeededCharges(fake.customerByMetadata('orga', orgaId)?.id)).toHaveLength(1);
  });

  it('makes one customer for two first charges at once', async () => {
    const orgaId = randomUUID();
    await Promise.all([
      charge({ idempotencyKey: `a:${orgaId}`, orgaId, amountCents: 1000, description: 'a', onSession: true }),
      charge({ idempotencyKey: `b:${orgaId}`, orgaId, amountCents: 1000, description: 'b', onSession: true }),
    ]);
    expect([...fake.customers.values()].filter((customer) => customer.metadata['orga'] === orgaId)).toHaveLength(1);
  });

  it('retries a 500 with the same key and charges nothing when Stripe keeps failing', async () => {
    const orgaId = randomUUID();
    await withMethod(orgaId, 'pm_card_visa');
    // Stripe stores a 500 under its key and answers it again: the library's retries see it, then give up with an error
    fake.failNext({ status: 500, type: 'api_error', message: 'An unknown error occurred' });
    const request = { idempotencyKey: `monthly:${orgaId}:9`, orgaId, amountCents: 4900, description: 'Invoice', onSession: false };
    await expect(charge(request)).rejects.toBeInstanceOf(Stripe.errors.StripeAPIError);
    expect(fake.succeededCharges(fake.customerByMetadata('orga', orgaId)?.id)).toHaveLength(0);
  });

  it('refuses a wrong secret key with an error (never a silent charge)', async () => {
    const wrong = new StripePaymentProvider({ secretKey: 'sk_test_wrong', apiBase: fake.url }, new MemoryCustomers());
    await expect(
      wrong.prepare({ idempotencyKey: 'x', orgaId: randomUUID(), amountCents: 1000, description: 'x', onSession: true }),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
  });

  it('gives a charge of the run without a saved method as failed, without calling Stripe for it', async () => {
    const orgaId = randomUUID();
    await charge({ idempotencyKey: `first:${orgaId}`, orgaId, amountCents: 1000, description: 'x', onSession: true });
    const before = fake.paymentIntents.size;
    const result = await charge({
      idempotencyKey: `monthly:${orgaId}:1`,
      orgaId,
      amountCents: 4900,
      description: 'Invoice',
      onSession: false,
    });
    expect(result.status).toBe('failed');
    expect(fake.paymentIntents.size).toBe(before);
  });
});
