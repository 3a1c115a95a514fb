import { getSubscriptionRpc, runBillingRpc, type EventEnvelope } from '@pawline/contracts';
import type { NatsRpcClient } from '@pawline/nest-kit';
import { call, createTestEnv, signUpOwner, type SignedUpOwner, type TestEnv, until } from '@pawline/nest-kit/testing';
import { gatewayService } from '../../../gateway/src/gateway.service-definition';
import { identityService } from '../../../identity/src/identity.service-definition';
import { IDEMPOTENCY_KEY_TTL_MS, startFakeStripe, type FakeStripeServer } from '../../../../tools/fake-stripe/fake-stripe-server';
import { billingService } from '../../src/billing.service-definition';

const TEST_SECRET = 'billing-stripe-integration-secret-0123456789';
const STRIPE_KEY = 'sk_test_pawline_integration';
const WEBHOOK_SECRET = 'whsec_pawline_integration';
const PUBLIC_URL = 'http://127.0.0.1:3180';

jest.setTimeout(180_000);

const PRIVATE = {
  kind: 'private',
  first_name: 'Mario',
  last_name: 'Rossi',
  fiscal_code: 'RSSMRA85T10A562S',
  address: 'Via Po 1',
  city: 'Torino',
  zip_code: '10121',
  country: 'IT',
};

const COMPANY = {
  kind: 'company',
  legal_name: 'Toelettatura Fido S.r.l.',
  vat: 'IT00159560366',
  fiscal_code: '',
  pec: 'fido@pec.it',
  codice_destinatario: 'M5UXCR1',
  address: 'Via Verdi 3',
  city: 'Modena',
  zip_code: '41121',
  country: 'IT',
};

