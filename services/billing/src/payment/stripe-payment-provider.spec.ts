import { randomUUID } from 'node:crypto';
import { startFakeStripe, type FakeStripeServer } from '../../../../tools/fake-stripe/fake-stripe-server';
import { StripeApiError, StripePaymentProvider, type StripeCustomerStore } from './stripe-payment-provider';

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

describe('Stripe payment provider against the fake Stripe over HTTP', () => {
  let fake: FakeStripeServer;
  let customers: MemoryCustomers;
  let stripe: StripePaymentProvider;

  beforeAll(async () => {
    // each answer waits 150 ms, so two requests sent together really overlap at the server
    fake = await startFakeStripe({ secretKeys: ['sk_test_pawline'], latencyMs: 150 });
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    customers = new MemoryCustomers();
    stripe = new StripePaymentProvider(
      {
        secretKey: 'sk_test_pawline',
        apiBase: fake.url,
        apiVersion: '2025-09-30.clover',
        retryDelayMs: 50,
        publicUrl: 'https://app.pawline.test/',
      },
      customers,
    );
  });

  async function withCard(orgaId: string, paymentMethod: string) {
    // the checkout makes the customer; its card is saved by the webhook of the paid checkout
    await stripe.charge({ idempotencyKey: `checkout:${orgaId}`, orgaId, amountCents: 1000, description: 'Checkout', onSession: true });
    customers.card(orgaId, paymentMethod);
  }

  it('charges the saved card off-session: form-encoded, Bearer key, Stripe-Version and an Idempotency-Key on every POST', async () => {
    const orgaId = randomUUID();
    await withCard(orgaId, 'pm_card_visa');
    const result = await stripe.charge({
      idempotencyKey: `invoice:${orgaId}:1`,
      orgaId,
      amountCents: 5978,
      description: 'Invoice 2026/7',
      onSession: false,
    });
    expect(result.status).toBe('succeeded');
    expect(result.ref).toMatch(/^pi_/);
    const intent = fake.paymentIntents.get(result.ref);
    expect(intent).toMatchObject({
      amount: 5978,
      currency: 'eur',
      off_session: true,
      metadata: { orga: orgaId, charge: `invoice:${orgaId}:1` },
    });
    const customer = fake.customerByMetadata('orga', orgaId);
    expect(intent?.customer).toBe(customer?.id);
    const posts = fake.requests.filter((request) => request.method === 'POST');
    expect(posts.length).toBeGreaterThanOrEqual(3);
    for (const post of posts) {
      expect(post.idempotencyKey).toMatch(/^pawline:/);
      expect(post.contentType).toBe('application/x-www-form-urlencoded');
      expect(post.stripeVersion).toBe('2025-09-30.clover');
    }
    expect(await stripe.chargeCount(orgaId)).toBe(1);
  });

  it('makes a checkout a Stripe Checkout Session in euros (the invoice total), keeping the card for the 1st, with our return pages; the person pays on its url', async () => {
    const orgaId = randomUUID();
    const paymentId = randomUUID();
    const result = await stripe.charge({
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
      status: 'open',
      success_url: `https://app.pawline.test/${orgaId}/adminV2/plan?payment=${paymentId}`,
      cancel_url: `https://app.pawline.test/${orgaId}/payment?payment=${paymentId}`,
    });
    const posted = fake.requests.filter((request) => request.path === '/v1/checkout/sessions' && request.idempotencyKey?.includes(orgaId));
    expect(posted.map((request) => request.idempotencyKey)).toEqual([`pawline:invoice:${orgaId}:1`]);
    // the person pays on the hosted page: the intent carries what the webhook needs, and saves the card
    const paid = await fake.completeSession(result.ref, 'pay');
    expect(paid).toMatchObject({ redirect: session?.success_url });
    const intent = fake.paymentIntents.get(fake.checkoutSessions.get(result.ref)?.payment_intent ?? '');
    expect(intent).toMatchObject({
      status: 'succeeded',
      amount: 2990,
      setup_future_usage: 'off_session',
      payment_method: 'pm_card_visa',
      metadata: { orga: orgaId, charge: `invoice:${orgaId}:1`, payment: paymentId },
    });
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
    await stripe.charge({ ...request, idempotencyKey: `customer-first:${orgaId}` });
    const before = fake.checkoutSessions.size;
    const [a, b] = await Promise.all([stripe.charge(request), stripe.charge(request)]);
    expect(a.ref).toBe(b.ref);
    expect(a.redirectUrl).toBe(b.redirectUrl);
    expect((await stripe.charge(request)).ref).toBe(a.ref);
    expect(fake.checkoutSessions.size - before).toBe(1);
    // the overlap was real: Stripe answered 409 to one of them while the first ran, and the adapter retried with the key
    expect(fake.requests.filter((r) => r.idempotencyKey === `pawline:invoice:${orgaId}:1`).length).toBeGreaterThanOrEqual(3);
  });

  it('turns a declined card (402 card_declined) into a failed charge that names the payment intent', async () => {
    const orgaId = randomUUID();
    await withCard(orgaId, 'pm_card_chargeDeclined');
    const result = await stripe.charge({
      idempotencyKey: `invoice:${orgaId}:1`,
      orgaId,
      amountCents: 5978,
      description: 'Invoice',
      onSession: false,
    });
    expect(result.status).toBe('failed');
    expect(fake.paymentIntents.get(result.ref)).toMatchObject({
      status: 'requires_payment_method',
      last_payment_error: { code: 'card_declined' },
    });
    expect(await stripe.chargeCount(orgaId)).toBe(0);
    // the same key again is Stripe's stored 402, not a second attempt at the card
    const intents = fake.paymentIntents.size;
    expect(
      await stripe.charge({ idempotencyKey: `invoice:${orgaId}:1`, orgaId, amountCents: 5978, description: 'Invoice', onSession: false }),
    ).toEqual(result);
    expect(fake.paymentIntents.size).toBe(intents);
  });

  it('charges once when the same charge is sent twice at once, and again later (the same key)', async () => {
    const orgaId = randomUUID();
    await withCard(orgaId, 'pm_card_visa');
    const request = { idempotencyKey: `invoice:${orgaId}:1`, orgaId, amountCents: 4900, description: 'Invoice', onSession: false };
    const [first, second] = await Promise.all([stripe.charge(request), stripe.charge(request)]);
    expect(first).toEqual(second);
    expect(first.status).toBe('succeeded');
    // the second overlapped the first: Stripe's 409 (key in use), then the stored answer on the retry
    const sameKey = fake.requests.filter((r) => r.idempotencyKey === `pawline:invoice:${orgaId}:1`);
    expect(sameKey.length).toBeGreaterThanOrEqual(3);
    expect(await stripe.charge(request)).toEqual(first);
    expect(fake.succeededCharges(fake.customerByMetadata('orga', orgaId)?.id)).toHaveLength(1);
    expect(await stripe.chargeCount(orgaId)).toBe(1);
  });

  it('makes one customer for two first charges at once', async () => {
    const orgaId = randomUUID();
    await Promise.all([
      stripe.charge({ idempotencyKey: `a:${orgaId}`, orgaId, amountCents: 1000, description: 'a', onSession: true }),
      stripe.charge({ idempotencyKey: `b:${orgaId}`, orgaId, amountCents: 1000, description: 'b', onSession: true }),
    ]);
    expect([...fake.customers.values()].filter((customer) => customer.metadata['orga'] === orgaId)).toHaveLength(1);
  });

  it('retries a 500 with the same key and charges once', async () => {
    const orgaId = randomUUID();
    await withCard(orgaId, 'pm_card_visa');
    // Stripe stores a 500 under its key and answers it again: the retries see it, then give up with an error
    fake.failNext({ status: 500, type: 'api_error', message: 'An unknown error occurred' });
    const request = { idempotencyKey: `invoice:${orgaId}:9`, orgaId, amountCents: 4900, description: 'Invoice', onSession: false };
    await expect(stripe.charge(request)).rejects.toThrow(StripeApiError);
    expect(fake.succeededCharges(fake.customerByMetadata('orga', orgaId)?.id)).toHaveLength(0);
  });

  it('refuses a wrong secret key with an error (never a silent charge)', async () => {
    const wrong = new StripePaymentProvider(
      { secretKey: 'sk_test_wrong', apiBase: fake.url, apiVersion: '2025-09-30.clover' },
      new MemoryCustomers(),
    );
    await expect(
      wrong.charge({ idempotencyKey: 'x', orgaId: randomUUID(), amountCents: 1000, description: 'x', onSession: true }),
    ).rejects.toMatchObject({ status: 401, type: 'invalid_request_error' });
  });

  it('gives a charge of the run without a saved card as failed, without calling Stripe for it', async () => {
    const orgaId = randomUUID();
    const before = fake.paymentIntents.size;
    const result = await stripe.charge({
      idempotencyKey: `invoice:${orgaId}:1`,
      orgaId,
      amountCents: 4900,
      description: 'Invoice',
      onSession: false,
    });
    expect(result.status).toBe('failed');
    expect(fake.paymentIntents.size).toBe(before);
  });
});
