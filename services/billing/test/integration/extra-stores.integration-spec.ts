import { getSubscriptionRpc, runBillingRpc } from '@pawline/contracts';
import type { NatsRpcClient } from '@pawline/nest-kit';
import { call, createTestEnv, signUpOwner, type SignedUpOwner, type TestEnv, until } from '@pawline/nest-kit/testing';
import { gatewayService } from '../../../gateway/src/gateway.service-definition';
import { identityService } from '../../../identity/src/identity.service-definition';
import { startFakeStripe, type FakeStripeServer } from '../../../../tools/fake-stripe/fake-stripe-server';
import { billingService } from '../../src/billing.service-definition';

const TEST_SECRET = 'billing-extra-stores-secret-0123456789abcdef';
const STRIPE_KEY = 'sk_test_pawline_extra_stores';
const WEBHOOK_SECRET = 'whsec_pawline_extra_stores';

jest.setTimeout(180_000);

type Line = { kind: string; quantity: number; unit_cents: number; net_cents: number };
type Invoice = {
  id: string;
  kind: string;
  period: string;
  status: string;
  lines: Line[];
  net_cents: number;
  vat_cents: number;
  gross_cents: number;
};

const romeMonth = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit' }).format(at);
const romeDay = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
/** R1.22 the spec's pro-rata: the monthly cents × the days left (today counted) ÷ the month's days, rounded half up */
const proRata = (cents: number, day: string) => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const of = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return Math.floor((2 * cents * (of - date + 1) + of) / (2 * of));
};

describe('R9.02 a salon with three stores on Standard, over two months (real gateway, identity, billing and the fake Stripe)', () => {
  const saved = { ...process.env };
  let env: TestEnv;
  let client: NatsRpcClient;
  let fake: FakeStripeServer;
  let base = '';
  let sara: SignedUpOwner;

  const http = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${base}/api/v1/orga/${sara.orgaId}/${path}`, {
      method,
      headers: { authorization: `Bearer ${sara.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as never };
  };
  const invoices = async () => ((await http('GET', 'invoices')).body as { v: Invoice[] }).v;

  beforeAll(async () => {
    fake = await startFakeStripe({ secretKeys: [STRIPE_KEY] });
    Object.assign(process.env, {
      AUTH_TOKEN_SECRET: TEST_SECRET,
      PAWLINE_PAYMENTS: 'stripe',
      STRIPE_SECRET_KEY: STRIPE_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: fake.url,
      PAWLINE_BILLING_RUN: 'off',
      PAWLINE_SERVICES: 'identity,billing',
    });
    env = await createTestEnv();
    await env.start(identityService);
    await env.start(billingService, { httpPort: 0 });
    base = (await env.start(gatewayService, { httpPort: 0 })).httpUrl ?? '';
    fake.setWebhook({ url: `${base}/api/v1/webhooks/stripe`, secret: WEBHOOK_SECRET });
    client = env.rpcClient();
    sara = await signUpOwner(client, TEST_SECRET, 'Sara');
    await until(() => call(client, getSubscriptionRpc, { orga_id: sara.orgaId }, sara.auth));
  });

  afterAll(async () => {
    await env.dispose();
    await fake.close();
    process.env = saved;
  });

  it('bills the first month pro-rata and the second in full, each of the two extra stores once, and charges exactly the invoices', async () => {
    // two more stores, opened through the gateway: identity tells billing, which counts three
    for (const name of ['Centro', 'Mare']) {
      expect((await http('POST', 'store', { name, country: 'IT', address_from_orga: true })).status).toBe(201);
    }
    await until(async () =>
      (await call(client, getSubscriptionRpc, { orga_id: sara.orgaId }, sara.auth)).store_count === 3 ? true : null,
    );
    const profile = {
      kind: 'company',
      legal_name: 'Toelettatura Tre Negozi S.r.l.',
      vat: '00488410010',
      codice_destinatario: 'M5UXCR1',
      address: 'Via Emilia 12',
      city: 'Bologna',
      zip_code: '40121',
      country: 'IT',
    };
    expect((await http('PUT', 'billing/data', { profile })).status).toBe(200);

    // the first month: Standard and two extra stores, each from today to the month's end (the trial is over)
    await env.query(`UPDATE "billing".subscription SET trial_ends_at = now() - interval '1 minute' WHERE orga_id = $1`, [sara.orgaId]);
    const started = await http('POST', 'subscription', { plan_id: 'standard' });
    expect(started.status).toBe(200);
    const today = romeDay(new Date());
    const [first] = await invoices();
    expect(first?.lines.map(({ kind, quantity, unit_cents, net_cents }) => ({ kind, quantity, unit_cents, net_cents }))).toEqual([
      { kind: 'plan_pro_rata', quantity: 1, unit_cents: proRata(2900, today), net_cents: proRata(2900, today) },
      { kind: 'extra_store_pro_rata', quantity: 2, unit_cents: proRata(1000, today), net_cents: 2 * proRata(1000, today) },
    ]);
    const firstNet = proRata(2900, today) + 2 * proRata(1000, today);
    expect(first).toMatchObject({
      kind: 'first',
      net_cents: firstNet,
      gross_cents: firstNet + Math.floor((2 * firstNet * 22 + 100) / 200),
    });
    const url = (started.body as { payment: { redirect_url: string } }).payment.redirect_url;
    const paid = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=pay&payment_method=pm_card_visa',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    const subscription = await until(async () => {
      const view = await call(client, getSubscriptionRpc, { orga_id: sara.orgaId }, sara.auth);
      return view.tier === 3 ? view : null;
    });
    // the plan page's monthly fee: 29.00 and 2 × 10.00
    expect(subscription).toMatchObject({ plan_id: 'standard', store_count: 3, monthly_cents: 4900 });
    const customer = fake.customerByMetadata('orga', sara.orgaId)?.id;
    expect(fake.succeededCharges(customer).map((pi) => pi.amount)).toEqual([first?.gross_cents]);

    // the second month, billed on its 1st: 29.00 + 2 × 10.00 = 49.00 net, 10.78 VAT, 59.78 charged off-session
    const paidThrough = new Date(subscription.paid_through ?? 0);
    const onTheFirst = new Date(paidThrough.getTime() + 3_600_000);
    const period = romeMonth(onTheFirst);
    expect(await call(client, runBillingRpc, { period, now: onTheFirst.toISOString() }, null)).toMatchObject({ invoiced: 1 });
    const monthly = (await invoices()).find((invoice) => invoice.kind === 'monthly');
    expect(monthly).toMatchObject({
      period,
      status: 'paid',
      lines: [
        { kind: 'plan', quantity: 1, unit_cents: 2900, net_cents: 2900 },
        { kind: 'extra_store', quantity: 2, unit_cents: 1000, net_cents: 2000 },
      ],
      net_cents: 4900,
      vat_cents: 1078,
      gross_cents: 5978,
    });
    const charges = fake.succeededCharges(customer);
    expect(charges).toHaveLength(2);
    expect(charges.find((pi) => pi.off_session)).toMatchObject({ amount: 5978, currency: 'eur', payment_method: 'pm_card_visa' });
  });
});