describe('billing with the Stripe adapter against the fake Stripe (real Postgres, NATS, gateway)', () => {
  const saved = { ...process.env };
  let env: TestEnv;
  let client: NatsRpcClient;
  let fake: FakeStripeServer;
  let base = '';
  let anna: SignedUpOwner;
  let bruno: SignedUpOwner;
  const published: EventEnvelope[] = [];

  const http = async (owner: SignedUpOwner, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${base}/api/v1/orga/${owner.orgaId}/${path}`, {
      method,
      headers: { authorization: `Bearer ${owner.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as never };
  };
  const count = async (sql: string, params: unknown[]) => Number((await env.query<{ n: string }>(sql, params))[0]?.n);

  const changedEvents = (orgaId: string) =>
    published.filter((event) => event.subject === 'evt.billing.subscription.changed.v1' && event.orgaId === orgaId);

  /**
   * subscribes to Premium with billing data: a checkout whose Stripe Checkout Session waits for the
   * person, its hosted page named in the answer (redirect_url) and in the subscription the page reads
   */
  async function checkout(owner: SignedUpOwner, profile: unknown) {
    expect((await http(owner, 'PUT', 'billing/data', { profile })).status).toBe(200);
    // the free trial is over: the checkout charges now (during the trial it only saves a method, see below)
    await env.query(`UPDATE "billing".subscription SET trial_ends_at = now() - interval '1 minute' WHERE orga_id = $1`, [owner.orgaId]);
    const started = await http(owner, 'POST', 'subscription', { plan_id: 'premium' });
    expect(started.status).toBe(200);
    const payment = (started.body as { payment: { id: string; status: string; provider: string; redirect_url: string | null } }).payment;
    expect(payment).toMatchObject({ status: 'pending', provider: 'stripe' });
    const [row] = await env.query<{ provider_ref: string }>(`SELECT provider_ref FROM "billing".payment WHERE id = $1`, [payment.id]);
    const session = fake.checkoutSessions.get(row?.provider_ref ?? '');
    expect(session).toMatchObject({
      status: 'open',
      mode: 'payment',
      currency: 'eur',
      client_reference_id: payment.id,
      metadata: { orga: owner.orgaId, payment: payment.id },
      success_url: `${PUBLIC_URL}/${owner.orgaId}/adminV2/plan?payment=${payment.id}`,
      cancel_url: `${PUBLIC_URL}/${owner.orgaId}/payment?payment=${payment.id}`,
    });
    expect(payment.redirect_url).toBe(session?.url);
    const [invoice] = await env.query<{ gross_cents: number }>(
      `SELECT gross_cents FROM "billing".invoice i JOIN "billing".payment p ON p.invoice_id = i.id WHERE p.id = $1`,
      [payment.id],
    );
    expect(session?.amount_total).toBe(invoice?.gross_cents);
    const subscription = (await http(owner, 'GET', 'subscription')).body as {
      pending_payment_id: string;
      pending_payment_redirect_url: string;
    };
    expect(subscription).toMatchObject({ pending_payment_id: payment.id, pending_payment_redirect_url: payment.redirect_url });
    return { paymentId: payment.id, sessionId: session?.id ?? '', url: payment.redirect_url ?? '' };
  }

  /** the person's browser on Stripe's hosted page: the form's button, answered with a redirect back to us */
  async function onHostedPage(url: string, action: 'pay' | 'decline', paymentMethod = 'pm_card_visa') {
    const answer = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `action=${action}&payment_method=${paymentMethod}`,
      redirect: 'manual',
    });
    expect(answer.status).toBe(303);
    return answer.headers.get('location');
  }

  beforeAll(async () => {
    fake = await startFakeStripe({ secretKeys: [STRIPE_KEY], latencyMs: 100 });
    Object.assign(process.env, {
      AUTH_TOKEN_SECRET: TEST_SECRET,
      PAWLINE_PAYMENTS: 'stripe',
      STRIPE_SECRET_KEY: STRIPE_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: fake.url,
      PAWLINE_BILLING_RUN: 'off',
      PUBLIC_URL,
      PAWLINE_SERVICES: 'identity,billing',
    });
    env = await createTestEnv();
    await env.start(identityService);
    await env.start(billingService, { httpPort: 0 });
    // a second instance in the same queue group: the runs and webhooks below land on both
    await env.start(billingService, { httpPort: 0 });
    base = (await env.start(gatewayService, { httpPort: 0 })).httpUrl ?? '';
    fake.setWebhook({ url: `${base}/api/v1/webhooks/stripe`, secret: WEBHOOK_SECRET });
    client = env.rpcClient();
    const events = env.nats().subscribe(`${env.subjectPrefix}evt.billing.>`);
    void (async () => {
      for await (const message of events) published.push(JSON.parse(message.string()) as EventEnvelope);
    })();
    anna = await signUpOwner(client, TEST_SECRET, 'Anna');
    bruno = await signUpOwner(client, TEST_SECRET, 'Bruno');
    await until(() => call(client, getSubscriptionRpc, { orga_id: anna.orgaId }, anna.auth));
    await until(() => call(client, getSubscriptionRpc, { orga_id: bruno.orgaId }, bruno.auth));
  });

  afterAll(async () => {
    await env.dispose();
    await fake.close();
    process.env = saved;
  });

  it("R1.22 a checkout is a Stripe Checkout Session paid on Stripe's page; its signed webhook puts Premium in force once and keeps the card", async () => {
    const { paymentId, url, sessionId } = await checkout(anna, PRIVATE);
    const before = changedEvents(anna.orgaId).length;
    expect(await onHostedPage(url, 'pay')).toBe(`${PUBLIC_URL}/${anna.orgaId}/adminV2/plan?payment=${paymentId}`);
    const subscription = await until(async () => {
      const view = await call(client, getSubscriptionRpc, { orga_id: anna.orgaId }, anna.auth);
      return view.tier === 4 ? view : null;
    });
    expect(subscription).toMatchObject({
      plan_id: 'premium',
      state: 'premium_active',
      pending_payment_id: null,
      pending_payment_redirect_url: null,
    });
    // both of Stripe's events (the intent succeeded, the session completed) arrived signed and were acknowledged; the first settled, the second changed nothing
    const intentId = fake.checkoutSessions.get(sessionId)?.payment_intent ?? '';
    const events = [...fake.eventsOf(intentId), ...fake.eventsOf(sessionId)];
    expect(events.map((event) => event.type).sort()).toEqual(['checkout.session.completed', 'payment_intent.succeeded']);
    expect(
      fake.deliveries.filter((delivery) => events.some((event) => event.id === delivery.eventId)).map((delivery) => delivery.status),
    ).toEqual([200, 200]);
    expect(await count(`SELECT count(*) AS n FROM "billing".stripe_event WHERE id = ANY($1)`, [events.map((event) => event.id)])).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(changedEvents(anna.orgaId).length - before).toBe(1);
    const [customer] = await env.query<{ customer_id: string; payment_method: string }>(
      `SELECT customer_id, payment_method FROM "billing".stripe_customer WHERE orga_id = $1`,
      [anna.orgaId],
    );
    expect(customer).toEqual({ customer_id: fake.customerByMetadata('orga', anna.orgaId)?.id, payment_method: 'pm_card_visa' });
    expect((await http(anna, 'GET', 'invoices')).body).toMatchObject({ v: [{ kind: 'first', status: 'paid' }] });
  });

  it("applies a webhook event once when Stripe delivers it three times at once (two billing instances), and never takes the sandbox page's word for a Stripe payment", async () => {
    const { paymentId, sessionId, url } = await checkout(bruno, COMPANY);
    // the sandbox page's confirm cannot settle a Stripe payment: only Stripe's signed event does
    expect((await http(bruno, 'POST', `payment/${paymentId}/confirm`, { outcome: 'succeeded' })).status).toBe(403);
    // the person declines on Stripe's page: back to our payment page, the checkout still pending (they may pay later)
    expect(await onHostedPage(url, 'decline')).toBe(`${PUBLIC_URL}/${bruno.orgaId}/payment?payment=${paymentId}`);
    expect(await call(client, getSubscriptionRpc, { orga_id: bruno.orgaId }, bruno.auth)).toMatchObject({
      tier: 0,
      pending_payment_id: paymentId,
    });
    // the person pays while the endpoint is unreachable; Stripe then delivers both events again, three times each at once
    fake.setWebhook(undefined);
    expect(await onHostedPage(url, 'pay')).toBe(`${PUBLIC_URL}/${bruno.orgaId}/adminV2/plan?payment=${paymentId}`);
    fake.setWebhook({ url: `${base}/api/v1/webhooks/stripe`, secret: WEBHOOK_SECRET });
    const intentId = fake.checkoutSessions.get(sessionId)?.payment_intent ?? '';
    const events = [...fake.eventsOf(intentId), ...fake.eventsOf(sessionId)];
    expect(events).toHaveLength(2);
    const before = changedEvents(bruno.orgaId).length;
    const answers = await Promise.all(events.flatMap((event) => [1, 2, 3].map(() => fake.deliver(event.id))));
    expect(answers).toEqual([200, 200, 200, 200, 200, 200]);
    await until(async () => (await call(client, getSubscriptionRpc, { orga_id: bruno.orgaId }, bruno.auth)).tier === 4);
    for (const event of events) expect(await count(`SELECT count(*) AS n FROM "billing".stripe_event WHERE id = $1`, [event.id])).toBe(1);
    expect(await count(`SELECT count(*) AS n FROM "billing".payment WHERE id = $1 AND status = 'succeeded'`, [paymentId])).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    // one change of the subscription published, not three
    expect(changedEvents(bruno.orgaId).length - before).toBe(1);
    // later redeliveries are answered 200 (Stripe stops) and change nothing
    expect(await fake.deliver(events[0]?.id ?? '')).toBe(200);
    expect(changedEvents(bruno.orgaId).length - before).toBe(1);
    // the card of the paid session is kept for the run of the 1st
    expect(await env.query(`SELECT payment_method FROM "billing".stripe_customer WHERE orga_id = $1`, [bruno.orgaId])).toEqual([
      { payment_method: 'pm_card_visa' },
    ]);
  });

  it('refuses a webhook with a wrong signature, an expired one or none, through the public route, and changes nothing', async () => {
    const [event] = [...fake.events.values()].filter((item) => item.type === 'payment_intent.succeeded');
    const events = await count(`SELECT count(*) AS n FROM "billing".stripe_event`, []);
    expect(await fake.deliver(event?.id ?? '', { secret: 'whsec_someone_else' })).toBe(403);
    expect(await fake.deliver(event?.id ?? '', { timestamp: Math.floor(Date.now() / 1000) - 301 })).toBe(403);
    const unsigned = await fetch(`${base}/api/v1/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(unsigned.status).toBe(401);
    const forged = await fetch(`${base}/api/v1/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'ab'.repeat(32)}` },
      body: JSON.stringify(event),
    });
    expect(forged.status).toBe(403);
    expect(await count(`SELECT count(*) AS n FROM "billing".stripe_event`, [])).toBe(events);
  });

  /** the run of the test below: its period, its instant and Anna's paid_through before it */
  let ran = { period: '', first: new Date(0), paidThrough: new Date(0) };

  it('R1.22 the run of the 1st charges the saved card off-session once when run twice at once, and a declined card fails its invoice', async () => {
    // Bruno's card is declined from now on (a card replaced by one Stripe's test mode declines)
    await env.query(`UPDATE "billing".stripe_customer SET payment_method = 'pm_card_chargeDeclined' WHERE orga_id = $1`, [bruno.orgaId]);
    const [{ paid_through }] = await env.query<{ paid_through: Date }>(
      `SELECT paid_through FROM "billing".subscription WHERE orga_id = $1`,
      [anna.orgaId],
    );
    const first = new Date(new Date(paid_through).getTime() + 3_600_000);
    const period = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit' }).format(first);
    ran = { period, first, paidThrough: new Date(paid_through) };
    const run = () => call(client, runBillingRpc, { period, now: first.toISOString() }, null);
    const annaCustomer = fake.customerByMetadata('orga', anna.orgaId)?.id;
    const brunoCustomer = fake.customerByMetadata('orga', bruno.orgaId)?.id;
    expect(fake.succeededCharges(annaCustomer)).toHaveLength(1);

    // each run locks one organization at a time, so two runs at once may share the work (one each) or
    // one may find both done: either way each organization is invoiced once and skipped by the other run
    const results = await Promise.all([run(), run()]);
    expect(results.reduce((sum, result) => sum + result.invoiced, 0)).toBe(2);
    expect(results.reduce((sum, result) => sum + result.skipped, 0)).toBe(2);
    expect(await run()).toMatchObject({ invoiced: 0, retried: 0 });

    // Anna: one more payment intent at Stripe, off-session with her saved card, and her invoice paid
    const charges = fake.succeededCharges(annaCustomer);
    expect(charges).toHaveLength(2);
    const monthly = charges.find((pi) => pi.off_session);
    expect(monthly).toMatchObject({ payment_method: 'pm_card_visa', currency: 'eur', metadata: { orga: anna.orgaId } });
    const [invoice] = await env.query<{ gross_cents: number; status: string; id: string }>(
      `SELECT id, gross_cents, status FROM "billing".invoice WHERE orga_id = $1 AND kind = 'monthly' AND period = $2`,
      [anna.orgaId, period],
    );
    expect(invoice).toMatchObject({ status: 'paid', gross_cents: monthly?.amount });
    // the key is the invoice's own (organization and period), the same however often the invoice is made
    expect(monthly?.metadata['charge']).toBe(`monthly:${anna.orgaId}:${period}:1`);
    expect(
      fake.requests.filter((request) => request.idempotencyKey === `pawline:monthly:${anna.orgaId}:${period}:1`).length,
    ).toBeGreaterThan(0);
    expect(await count(`SELECT count(*) AS n FROM "billing".payment WHERE orga_id = $1`, [anna.orgaId])).toBe(2);

    // Bruno: Stripe answered 402 card_declined; the invoice is failed and no money moved
    expect(fake.succeededCharges(brunoCustomer)).toHaveLength(1);
    const declined = [...fake.paymentIntents.values()].find((pi) => pi.customer === brunoCustomer && pi.off_session);
    expect(declined?.last_payment_error).toMatchObject({ code: 'card_declined' });
    expect(
      await count(`SELECT count(*) AS n FROM "billing".invoice WHERE orga_id = $1 AND kind = 'monthly' AND status = 'failed'`, [
        bruno.orgaId,
      ]),
    ).toBe(1);
    expect(
      await count(`SELECT count(*) AS n FROM "billing".payment WHERE orga_id = $1 AND provider_ref = $2 AND status = 'failed'`, [
        bruno.orgaId,
        declined?.id,
      ]),
    ).toBe(1);
  });

  it('a run rolled back after Stripe charged, run again after its invoice number went to another and after Stripe forgot the key (24 h), sends the same body and charges once', async () => {
    const { period, first, paidThrough } = ran;
    const annaCustomer = fake.customerByMetadata('orga', anna.orgaId)?.id;
    const [invoice] = await env.query<{ id: string; number_year: number; number_seq: number; lines: unknown; gross_cents: number }>(
      `SELECT id, number_year, number_seq, lines, gross_cents FROM "billing".invoice WHERE orga_id = $1 AND kind = 'monthly' AND period = $2`,
      [anna.orgaId, period],
    );
    const [payment] = await env.query<{ provider_ref: string }>(`SELECT provider_ref FROM "billing".payment WHERE invoice_id = $1`, [
      invoice?.id,
    ]);
    const key = `monthly:${anna.orgaId}:${period}:1`;
    // the request was fixed with its key and committed before it was sent: Stripe's intent carries its body
    const [kept] = await env.query<{ params: { params: { description: string; amount: number } } }>(
      `SELECT params FROM "billing".charge_request WHERE idempotency_key = $1`,
      [key],
    );
    expect(kept?.params.params).toMatchObject({
      description: `Invoice ${invoice?.number_year}/${invoice?.number_seq}`,
      amount: invoice?.gross_cents,
    });
    // as if the run's transaction had rolled back after Stripe's answer: no invoice, no payment, the month not paid;
    // Stripe keeps the charge it made, and billing the request it sent (it was committed on its own)
    await env.query(`DELETE FROM "billing".payment WHERE invoice_id = $1`, [invoice?.id]);
    await env.query(`DELETE FROM "billing".invoice WHERE id = $1`, [invoice?.id]);
    await env.query(`UPDATE "billing".subscription SET paid_through = $2 WHERE orga_id = $1`, [anna.orgaId, paidThrough]);
    // meanwhile the number went to another invoice, and a day and more passed at Stripe: it no longer knows the key
    await env.query(`UPDATE "billing".invoice_number SET last = last + 1 WHERE year = $1`, [invoice?.number_year]);
    fake.advanceClock(IDEMPOTENCY_KEY_TTL_MS + 3_600_000);

    const results = await Promise.all([
      call(client, runBillingRpc, { period, now: first.toISOString() }, null),
      call(client, runBillingRpc, { period, now: first.toISOString() }, null),
    ]);
    expect(results.map((result) => result.invoiced).sort()).toEqual([0, 1]);
    // a new invoice (a new id, another number) of the same lines, paid by the charge Stripe already made
    const [again] = await env.query<{ id: string; status: string; number_seq: number; lines: unknown }>(
      `SELECT id, status, number_seq, lines FROM "billing".invoice WHERE orga_id = $1 AND kind = 'monthly' AND period = $2`,
      [anna.orgaId, period],
    );
    expect(again).toMatchObject({ status: 'paid', lines: invoice?.lines });
    expect(again?.number_seq).not.toBe(invoice?.number_seq);
    expect(await env.query(`SELECT provider_ref, status FROM "billing".payment WHERE invoice_id = $1`, [again?.id])).toEqual([
      { provider_ref: payment?.provider_ref, status: 'succeeded' },
    ]);
    expect(fake.succeededCharges(annaCustomer)).toHaveLength(2);
    // the key was not sent again with another body (Stripe would refuse it: 400 idempotency_error)
    const sent = fake.requests.filter((request) => request.idempotencyKey === `pawline:${key}`);
    expect(sent.length).toBeGreaterThan(0);
  });

  it('a Checkout Session nobody paid expires: the checkout is no longer open, its payment and invoice fail, nobody is notified, and a new checkout can start', async () => {
    const carla = await signUpOwner(client, TEST_SECRET, 'Carla');
    await until(() => call(client, getSubscriptionRpc, { orga_id: carla.orgaId }, carla.auth));
    const { paymentId, sessionId } = await checkout(carla, PRIVATE);
    const failedBefore = published.filter((event) => event.subject === 'evt.billing.payment.failed.v1').length;
    expect(fake.expireSession(sessionId)).toMatchObject({ status: 'expired' });
    await until(async () => (await call(client, getSubscriptionRpc, { orga_id: carla.orgaId }, carla.auth)).pending_payment_id === null);
    expect(await call(client, getSubscriptionRpc, { orga_id: carla.orgaId }, carla.auth)).toMatchObject({
      tier: 0,
      pending_payment_redirect_url: null,
    });
    expect(await env.query(`SELECT status FROM "billing".payment WHERE id = $1`, [paymentId])).toEqual([{ status: 'failed' }]);
    expect(
      await count(
        `SELECT count(*) AS n FROM "billing".invoice i JOIN "billing".payment p ON p.invoice_id = i.id WHERE p.id = $1 AND i.status = 'failed'`,
        [paymentId],
      ),
    ).toBe(1);
    // an expired session is no declined card: no payment-failed event, so no notification
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(published.filter((event) => event.subject === 'evt.billing.payment.failed.v1').length).toBe(failedBefore);
    // Stripe refuses to pay it on its page, and a redelivery of the event changes nothing
    const [expiredEvent] = fake.eventsOf(sessionId).filter((event) => event.type === 'checkout.session.expired');
    expect(await fake.deliver(expiredEvent?.id ?? '')).toBe(200);
    expect(await env.query(`SELECT status FROM "billing".payment WHERE id = $1`, [paymentId])).toEqual([{ status: 'failed' }]);
    // the person starts again: a new session, paid, and Premium is in force
    const again = await checkout(carla, PRIVATE);
    expect(again.sessionId).not.toBe(sessionId);
    expect(await onHostedPage(again.url, 'pay')).toBe(`${PUBLIC_URL}/${carla.orgaId}/adminV2/plan?payment=${again.paymentId}`);
    await until(async () => (await call(client, getSubscriptionRpc, { orga_id: carla.orgaId }, carla.auth)).tier === 4);
  });
  it("a bank debit of the run stays processing and keeps the plan past the grace days; the bank's later answer pays the month to its end, or fails it, notifies and is charged again the next day; a refusal after the grace days gives them once more", async () => {
    const dario = await signUpOwner(client, TEST_SECRET, 'Dario');
    const elena = await signUpOwner(client, TEST_SECRET, 'Elena');
    for (const owner of [dario, elena]) {
      await until(() => call(client, getSubscriptionRpc, { orga_id: owner.orgaId }, owner.auth));
      const { url } = await checkout(owner, PRIVATE);
      await onHostedPage(url, 'pay');
      await until(async () => (await call(client, getSubscriptionRpc, { orga_id: owner.orgaId }, owner.auth)).tier === 4);
    }
    // both now pay by SEPA Direct Debit: Dario's bank will pay, Elena's will not
    const debit = { [dario.orgaId]: 'pm_sepa_debit_DE89370400440532013000', [elena.orgaId]: 'pm_sepa_debit_DE62370400440532013001' };
    for (const [orgaId, method] of Object.entries(debit))
      await env.query(`UPDATE "billing".stripe_customer SET payment_method = $2 WHERE orga_id = $1`, [orgaId, method]);
    const [{ paid_through }] = await env.query<{ paid_through: Date }>(
      `SELECT paid_through FROM "billing".subscription WHERE orga_id = $1`,
      [dario.orgaId],
    );
    const first = new Date(new Date(paid_through).getTime() + 3_600_000);
    const period = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit' }).format(first);
    const run = (daysLater: number) =>
      call(client, runBillingRpc, { period, now: new Date(first.getTime() + daysLater * 86_400_000).toISOString() }, null);
    const paymentsOf = (orgaId: string) =>
      env.query<{ id: string; status: string; attempt: number; provider_ref: string; invoice_status: string; amount_cents: number }>(
        `SELECT p.id, p.status, p.attempt, p.provider_ref, p.amount_cents, i.status AS invoice_status FROM "billing".payment p
           JOIN "billing".invoice i ON i.id = p.invoice_id WHERE p.orga_id = $1 AND i.kind = 'monthly' ORDER BY p.attempt`,
        [orgaId],
      );
    /** the bank's answer to an organization's first debit, at Stripe and then (its webhook) in billing */
    const bankAnswers = async (orgaId: string, atStripe: string, inBilling: string) => {
      const [debit] = await paymentsOf(orgaId);
      expect(await fake.settleDebit(debit?.provider_ref ?? '')).toMatchObject({ status: atStripe });
      return until(async () => {
        const [settled] = await paymentsOf(orgaId);
        return settled?.status === inBilling ? settled : null;
      });
    };
    const subscriptionOf = async (orgaId: string) =>
      (
        await env.query<{ tier: number; paid_through: Date }>(`SELECT tier, paid_through FROM "billing".subscription WHERE orga_id = $1`, [
          orgaId,
        ])
      )[0];

    // the 1st: Stripe answers both debits processing; nothing is paid or failed yet
    await run(0);
    for (const owner of [dario, elena]) {
      const [payment] = await paymentsOf(owner.orgaId);
      expect(payment).toMatchObject({ status: 'pending', attempt: 1, invoice_status: 'pending' });
      expect(fake.paymentIntents.get(payment?.provider_ref ?? '')).toMatchObject({ status: 'processing', off_session: true });
      expect(await subscriptionOf(owner.orgaId)).toEqual({ tier: 4, paid_through });
      // the plan page's notice: the debit the bank is processing
      expect((await call(client, getSubscriptionRpc, { orga_id: owner.orgaId }, owner.auth)).processing_charge).toMatchObject({
        payment_id: payment?.id,
        amount_cents: payment?.amount_cents,
      });
    }

    // Elena's bank refuses: the invoice fails, her administrators are told, and the next day's run debits again
    const failedBefore = published.filter((e) => e.subject === 'evt.billing.payment.failed.v1' && e.orgaId === elena.orgaId).length;
    expect(await bankAnswers(elena.orgaId, 'requires_payment_method', 'failed')).toMatchObject({ invoice_status: 'failed' });
    await until(
      async () =>
        published.filter((e) => e.subject === 'evt.billing.payment.failed.v1' && e.orgaId === elena.orgaId).length === failedBefore + 1,
    );
    await run(1);
    const [refused, again] = await paymentsOf(elena.orgaId);
    expect([refused, again]).toMatchObject([{ status: 'failed' }, { status: 'pending', attempt: 2 }]);
    // her plan page says both: the debit the bank refused, and the new one it is processing
    expect(await call(client, getSubscriptionRpc, { orga_id: elena.orgaId }, elena.auth)).toMatchObject({
      last_failed_charge: { payment_id: refused?.id },
      processing_charge: { payment_id: again?.id },
    });

    // eight days after the 1st, past the grace days: Bruno's declined card lapses his plan, the debits still
    // waiting for their banks keep Dario's and Elena's
    await run(8);
    expect((await subscriptionOf(bruno.orgaId))?.tier).toBe(0);
    expect((await subscriptionOf(dario.orgaId))?.tier).toBe(4);
    expect((await subscriptionOf(elena.orgaId))?.tier).toBe(4);
    // and Elena's retry is not debited a third time while her bank still has the second: it could pay twice
    expect((await paymentsOf(elena.orgaId)).map((p) => p.status)).toEqual(['failed', 'pending']);

    // Dario's bank pays: the invoice is paid and the plan runs to the period's end, told to the other services
    expect(await bankAnswers(dario.orgaId, 'succeeded', 'succeeded')).toMatchObject({ invoice_status: 'paid' });
    expect(await call(client, getSubscriptionRpc, { orga_id: dario.orgaId }, dario.auth)).toMatchObject({
      processing_charge: null,
      last_failed_charge: null,
    });
    const paid = await subscriptionOf(dario.orgaId);
    expect(paid?.tier).toBe(4);
    expect(new Date(paid?.paid_through ?? 0).getTime()).toBeGreaterThan(first.getTime() + 27 * 86_400_000);
    await until(async () => {
      const data = changedEvents(dario.orgaId).at(-1)?.data as { subscribed_until?: string } | undefined;
      return data?.subscribed_until === new Date(paid?.paid_through ?? 0).toISOString();
    });

    // Elena's bank refuses the second debit too, but only on the 11th, after her grace days (which ended with the 7th)
    const [, second] = await paymentsOf(elena.orgaId);
    expect(await fake.settleDebit(second?.provider_ref ?? '')).toMatchObject({ status: 'requires_payment_method' });
    await until(async () => ((await paymentsOf(elena.orgaId))[1]?.status === 'failed' ? true : null));
    // the webhook arrives now; the test's days are simulated, so the answer is dated the 11th here
    const answered = new Date(first.getTime() + 10 * 86_400_000);
    await env.query(`UPDATE "billing".payment SET answered_at = $2 WHERE id = $1`, [second?.id, answered]);
    // the next run does not lapse her: she gets the grace days again from that answer, and is debited again
    await run(11);
    expect((await subscriptionOf(elena.orgaId))?.tier).toBe(4);
    const [, , third] = await paymentsOf(elena.orgaId);
    expect(third).toMatchObject({ status: 'pending', attempt: 3 });
    const retriesUntil = new Date(answered.getTime() + 7 * 86_400_000).toISOString();
    expect((await call(client, getSubscriptionRpc, { orga_id: elena.orgaId }, elena.auth)).last_failed_charge).toMatchObject({
      payment_id: second?.id,
      retries_until: retriesUntil,
    });
    // her bank refuses that one on the 20th, after the extended days: they are not extended again, and she lapses
    expect(await fake.settleDebit(third?.provider_ref ?? '')).toMatchObject({ status: 'requires_payment_method' });
    await until(async () => ((await paymentsOf(elena.orgaId))[2]?.status === 'failed' ? true : null));
    await env.query(`UPDATE "billing".payment SET answered_at = $2 WHERE id = $1`, [
      third?.id,
      new Date(first.getTime() + 19 * 86_400_000),
    ]);
    expect((await call(client, getSubscriptionRpc, { orga_id: elena.orgaId }, elena.auth)).last_failed_charge).toMatchObject({
      payment_id: third?.id,
      retries_until: retriesUntil,
    });
    await run(20);
    expect((await subscriptionOf(elena.orgaId))?.tier).toBe(0);
  });
  it('a checkout paid by bank debit waits for the bank: its yes puts Premium in force, its no fails the payment, tells the administrators and lets a new checkout start', async () => {
    const fabio = await signUpOwner(client, TEST_SECRET, 'Fabio');
    const gina = await signUpOwner(client, TEST_SECRET, 'Gina');
    const view = (owner: SignedUpOwner) => call(client, getSubscriptionRpc, { orga_id: owner.orgaId }, owner.auth);
    const debits = { [fabio.orgaId]: 'pm_sepa_debit_DE89370400440532013000', [gina.orgaId]: 'pm_sepa_debit_DE62370400440532013001' };
    const started = new Map<string, { paymentId: string; sessionId: string }>();
    for (const owner of [fabio, gina]) {
      await until(() => view(owner));
      const { paymentId, sessionId, url } = await checkout(owner, PRIVATE);
      started.set(owner.orgaId, { paymentId, sessionId });
      // back on our plan page at once, while the bank has not answered: the checkout is still the open one
      expect(await onHostedPage(url, 'pay', debits[owner.orgaId])).toBe(`${PUBLIC_URL}/${owner.orgaId}/adminV2/plan?payment=${paymentId}`);
      expect(fake.checkoutSessions.get(sessionId)).toMatchObject({ status: 'complete', payment_status: 'unpaid' });
      expect(await view(owner)).toMatchObject({ tier: 0, pending_payment_id: paymentId });
      expect(await env.query(`SELECT status FROM "billing".payment WHERE id = $1`, [paymentId])).toEqual([{ status: 'pending' }]);
    }
    const intentOf = (orgaId: string) => fake.checkoutSessions.get(started.get(orgaId)?.sessionId ?? '')?.payment_intent ?? '';

    // Fabio's bank pays: Premium is in force and the debit is what the run of the 1st will use
    expect(await fake.settleDebit(intentOf(fabio.orgaId))).toMatchObject({ status: 'succeeded' });
    expect(await until(async () => ((await view(fabio)).tier === 4 ? view(fabio) : null))).toMatchObject({
      state: 'premium_active',
      pending_payment_id: null,
    });
    expect(await env.query(`SELECT payment_method FROM "billing".stripe_customer WHERE orga_id = $1`, [fabio.orgaId])).toEqual([
      { payment_method: debits[fabio.orgaId] },
    ]);

    // Gina's bank refuses: the payment and its invoice fail, the administrators are told, and she can start again
    const failedBefore = published.filter((e) => e.subject === 'evt.billing.payment.failed.v1' && e.orgaId === gina.orgaId).length;
    expect(await fake.settleDebit(intentOf(gina.orgaId))).toMatchObject({ status: 'requires_payment_method' });
    const ginaPayment = started.get(gina.orgaId)?.paymentId;
    await until(async () => (await view(gina)).pending_payment_id === null);
    expect(await view(gina)).toMatchObject({ tier: 0, last_failed_charge: { payment_id: ginaPayment } });
    expect(await env.query(`SELECT status FROM "billing".payment WHERE id = $1`, [ginaPayment])).toEqual([{ status: 'failed' }]);
    await until(
      async () =>
        published.filter((e) => e.subject === 'evt.billing.payment.failed.v1' && e.orgaId === gina.orgaId).length === failedBefore + 1,
    );
    const again = await checkout(gina, PRIVATE);
    expect(await onHostedPage(again.url, 'pay')).toBe(`${PUBLIC_URL}/${gina.orgaId}/adminV2/plan?payment=${again.paymentId}`);
    await until(async () => (await view(gina)).tier === 4);
  });

  it("pays a card the run declined now, on Stripe's page with another card, which then pays the next month off-session", async () => {
    const franco = await signUpOwner(client, TEST_SECRET, 'Franco');
    const view = () => call(client, getSubscriptionRpc, { orga_id: franco.orgaId }, franco.auth);
    await until(view);
    const { url } = await checkout(franco, PRIVATE);
    await onHostedPage(url, 'pay');
    await until(async () => (await view()).tier === 4);
    await env.query(`UPDATE "billing".stripe_customer SET payment_method = 'pm_card_chargeDeclined' WHERE orga_id = $1`, [franco.orgaId]);
    const paidThrough = async () =>
      new Date(
        (await env.query<{ paid_through: Date }>(`SELECT paid_through FROM "billing".subscription WHERE orga_id = $1`, [franco.orgaId]))[0]
          ?.paid_through ?? 0,
      );
    const monthOf = (at: Date) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit' }).format(at);
    const first = new Date((await paidThrough()).getTime() + 3_600_000);
    await call(client, runBillingRpc, { period: monthOf(first), now: first.toISOString() }, null);
    expect((await view()).last_failed_charge).not.toBeNull();

    // the administrator pays it now: a Checkout Session for that invoice, paid on Stripe's page with a Mastercard
    const opened = await http(franco, 'POST', 'declined-charge/pay');
    expect(opened.status).toBe(200);
    const payment = (opened.body as { payment: { id: string; status: string; provider: string; redirect_url: string } }).payment;
    expect(payment).toMatchObject({ status: 'pending', provider: 'stripe' });
    expect(await onHostedPage(payment.redirect_url, 'pay', 'pm_card_mastercard')).toBe(
      `${PUBLIC_URL}/${franco.orgaId}/adminV2/plan?payment=${payment.id}`,
    );
    // its signed webhook pays the month to its end and keeps the new card for the next ones
    const settled = await until(async () => {
      const now = await view();
      return now.last_failed_charge === null && now.pending_payment_id === null ? now : null;
    });
    expect(settled.tier).toBe(4);
    const through = await paidThrough();
    expect(through.getTime()).toBeGreaterThan(first.getTime() + 27 * 86_400_000);
    const [customer] = await env.query<{ payment_method: string }>(
      `SELECT payment_method FROM "billing".stripe_customer WHERE orga_id = $1`,
      [franco.orgaId],
    );
    expect(customer?.payment_method).toBe('pm_card_mastercard');

    // the next month's run charges that card off-session, and it is paid
    const next = new Date(through.getTime() + 3_600_000);
    await call(client, runBillingRpc, { period: monthOf(next), now: next.toISOString() }, null);
    const francoCustomer = fake.customerByMetadata('orga', franco.orgaId)?.id;
    expect(fake.succeededCharges(francoCustomer).at(-1)).toMatchObject({ payment_method: 'pm_card_mastercard', off_session: true });
    expect((await paidThrough()).getTime()).toBeGreaterThan(next.getTime() + 27 * 86_400_000);
  });

  it('keeps the SEPA debit an iDEAL checkout generated (the iDEAL method cannot be charged off-session), and the run of the 1st debits it', async () => {
    const gaia = await signUpOwner(client, TEST_SECRET, 'Gaia');
    const view = () => call(client, getSubscriptionRpc, { orga_id: gaia.orgaId }, gaia.auth);
    await until(view);
    const { url, sessionId } = await checkout(gaia, PRIVATE);
    await onHostedPage(url, 'pay', 'pm_ideal');
    await until(async () => (await view()).tier === 4);
    const intent = fake.paymentIntents.get(fake.checkoutSessions.get(sessionId)?.payment_intent ?? '');
    const generated = fake.charges.get(intent?.latest_charge ?? '')?.payment_method_details['ideal'] as { generated_sepa_debit: string };
    expect(generated.generated_sepa_debit).toMatch(/^pm_sepa_generated/);
    const saved = await until(async () => {
      const [row] = await env.query<{ payment_method: string }>(`SELECT payment_method FROM "billing".stripe_customer WHERE orga_id = $1`, [
        gaia.orgaId,
      ]);
      return row?.payment_method === generated.generated_sepa_debit ? row : null;
    });
    expect(saved.payment_method).not.toBe('pm_ideal');
    const [{ paid_through }] = await env.query<{ paid_through: Date }>(
      `SELECT paid_through FROM "billing".subscription WHERE orga_id = $1`,
      [gaia.orgaId],
    );
    const first = new Date(new Date(paid_through).getTime() + 3_600_000);
    const period = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit' }).format(first);
    await call(client, runBillingRpc, { period, now: first.toISOString() }, null);
    const debit = [...fake.paymentIntents.values()].find((pi) => pi.customer === intent?.customer && pi.off_session);
    expect(debit).toMatchObject({ payment_method: generated.generated_sepa_debit, status: 'processing' });
    expect((await view()).processing_charge).toMatchObject({ amount_cents: debit?.amount });
  });

  it("subscribing during the trial opens Stripe Checkout in setup mode: nothing is charged, the method (an iDEAL payment's generated debit) is kept, and the first invoice is charged when the trial ends", async () => {
    for (const method of ['pm_card_visa', 'pm_ideal']) {
      const vera = await signUpOwner(client, TEST_SECRET, 'Vera');
      const view = () => call(client, getSubscriptionRpc, { orga_id: vera.orgaId }, vera.auth);
      await until(view);
      expect((await http(vera, 'PUT', 'billing/data', { profile: PRIVATE })).status).toBe(200);
      const started = await http(vera, 'POST', 'subscription', { plan_id: 'premium' });
      const payment = (started.body as { payment: { id: string; purpose: string; redirect_url: string; amount_cents: number } }).payment;
      expect(payment).toMatchObject({ purpose: 'setup' });
      const [row] = await env.query<{ provider_ref: string }>(`SELECT provider_ref FROM "billing".payment WHERE id = $1`, [payment.id]);
      const session = fake.checkoutSessions.get(row?.provider_ref ?? '');
      expect(session).toMatchObject({
        mode: 'setup',
        currency: 'eur',
        amount_total: 0,
        metadata: { orga: vera.orgaId, payment: payment.id },
      });
      expect(await onHostedPage(payment.redirect_url, 'pay', method)).toBe(
        `${PUBLIC_URL}/${vera.orgaId}/adminV2/plan?payment=${payment.id}`,
      );
      const scheduled = await until(async () => {
        const now = await view();
        return now.scheduled_start ? now : null;
      });
      expect(scheduled).toMatchObject({
        tier: 0,
        pending_payment_id: null,
        scheduled_start: { plan_id: 'premium', amount_cents: payment.amount_cents },
      });
      const customer = fake.customerByMetadata('orga', vera.orgaId)?.id;
      expect([...fake.paymentIntents.values()].filter((pi) => pi.customer === customer)).toEqual([]);
      const intent = fake.setupIntents.get(fake.checkoutSessions.get(session?.id ?? '')?.setup_intent ?? '');
      const kept =
        method === 'pm_ideal'
          ? String((intent?.latest_attempt?.payment_method_details['ideal'] as { generated_sepa_debit: string }).generated_sepa_debit)
          : method;
      expect(await env.query(`SELECT payment_method FROM "billing".stripe_customer WHERE orga_id = $1`, [vera.orgaId])).toEqual([
        { payment_method: kept },
      ]);
      // the trial ends: the run charges the first invoice off-session with that method, once
      const ends = new Date(scheduled.scheduled_start?.starts_at ?? 0);
      const period = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit' }).format(ends);
      const after = new Date(ends.getTime() + 3_600_000).toISOString();
      await Promise.all([
        call(client, runBillingRpc, { period, now: after }, null),
        call(client, runBillingRpc, { period, now: after }, null),
      ]);
      const charged = [...fake.paymentIntents.values()].filter((pi) => pi.customer === customer);
      expect(charged).toMatchObject([
        {
          amount: payment.amount_cents,
          off_session: true,
          payment_method: kept,
          status: method === 'pm_ideal' ? 'processing' : 'succeeded',
        },
      ]);
      if (method === 'pm_card_visa') await until(async () => ((await view()).tier === 4 ? true : null));
    }
  });
});
