import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { until } from '@pawline/nest-kit/testing';
import { parseForm, startFakeStripe, type FakeStripeServer } from './fake-stripe-server';

const KEY = 'sk_test_fake_spec';

describe('fake Stripe (wire protocol)', () => {
  let fake: FakeStripeServer;
  beforeAll(async () => {
    fake = await startFakeStripe({ secretKeys: [KEY], latencyMs: 100 });
  });
  afterAll(() => fake.close());

  const post = (path: string, body: string, key?: string, auth = `Bearer ${KEY}`) =>
    fetch(`${fake.url}${path}`, {
      method: 'POST',
      headers: {
        authorization: auth,
        'content-type': 'application/x-www-form-urlencoded',
        ...(key ? { 'idempotency-key': key } : {}),
      },
      body,
    });

  it('reads nested form keys as Stripe does', () => {
    expect(parseForm('amount=100&metadata%5Borga%5D=x&expand%5B%5D=a&expand%5B%5D=b&automatic_payment_methods[enabled]=true')).toEqual({
      amount: '100',
      metadata: { orga: 'x' },
      expand: ['a', 'b'],
      automatic_payment_methods: { enabled: 'true' },
    });
  });

  it('checks the secret key, as Bearer or as the Basic user', async () => {
    expect((await post('/v1/customers', '', undefined, 'Bearer sk_test_other')).status).toBe(401);
    const unauthorized = (await (await post('/v1/customers', '', undefined, 'Bearer nope')).json()) as { error: { type: string } };
    expect(unauthorized.error.type).toBe('invalid_request_error');
    expect((await post('/v1/customers', '', undefined, `Basic ${Buffer.from(`${KEY}:`).toString('base64')}`)).status).toBe(200);
  });

  it('replays the same key with the same body, refuses it with another body (400 idempotency_error), and 409 while it runs', async () => {
    const body = 'metadata[orga]=o1';
    const [first, concurrent] = await Promise.all([post('/v1/customers', body, 'k1'), post('/v1/customers', body, 'k1')]);
    expect(first.status).toBe(200);
    expect(concurrent.status).toBe(409);
    expect(((await concurrent.json()) as { error: { type: string; code: string } }).error).toMatchObject({
      type: 'idempotency_error',
      code: 'idempotency_key_in_use',
    });
    const created = (await first.json()) as { id: string };
    const again = await post('/v1/customers', body, 'k1');
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(((await again.json()) as { id: string }).id).toBe(created.id);
    const other = await post('/v1/customers', 'metadata[orga]=o2', 'k1');
    expect(other.status).toBe(400);
    expect(((await other.json()) as { error: { type: string } }).error.type).toBe('idempotency_error');
    expect([...fake.customers.values()].filter((customer) => customer.metadata['orga'] === 'o1')).toHaveLength(1);
  });

  it('answers a declined card with 402 card_error card_declined carrying the payment intent', async () => {
    const customer = (await (await post('/v1/customers', '')).json()) as { id: string };
    const declined = await post(
      '/v1/payment_intents',
      `amount=1000&currency=eur&customer=${customer.id}&payment_method=pm_card_chargeDeclined&off_session=true&confirm=true&allowed_payment_method_types[]=card`,
      'pi-declined',
    );
    expect(declined.status).toBe(402);
    const body = (await declined.json()) as {
      error: { type: string; code: string; decline_code: string; payment_intent: { id: string; status: string } };
    };
    expect(body.error).toMatchObject({ type: 'card_error', code: 'card_declined', decline_code: 'generic_decline' });
    expect(body.error.payment_intent.status).toBe('requires_payment_method');
    const paid = await post(
      '/v1/payment_intents',
      `amount=1000&currency=eur&customer=${customer.id}&payment_method=pm_card_visa&confirm=true&automatic_payment_methods[enabled]=true&automatic_payment_methods[allow_redirects]=never`,
    );
    expect(((await paid.json()) as { status: string }).status).toBe('succeeded');
    expect((await post('/v1/payment_intents', 'amount=10&currency=eur')).status).toBe(400);
  });

  it('leaves a bank debit processing until the bank answers: settleDebit succeeds it or fails it, with its event', async () => {
    const customer = (await (await post('/v1/customers', '')).json()) as { id: string };
    const debit = async (method: string) => {
      const answer = await post(
        '/v1/payment_intents',
        `amount=2900&currency=eur&customer=${customer.id}&payment_method=${method}&off_session=true&confirm=true&allowed_payment_method_types[]=sepa_debit`,
      );
      expect(answer.status).toBe(200);
      return (await answer.json()) as { id: string; status: string };
    };
    const paying = await debit('pm_sepa_debit_DE89370400440532013000');
    const refused = await debit('pm_sepa_debit_DE62370400440532013001');
    expect([paying.status, refused.status]).toEqual(['processing', 'processing']);
    expect(fake.succeededCharges(customer.id)).toEqual([]);
    expect(await fake.settleDebit(paying.id)).toMatchObject({ status: 'succeeded' });
    expect(await fake.settleDebit(refused.id)).toMatchObject({
      status: 'requires_payment_method',
      last_payment_error: { code: 'insufficient_funds' },
    });
    expect(fake.succeededCharges(customer.id).map((pi) => pi.id)).toEqual([paying.id]);
    expect(fake.eventsOf(paying.id).map((event) => event.type)).toEqual(['payment_intent.processing', 'payment_intent.succeeded']);
    expect(fake.eventsOf(refused.id).map((event) => event.type)).toEqual(['payment_intent.processing', 'payment_intent.payment_failed']);
    // answered once: a second answer, or one for a card, is refused
    expect(await fake.settleDebit(paying.id)).toMatchObject({ status: 400, code: 'payment_intent_unexpected_state' });
  });

  it('posts each event signed with the endpoint secret: t=…,v1=HMAC-SHA256(`${t}.${payload}`)', async () => {
    const received: { signature: string; body: string }[] = [];
    const server: Server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({ signature: String(req.headers['stripe-signature']), body: Buffer.concat(chunks).toString('utf8') });
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    fake.setWebhook({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, secret: 'whsec_spec' });
    const customer = (await (await post('/v1/customers', '')).json()) as { id: string };
    const intent = (await (await post('/v1/payment_intents', `amount=2000&currency=eur&customer=${customer.id}`)).json()) as { id: string };
    expect(fake.pay(intent.id, 'pm_card_visa')).toMatchObject({ status: 'succeeded' });
    await until(() => received.length > 0, { timeoutMs: 1000, intervalMs: 20, what: 'the webhook delivery' });
    fake.setWebhook(undefined);
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const [delivery] = received;
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(delivery?.signature ?? '') ?? [];
    expect(v1).toBe(createHmac('sha256', 'whsec_spec').update(`${t}.${delivery?.body}`).digest('hex'));
    expect(JSON.parse(delivery?.body ?? '{}')).toMatchObject({ type: 'payment_intent.succeeded', data: { object: { id: intent.id } } });
  });

  it('makes a Checkout Session once per idempotency key, and its hosted page pays it: a succeeded intent with the card, two signed events, back to success_url', async () => {
    const received: string[] = [];
    const server: Server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push(Buffer.concat(chunks).toString('utf8'));
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    fake.setWebhook({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, secret: 'whsec_spec' });
    const customer = (await (await post('/v1/customers', '')).json()) as { id: string };
    const body = [
      'mode=payment',
      `customer=${customer.id}`,
      'line_items[0][quantity]=1',
      'line_items[0][price_data][currency]=eur',
      'line_items[0][price_data][unit_amount]=2599',
      'line_items[0][price_data][product_data][name]=Invoice%202026%2F7',
      'payment_intent_data[setup_future_usage]=off_session',
      'payment_intent_data[metadata][orga]=o1',
      'metadata[orga]=o1',
      'success_url=http%3A%2F%2Fapp.test%2Fo1%2Fplan%3Fpayment%3Dp1',
      'cancel_url=http%3A%2F%2Fapp.test%2Fo1%2Fpayment%3Fpayment%3Dp1',
    ].join('&');
    const [first, second] = await Promise.all([
      post('/v1/checkout/sessions', body, 'cs-key-1'),
      post('/v1/checkout/sessions', body, 'cs-key-1'),
    ]);
    // the second overlapped the first: 409 while it ran; retried, it gets the same session back
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const session = (await (await post('/v1/checkout/sessions', body, 'cs-key-1')).json()) as {
      id: string;
      url: string;
      amount_total: number;
    };
    expect(session).toMatchObject({ amount_total: 2599, url: `${fake.url}/pay/${session.id}` });
    expect(fake.checkoutSessions.size).toBe(1);
    expect((await post('/v1/checkout/sessions', body.replace('2599', '2600'), 'cs-key-1')).status).toBe(400);
    expect((await post('/v1/checkout/sessions', body.replace('mode=payment&', ''))).status).toBe(400);
    const read = await fetch(`${fake.url}/v1/checkout/sessions/${session.id}`, { headers: { authorization: `Bearer ${KEY}` } });
    expect(await read.json()).toMatchObject({ id: session.id, status: 'open', payment_status: 'unpaid', payment_intent: null });

    const page = await (await fetch(session.url)).text();
    expect(page).toContain('value="pay"');
    expect(page).toContain('value="decline"');
    const declined = await fetch(session.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=decline',
      redirect: 'manual',
    });
    expect(declined.status).toBe(303);
    expect(declined.headers.get('location')).toBe('http://app.test/o1/payment?payment=p1');
    expect(fake.checkoutSessions.get(session.id)?.status).toBe('open');

    const paid = await fetch(session.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=pay&payment_method=pm_card_visa',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe('http://app.test/o1/plan?payment=p1');
    const completed = fake.checkoutSessions.get(session.id);
    expect(completed).toMatchObject({ status: 'complete', payment_status: 'paid' });
    expect(fake.paymentIntents.get(completed?.payment_intent ?? '')).toMatchObject({
      status: 'succeeded',
      amount: 2599,
      customer: customer.id,
      payment_method: 'pm_card_visa',
      setup_future_usage: 'off_session',
      metadata: { orga: 'o1' },
    });
    // the deliveries were awaited before the redirect
    expect(received.map((text) => (JSON.parse(text) as { type: string }).type)).toEqual([
      'payment_intent.succeeded',
      'checkout.session.completed',
    ]);
    // paying again charges nothing
    await fetch(session.url, {
      method: 'POST',
      body: 'action=pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      redirect: 'manual',
    });
    expect(fake.succeededCharges(customer.id)).toHaveLength(1);
    fake.setWebhook(undefined);
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("a Checkout Session paid by bank debit completes unpaid, and the bank's answer ends its wait with the async payment event", async () => {
    const customer = (await (await post('/v1/customers', '')).json()) as { id: string };
    const session = (await (
      await post(
        '/v1/checkout/sessions',
        [
          'mode=payment',
          `customer=${customer.id}`,
          'line_items[0][quantity]=1',
          'line_items[0][price_data][currency]=eur',
          'line_items[0][price_data][unit_amount]=2900',
          'line_items[0][price_data][product_data][name]=Premium',
          'success_url=https://app.example/ok',
          'cancel_url=https://app.example/back',
        ].join('&'),
      )
    ).json()) as { id: string };
    const paid = await fake.completeSession(session.id, 'pay', 'pm_sepa_debit_DE62370400440532013001');
    expect(paid).toMatchObject({ redirect: 'https://app.example/ok', session: { status: 'complete', payment_status: 'unpaid' } });
    const intent = fake.checkoutSessions.get(session.id)?.payment_intent ?? '';
    expect(fake.paymentIntents.get(intent)?.status).toBe('processing');
    expect(await fake.settleDebit(intent)).toMatchObject({ status: 'requires_payment_method' });
    expect(fake.eventsOf(session.id).map((event) => event.type)).toEqual([
      'checkout.session.completed',
      'checkout.session.async_payment_failed',
    ]);
    expect(fake.checkoutSessions.get(session.id)?.payment_status).toBe('unpaid');
  });
});
