import Stripe from 'stripe';
import { IDEMPOTENCY_KEY_TTL_MS, startFakeStripe, type FakeStripeServer } from './fake-stripe-server';

// The fake as Stripe's own Node library sees it: typed requests (the library's parameter types) sent over HTTP,
// answers read into the library's objects and error classes, the fake's webhooks checked by the library.
// Where the fake and the library disagree, this fails: the fake would be hiding our bugs.

const KEY = 'sk_test_fake_library';
const WEBHOOK_SECRET = 'whsec_fake_library';

describe('fake Stripe driven by the official stripe library', () => {
  let fake: FakeStripeServer;
  let stripe: Stripe;

  beforeAll(async () => {
    fake = await startFakeStripe({ secretKeys: [KEY] });
    const url = new URL(fake.url);
    stripe = new Stripe(KEY, {
      apiVersion: '2026-11-18.endive',
      host: url.hostname,
      port: url.port,
      protocol: 'http',
      maxNetworkRetries: 0,
      telemetry: false,
    });
  });
  afterAll(() => fake.close());

  const customer = async (orga: string) => stripe.customers.create({ metadata: { orga } } satisfies Stripe.CustomerCreateParams);

  it('creates a customer and an off-session PaymentIntent from typed parameters, and answers objects the library reads', async () => {
    const buyer = await customer('o-1');
    expect(buyer).toMatchObject({ object: 'customer', metadata: { orga: 'o-1' } });
    const params: Stripe.PaymentIntentCreateParams = {
      amount: 5978,
      currency: 'eur',
      customer: buyer.id,
      payment_method: 'pm_card_visa',
      off_session: true,
      confirm: true,
      automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
      metadata: { charge: 'monthly:o-1:2027-01:1' },
    };
    const intent: Stripe.PaymentIntent = await stripe.paymentIntents.create(params, { idempotencyKey: 'lib-1' });
    expect(intent).toMatchObject({ object: 'payment_intent', status: 'succeeded', amount: 5978, currency: 'eur', customer: buyer.id });
    // the charge it made, expanded as the library asks for it
    const read = await stripe.paymentIntents.retrieve(intent.id, { expand: ['latest_charge'] });
    const charge = read.latest_charge as Stripe.Charge;
    expect(charge).toMatchObject({ object: 'charge', amount: 5978, payment_intent: intent.id, payment_method_details: { type: 'card' } });
    const listed = await stripe.paymentIntents.list({ customer: buyer.id, created: { gte: intent.created }, limit: 10 });
    expect(listed.data.map((item) => item.id)).toEqual([intent.id]);
  });

  it("refuses a changed body under a used key with Stripe's idempotency_error, which the library raises as StripeIdempotencyError", async () => {
    const buyer = await customer('o-2');
    const params: Stripe.PaymentIntentCreateParams = {
      amount: 4900,
      currency: 'eur',
      customer: buyer.id,
      payment_method: 'pm_card_visa',
      confirm: true,
      allowed_payment_method_types: ['card'],
      description: 'Invoice 2027/7',
    };
    const first = await stripe.paymentIntents.create(params, { idempotencyKey: 'lib-2' });
    expect((await stripe.paymentIntents.create(params, { idempotencyKey: 'lib-2' })).id).toBe(first.id);
    const changed = stripe.paymentIntents.create({ ...params, description: 'Invoice 2027/8' }, { idempotencyKey: 'lib-2' });
    await expect(changed).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    await expect(changed).rejects.toMatchObject({
      statusCode: 400,
      type: 'StripeIdempotencyError',
      message: expect.stringContaining('Keys for idempotent requests can only be used with the same parameters they were first used with'),
    });
  });

  it('forgets a key after 24 hours of its clock: the same request then makes a second PaymentIntent, as Stripe would', async () => {
    const buyer = await customer('o-3');
    const params: Stripe.PaymentIntentCreateParams = {
      amount: 4900,
      currency: 'eur',
      customer: buyer.id,
      payment_method: 'pm_card_visa',
      confirm: true,
      off_session: true,
      automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
    };
    const first = await stripe.paymentIntents.create(params, { idempotencyKey: 'lib-3' });
    fake.advanceClock(IDEMPOTENCY_KEY_TTL_MS - 60_000);
    expect((await stripe.paymentIntents.create(params, { idempotencyKey: 'lib-3' })).id).toBe(first.id);
    fake.advanceClock(120_000);
    const second = await stripe.paymentIntents.create(params, { idempotencyKey: 'lib-3' });
    expect(second.id).not.toBe(first.id);
    expect(fake.succeededCharges(buyer.id)).toHaveLength(2);
  });

  it('refuses an off-session confirm that may redirect without a return_url, and an unknown parameter (StripeInvalidRequestError)', async () => {
    const buyer = await customer('o-4');
    const bare: Stripe.PaymentIntentCreateParams = {
      amount: 4900,
      currency: 'eur',
      customer: buyer.id,
      payment_method: 'pm_card_visa',
      confirm: true,
      off_session: true,
    };
    await expect(stripe.paymentIntents.create(bare)).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      param: 'return_url',
      message: expect.stringContaining('you must provide a `return_url`'),
    });
    // API 2026-11-18.endive removed payment_method_types from the request (allowed_payment_method_types took its
    // place): the library's types refuse it at compile time, the fake at run time, as Stripe does
    const removed = { ...bare, payment_method_types: ['card'] } as unknown as Stripe.PaymentIntentCreateParams;
    await expect(stripe.paymentIntents.create(removed)).rejects.toMatchObject({
      message: expect.stringContaining('Received unknown parameter: payment_method_types'),
    });
    // a parameter the typed client would not let us write, sent as Stripe would receive a typo
    const typo = {
      ...bare,
      automatic_payment_methods: { enabled: true, allow_redirects: 'never' as const },
      ammount: 1,
    } as Stripe.PaymentIntentCreateParams;
    await expect(stripe.paymentIntents.create(typo)).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      message: expect.stringContaining('Received unknown parameter: ammount'),
    });
  });

  it('answers a declined card with StripeCardError carrying the payment intent', async () => {
    const buyer = await customer('o-5');
    const declined = stripe.paymentIntents.create({
      amount: 4900,
      currency: 'eur',
      customer: buyer.id,
      payment_method: 'pm_card_chargeDeclined',
      confirm: true,
      off_session: true,
      allowed_payment_method_types: ['card'],
    });
    await expect(declined).rejects.toBeInstanceOf(Stripe.errors.StripeCardError);
    const error = (await declined.catch((caught: unknown) => caught)) as Stripe.errors.StripeCardError;
    expect(error).toMatchObject({ statusCode: 402, code: 'card_declined', decline_code: 'generic_decline' });
    expect(error.payment_intent?.status).toBe('requires_payment_method');
  });

  it('makes a Checkout Session from typed parameters, whose iDEAL payment leaves a generated SEPA debit, and signs its webhooks as the library checks them', async () => {
    const buyer = await customer('o-6');
    const received: string[] = [];
    const params: Stripe.Checkout.SessionCreateParams = {
      mode: 'payment',
      customer: buyer.id,
      line_items: [{ quantity: 1, price_data: { currency: 'eur', unit_amount: 2990, product_data: { name: 'Invoice 2027/1' } } }],
      payment_intent_data: { setup_future_usage: 'off_session', metadata: { orga: 'o-6' } },
      success_url: 'https://app.pawline.test/ok',
      cancel_url: 'https://app.pawline.test/cancel',
    };
    const session = await stripe.checkout.sessions.create(params, { idempotencyKey: 'lib-6' });
    expect(session).toMatchObject({ object: 'checkout.session', status: 'open', amount_total: 2990, url: `${fake.url}/pay/${session.id}` });
    const { createServer } = await import('node:http');
    const hook = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        // Stripe's own check of the fake's signature over the raw bytes
        const event = Stripe.webhooks.constructEvent(Buffer.concat(chunks), String(req.headers['stripe-signature']), WEBHOOK_SECRET);
        received.push(event.type);
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    const address = hook.address() as { port: number };
    fake.setWebhook({ url: `http://127.0.0.1:${address.port}/`, secret: WEBHOOK_SECRET });
    try {
      await fake.completeSession(session.id, 'pay', 'pm_ideal');
    } finally {
      fake.setWebhook(undefined);
      await new Promise((resolve) => hook.close(resolve));
    }
    expect(received.sort()).toEqual(['checkout.session.completed', 'payment_intent.succeeded']);
    const paid = await stripe.checkout.sessions.retrieve(session.id);
    const intentId = typeof paid.payment_intent === 'string' ? paid.payment_intent : (paid.payment_intent?.id ?? '');
    const intent = await stripe.paymentIntents.retrieve(intentId, { expand: ['latest_charge'] });
    const details = (intent.latest_charge as Stripe.Charge).payment_method_details;
    expect(details?.type).toBe('ideal');
    const generated = details?.ideal?.generated_sepa_debit;
    expect(typeof generated === 'string' ? generated : generated?.id).toMatch(/^pm_sepa_generated/);
  });
});
