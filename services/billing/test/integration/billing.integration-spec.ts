import { randomUUID } from 'node:crypto';
import {
  REMINDER_STATUS,
  cancelOrgaRpc,
  getSubscriptionRpc,
  reminderStatusChangedEvent,
  runBillingRpc,
  setCustomizedPlanRpc,
  subscriptionChangedEvent,
  type EventEnvelope,
} from '@pawline/contracts';
import type { NatsRpcClient, RunningService } from '@pawline/nest-kit';
import { call, createTestEnv, emitEvent, signUpOwner, type SignedUpOwner, type TestEnv, until } from '@pawline/nest-kit/testing';
import { gatewayService } from '../../../gateway/src/gateway.service-definition';
import { identityService } from '../../../identity/src/identity.service-definition';
import { billingService } from '../../src/billing.service-definition';
import { expectValidFatturaPa } from '../fattura-pa-check';
import { pdfText } from '../../../../tools/pdf-text/pdf-text';

const TEST_SECRET = 'billing-integration-secret-0123456789abcdef';
type Salon = SignedUpOwner;

jest.setTimeout(180_000);

const COMPANY = {
  kind: 'company',
  legal_name: 'Toelettatura Fido S.r.l.',
  vat: 'IT00159560366',
  fiscal_code: '',
  pec: 'fido@pec.it',
  codice_destinatario: 'm5uxcr1',
  address: 'Via Verdi 3',
  city: 'Modena',
  zip_code: '41121',
  country: 'IT',
};

describe('billing service (real Postgres and NATS, through the gateway)', () => {
  let env: TestEnv;
  let service: RunningService;
  let client: NatsRpcClient;
  let base = '';
  let anna: Salon;
  let jurgen: Salon;
  const published: EventEnvelope[] = [];

  const http = async (salon: Salon | null, method: string, orgaId: string, path: string, body?: unknown) => {
    const response = await fetch(`${base}/api/v1/orga/${orgaId}/${path}`, {
      method,
      headers: {
        ...(salon ? { authorization: `Bearer ${salon.token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        'accept-language': 'it',
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const type = response.headers.get('content-type') ?? '';
    const payload = type.includes('json')
      ? ((await response.json()) as Record<string, unknown>)
      : Buffer.from(await response.arrayBuffer());
    return { status: response.status, type, body: payload as never };
  };

  const count = async (sql: string, params: unknown[]) => Number((await env.query<{ n: string }>(sql, params))[0]?.n);
  /** the salon's free trial is over: subscribing is a checkout paid now (during the trial it starts at its end) */
  const endTrial = (orgaId: string) =>
    env.query(`UPDATE "billing".subscription SET trial_ends_at = now() - interval '1 minute' WHERE orga_id = $1`, [orgaId]);

  beforeAll(async () => {
    process.env['AUTH_TOKEN_SECRET'] = TEST_SECRET;
    // the e-invoices go to the (sandbox) SdI within a fifth of a second, not a minute
    process.env['PAWLINE_SDI_EVERY_MS'] = '200';
    env = await createTestEnv();
    await env.start(identityService);
    service = await env.start(billingService, { httpPort: 0 });
    // a second instance in the same queue group: the runs below really run in two processes' handlers at once
    await env.start(billingService, { httpPort: 0 });
    process.env['PAWLINE_SERVICES'] = 'identity,billing';
    base = (await env.start(gatewayService, { httpPort: 0 })).httpUrl ?? '';
    client = env.rpcClient();
    const events = env.nats().subscribe(`${env.subjectPrefix}evt.billing.>`);
    void (async () => {
      for await (const message of events) published.push(JSON.parse(message.string()) as EventEnvelope);
    })();
    anna = await signUpOwner(client, TEST_SECRET, 'Anna');
    jurgen = await signUpOwner(client, TEST_SECRET, 'Jurgen');
    await until(() => call(client, getSubscriptionRpc, { orga_id: anna.orgaId }, anna.auth));
    await until(() => call(client, getSubscriptionRpc, { orga_id: jurgen.orgaId }, jurgen.auth));
  });

  afterAll(async () => {
    await env.dispose();
  });

  it('answers GET /health with postgres and nats up', async () => {
    const response = await fetch(`${service.httpUrl}/health`);
    expect(response.status).toBe(200);
  });

  it('R7.01 R1.19 R4.09 GET /orga/{orga}/plans lists the six plans and a new salon in its 15-day free trial', async () => {
    const answer = await http(anna, 'GET', anna.orgaId, 'plans');
    expect(answer.status).toBe(200);
    const v = (answer.body as { v: { plans: { id: string }[]; subscription: Record<string, unknown> } }).v;
    expect(v.plans.map((plan) => plan.id)).toEqual(['free_trial', 'free_plan', 'basic', 'standard', 'premium', 'customized']);
    expect(v.subscription).toMatchObject({
      tier: 0,
      plan_id: 'free_trial',
      state: 'free_trial',
      active: true,
      expiry_state: -1,
      remaining_days: 15,
    });
    expect((await http(jurgen, 'GET', anna.orgaId, 'plans')).status).toBe(403);
    expect((await http(null, 'GET', anna.orgaId, 'plans')).status).toBe(401);
  });

  it('R5.09 R5.06 R5.07 R5.08 refuses invalid billing data with the builder result and the user language, and changes nothing', async () => {
    const badVat = await http(anna, 'PUT', anna.orgaId, 'billing/data', { profile: { ...COMPANY, vat: 'IT00159560367' } });
    expect(badVat).toMatchObject({
      status: 400,
      body: { code: 'validation_failed', message: 'Alcuni campi non sono validi.', fields: { vat: 'validation.invalidVat' } },
    });
    const none = await http(anna, 'PUT', anna.orgaId, 'billing/data', { profile: { ...COMPANY, vat: '', fiscal_code: '' } });
    expect(none).toMatchObject({ status: 400, body: { fields: { vat: 'validation.vatOrFiscalCodeRequired' } } });
    const badCode = await http(anna, 'PUT', anna.orgaId, 'billing/data', { profile: { ...COMPANY, codice_destinatario: 'AB' } });
    expect(badCode).toMatchObject({ status: 400, body: { fields: { codice_destinatario: 'validation.invalidRecipientCode' } } });
    const person = {
      kind: 'private',
      first_name: 'Mario',
      last_name: 'Rossi',
      fiscal_code: 'RSSMRA85T10A562T',
      address: 'Via Po 1',
      city: 'Torino',
      zip_code: '10121',
      country: 'IT',
    };
    expect(await http(anna, 'PUT', anna.orgaId, 'billing/data', { profile: person })).toMatchObject({
      status: 400,
      body: { fields: { fiscal_code: 'validation.invalidFiscalCode' } },
    });
    expect(await http(anna, 'GET', anna.orgaId, 'billing/data')).toMatchObject({ status: 200, body: { v: null } });
    expect(await http(anna, 'POST', anna.orgaId, 'subscription', { plan_id: 'premium' })).toMatchObject({
      status: 400,
      body: { fields: { billing_data: 'validation.billingDataRequired' } },
    });
    expect(await http(anna, 'POST', anna.orgaId, 'subscription', { plan_id: 'customized' })).toMatchObject({
      status: 400,
      body: { fields: { plan_id: 'validation.planNotPurchasable' } },
    });
  });

  it('R1.23 R3.18 saves Company billing data normalized, with codice_destinatario, pec and fiscal_code', async () => {
    const saved = await http(anna, 'PUT', anna.orgaId, 'billing/data', { profile: COMPANY });
    expect(saved).toMatchObject({
      status: 200,
      body: {
        kind: 'company',
        vat: '00159560366',
        billing_data: { codice_destinatario: 'M5UXCR1', pec: 'fido@pec.it', fiscal_code: null },
      },
    });
    expect((await http(jurgen, 'PUT', anna.orgaId, 'billing/data', { profile: COMPANY })).status).toBe(403);
  });

  let firstInvoiceId = '';

  it('R1.22 subscribing to Premium charges the first month pro-rata; the sandbox payment completes and the tier changes', async () => {
    await endTrial(anna.orgaId);
    const started = await http(anna, 'POST', anna.orgaId, 'subscription', { plan_id: 'premium' });
    expect(started.status).toBe(200);
    const { payment, subscription } = started.body as {
      payment: { id: string; status: string; amount_cents: number };
      subscription: { tier: number };
    };
    expect(payment.status).toBe('pending');
    expect(subscription.tier).toBe(0);
    const invoices = (await http(anna, 'GET', anna.orgaId, 'invoices')).body as {
      v: { id: string; kind: string; lines: unknown[]; gross_cents: number }[];
    };
    expect(invoices.v).toHaveLength(1);
    expect(invoices.v[0]).toMatchObject({ kind: 'first', status: 'pending', vat_percent: 22, e_invoice: true });
    expect(invoices.v[0]?.gross_cents).toBe(payment.amount_cents);
    firstInvoiceId = invoices.v[0]?.id ?? '';
    const done = await http(anna, 'POST', anna.orgaId, `payment/${payment.id}/confirm`, { outcome: 'succeeded' });
    expect(done).toMatchObject({
      status: 200,
      body: { payment: { status: 'succeeded' }, subscription: { tier: 4, plan_id: 'premium', state: 'premium_active', expiry_state: -1 } },
    });
    const changed = await until(async () =>
      published.find((event) => event.subject === 'evt.billing.subscription.changed.v1' && event.orgaId === anna.orgaId),
    );
    expect(changed.data).toMatchObject({ orga_id: anna.orgaId, tier: 4, plan_id: 'premium' });
    // R4.21 identity keeps the tier from billing's event: GET /orga/{orga} answers it and members' clients hear of it
    const orga = await until(async () => {
      const response = await fetch(`${base}/api/v1/orga/${anna.orgaId}`, { headers: { authorization: `Bearer ${anna.token}` } });
      const body = (await response.json()) as { tier: number; subscribed_since: string | null; subscribed_until: string | null };
      return body.tier === 4 ? body : null;
    });
    expect(orga.subscribed_since).not.toBeNull();
    expect(new Date(orga.subscribed_until ?? 0).getTime()).toBeGreaterThan(Date.now());
    expect((await http(anna, 'POST', anna.orgaId, `payment/${payment.id}/confirm`, { outcome: 'failed' })).status).toBe(409);
  });

  /** the e-invoice of a paid invoice as served: its SdI file name, valid by the official schema and the SdI rules */
  const eInvoice = async (salon: Salon, invoiceId: string) => {
    const answer = await fetch(`${base}/api/v1/orga/${salon.orgaId}/invoice/${invoiceId}/xml`, {
      headers: { authorization: `Bearer ${salon.token}` },
    });
    expect(answer.status).toBe(200);
    const fileName = /filename="?([^";]+)"?/.exec(answer.headers.get('content-disposition') ?? '')?.[1] ?? '';
    const xml = Buffer.from(await answer.arrayBuffer()).toString('utf8');
    expect(fileName).toMatch(/^IT00905811006_[A-Z0-9]{1,5}\.xml$/);
    await expectValidFatturaPa(fileName, xml);
    return xml;
  };

  it('serves the invoice as a PDF and as FatturaPA XML (FPR12) with the codice destinatario, under its SdI file name', async () => {
    const pdf = await http(anna, 'GET', anna.orgaId, `invoice/${firstInvoiceId}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toContain('application/pdf');
    const page = (await pdfText(pdf.body as Buffer)).pages.join('\n');
    // Italian billing country, no language chosen: the Italian courtesy copy of the e-invoice
    expect(page).toContain('Toelettatura Fido S.r.l.');
    expect(page).toContain('COPIA DI CORTESIA');
    expect(page).toMatch(/Totale € \d+,\d\d/);
    const text = await eInvoice(anna, firstInvoiceId);
    expect(text).toContain('versione="FPR12"');
    expect(text).toContain('<CodiceDestinatario>M5UXCR1</CodiceDestinatario>');
    expect(text).toContain('<IdCodice>00159560366</IdCodice>');
    expect((await http(jurgen, 'GET', anna.orgaId, `invoice/${firstInvoiceId}/pdf`)).status).toBe(403);
    expect((await http(jurgen, 'GET', jurgen.orgaId, `invoice/${firstInvoiceId}/pdf`)).status).toBe(404);
  });

  it('R9.02 counts each reminder messaging sent once, from its events (a later status or a failure adds nothing)', async () => {
    const store = randomUUID();
    const sent = async (outbound: string, status: number) =>
      emitEvent(env, reminderStatusChangedEvent, {
        orga_id: anna.orgaId,
        store_id: store,
        appointment_id: randomUUID(),
        outbound_id: outbound,
        reminder_status: status,
      });
    const outbounds = Array.from({ length: 565 }, () => randomUUID());
    for (let i = 0; i < outbounds.length; i += 50)
      await Promise.all(outbounds.slice(i, i + 50).map((outbound) => sent(outbound, REMINDER_STATUS.sent)));
    await sent(outbounds[0], REMINDER_STATUS.read);
    await sent(randomUUID(), REMINDER_STATUS.failed);
    const usage = `SELECT count(*) AS n FROM "billing".reminder_usage WHERE orga_id = $1`;
    await until(async () => (await count(usage, [anna.orgaId])) >= 565);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await count(usage, [anna.orgaId])).toBe(565);
  });

  it('R1.22 R9.02 R1.21 the run of the 1st invoices the month once (run again and three times at once, on two instances), retries a declined charge once a day, and bills last month over the plan', async () => {
    const [{ paid_through }] = await env.query<{ paid_through: Date }>(
      `SELECT paid_through FROM "billing".subscription WHERE orga_id = $1`,
      [anna.orgaId],
    );
    const first = new Date(new Date(paid_through).getTime() + 3_600_000);
    const period = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit' }).format(first);
    const run = (at = first) => call(client, runBillingRpc, { period, now: at.toISOString() }, null);
    // the month of the checkout was paid pro-rata: running it bills nobody again
    const thisMonth = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit' }).format(new Date());
    expect(await call(client, runBillingRpc, { period: thisMonth }, null)).toMatchObject({ invoiced: 0, retried: 0 });
    // the card is declined on the 1st: one invoice, one failed charge, however many runs start at once
    process.env['PAWLINE_PAYMENT_SANDBOX_FAIL'] = anna.orgaId;
    const results = await Promise.all([run(), run(), run()]);
    expect(results.map((result) => result.invoiced).sort()).toEqual([0, 0, 1]);
    expect(results.map((result) => result.retried)).toEqual([0, 0, 0]);
    expect(await run()).toMatchObject({ invoiced: 0, retried: 0 });
    const payments = `SELECT count(*) AS n FROM "billing".payment WHERE orga_id = $1`;
    expect(await count(payments, [anna.orgaId])).toBe(2);
    // the next day the run charges it again, once, and this time it is paid
    delete process.env['PAWLINE_PAYMENT_SANDBOX_FAIL'];
    const nextDay = new Date(first.getTime() + 86_400_000);
    const retries = await Promise.all([run(nextDay), run(nextDay)]);
    expect(retries.map((result) => result.retried).sort()).toEqual([0, 1]);
    expect(await run(nextDay)).toMatchObject({ invoiced: 0, retried: 0 });
    const monthly = `SELECT count(*) AS n FROM "billing".invoice WHERE orga_id = $1 AND kind = 'monthly' AND period = $2`;
    expect(await count(monthly, [anna.orgaId, period])).toBe(1);
    expect(await count(payments, [anna.orgaId])).toBe(3);
    expect(await count(`SELECT count(*) AS n FROM "billing".payment WHERE orga_id = $1 AND status = 'succeeded'`, [anna.orgaId])).toBe(2);
    const invoices = (await http(anna, 'GET', anna.orgaId, 'invoices')).body as {
      v: { kind: string; status: string; lines: { kind: string; net_cents: number }[]; net_cents: number; vat_cents: number }[];
    };
    // 565 sent in Premium's first month: 50 welcome, 500 of the plan, 10 free, 5 at €0.20
    expect(invoices.v.find((item) => item.kind === 'monthly')).toMatchObject({
      status: 'paid',
      net_cents: 5000,
      vat_cents: 1100,
      lines: [
        { kind: 'plan', net_cents: 4900 },
        { kind: 'reminders_over_plan', quantity: 5, unit_cents: 20, net_cents: 100 },
      ],
    });
    const paidThrough = (
      await env.query<{ paid_through: Date }>(`SELECT paid_through FROM "billing".subscription WHERE orga_id = $1`, [anna.orgaId])
    )[0]?.paid_through;
    expect(new Date(paidThrough).getTime()).toBeGreaterThan(first.getTime() + 27 * 86_400_000);
  });

  it('R1.20 a plan without room refuses one more user or store on the server with plan_required in the user language', async () => {
    const carla = await signUpOwner(client, TEST_SECRET, 'Carla');
    // the Free plan (tier 1): one user, one store; identity learns it from billing's event
    await emitEvent(env, subscriptionChangedEvent, {
      orga_id: carla.orgaId,
      plan_id: 'free_plan',
      tier: 1,
      subscribed_since: null,
      subscribed_until: null,
    });
    await until(async () => {
      const response = await fetch(`${base}/api/v1/orga/${carla.orgaId}`, { headers: { authorization: `Bearer ${carla.token}` } });
      return ((await response.json()) as { tier: number }).tier === 1;
    });
    const hire = await http(carla, 'POST', carla.orgaId, 'users', {
      first_name: 'Extra',
      last_name: 'Person',
      email: `extra.${randomUUID().slice(0, 8)}@example.com`,
      orga_rank: 3,
    });
    expect(hire).toMatchObject({
      status: 402,
      body: {
        code: 'plan_required',
        message: 'Il tuo piano non include questa funzione o ne hai raggiunto il limite. Aggiorna il tuo piano a Premium.',
      },
    });
    const store = await http(carla, 'POST', carla.orgaId, 'store', { name: 'Second', country: 'IT', address_from_orga: true });
    expect(store).toMatchObject({ status: 402, body: { code: 'plan_required' } });
    // Premium (tier 4) has room for both
    await emitEvent(env, subscriptionChangedEvent, {
      orga_id: carla.orgaId,
      plan_id: 'premium',
      tier: 4,
      subscribed_since: new Date().toISOString(),
      subscribed_until: null,
    });
    await until(async () => {
      const response = await fetch(`${base}/api/v1/orga/${carla.orgaId}`, { headers: { authorization: `Bearer ${carla.token}` } });
      return ((await response.json()) as { tier: number }).tier === 4;
    });
    expect((await http(carla, 'POST', carla.orgaId, 'store', { name: 'Second', country: 'IT', address_from_orga: true })).status).toBe(201);
  });

  it('pays a declined charge of the run now on the payment page: one payment for two clicks at once, no retry of the run while it is open, the month paid once it completes', async () => {
    const dora = await signUpOwner(client, TEST_SECRET, 'Dora');
    await until(() => call(client, getSubscriptionRpc, { orga_id: dora.orgaId }, dora.auth));
    expect((await http(dora, 'PUT', dora.orgaId, 'billing/data', { profile: COMPANY })).status).toBe(200);
    await endTrial(dora.orgaId);
    const started = (await http(dora, 'POST', dora.orgaId, 'subscription', { plan_id: 'premium' })).body as { payment: { id: string } };
    expect((await http(dora, 'POST', dora.orgaId, `payment/${started.payment.id}/confirm`, { outcome: 'succeeded' })).status).toBe(200);
    // nothing declined yet: nothing to pay
    expect(await http(dora, 'POST', dora.orgaId, 'declined-charge/pay')).toMatchObject({ status: 409, body: { code: 'conflict' } });
    const [{ paid_through }] = await env.query<{ paid_through: Date }>(
      `SELECT paid_through FROM "billing".subscription WHERE orga_id = $1`,
      [dora.orgaId],
    );
    const first = new Date(new Date(paid_through).getTime() + 3_600_000);
    const period = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit' }).format(first);
    const run = (at: Date) => call(client, runBillingRpc, { period, now: at.toISOString() }, null);
    const payments = () =>
      env.query<{ id: string; attempt: number; status: string }>(
        `SELECT p.id, p.attempt, p.status FROM "billing".payment p JOIN "billing".invoice i ON i.id = p.invoice_id
          WHERE p.orga_id = $1 AND i.kind = 'monthly' ORDER BY p.attempt`,
        [dora.orgaId],
      );
    // her card is declined at the run of the 1st
    process.env['PAWLINE_PAYMENT_SANDBOX_FAIL'] = dora.orgaId;
    try {
      await run(first);
    } finally {
      delete process.env['PAWLINE_PAYMENT_SANDBOX_FAIL'];
    }
    expect((await payments()).map((p) => p.status)).toEqual(['failed']);

    // two clicks at once (two tabs): one payment opens, the other is refused
    const clicks = await Promise.all([
      http(dora, 'POST', dora.orgaId, 'declined-charge/pay'),
      http(dora, 'POST', dora.orgaId, 'declined-charge/pay'),
    ]);
    expect(clicks.map((c) => c.status).sort()).toEqual([200, 409]);
    const winner = clicks.find((c) => c.status === 200)?.body as unknown as {
      payment: { id: string; status: string; amount_cents: number };
    };
    const opened = winner.payment;
    expect(opened.status).toBe('pending');
    expect(await payments()).toEqual([expect.objectContaining({ status: 'failed' }), { id: opened.id, attempt: 2, status: 'pending' }]);
    const view = (await http(dora, 'GET', dora.orgaId, 'subscription')).body as Record<string, unknown>;
    // an open checkout waits for the person, not for a bank
    expect(view).toMatchObject({
      pending_payment_id: opened.id,
      processing_charge: null,
      last_failed_charge: { amount_cents: opened.amount_cents },
    });

    // the next day's run leaves the invoice to the open payment: no second charge
    expect(await run(new Date(first.getTime() + 86_400_000))).toMatchObject({ retried: 0 });
    expect(await payments()).toHaveLength(2);

    // she completes it: the month is paid to its end, the notice is gone, and there is nothing more to pay
    const done = await http(dora, 'POST', dora.orgaId, `payment/${opened.id}/confirm`, { outcome: 'succeeded' });
    expect(done).toMatchObject({
      status: 200,
      body: { payment: { status: 'succeeded' }, subscription: { tier: 4, last_failed_charge: null } },
    });
    const paid = (
      await env.query<{ paid_through: Date }>(`SELECT paid_through FROM "billing".subscription WHERE orga_id = $1`, [dora.orgaId])
    )[0];
    expect(new Date(paid?.paid_through ?? 0).getTime()).toBeGreaterThan(first.getTime() + 27 * 86_400_000);
    expect(
      await count(`SELECT count(*) AS n FROM "billing".invoice WHERE orga_id = $1 AND kind = 'monthly' AND status = 'paid'`, [dora.orgaId]),
    ).toBe(1);
    expect((await http(dora, 'POST', dora.orgaId, 'declined-charge/pay')).status).toBe(409);
    expect(await run(new Date(first.getTime() + 2 * 86_400_000))).toMatchObject({ retried: 0 });
    // another organization's administrator cannot pay (or open) it
    expect((await http(anna, 'POST', dora.orgaId, 'declined-charge/pay')).status).toBe(403);
  });

  it('R1.22 dates and numbers the invoice of the 1st in Italy: the run at 23:30 UTC on December 31st and on the last day of February', async () => {
    const elio = await signUpOwner(client, TEST_SECRET, 'Elio');
    await until(() => call(client, getSubscriptionRpc, { orga_id: elio.orgaId }, elio.auth));
    expect((await http(elio, 'PUT', elio.orgaId, 'billing/data', { profile: COMPANY })).status).toBe(200);
    await endTrial(elio.orgaId);
    const started = (await http(elio, 'POST', elio.orgaId, 'subscription', { plan_id: 'basic' })).body as { payment: { id: string } };
    expect((await http(elio, 'POST', elio.orgaId, `payment/${started.payment.id}/confirm`, { outcome: 'succeeded' })).status).toBe(200);
    const runAt = async (paidThrough: string, period: string, at: string) => {
      await env.query(`UPDATE "billing".subscription SET paid_through = $2 WHERE orga_id = $1`, [elio.orgaId, paidThrough]);
      expect(await call(client, runBillingRpc, { period, now: at }, null)).toMatchObject({ invoiced: 1 });
      const list = (await http(elio, 'GET', elio.orgaId, 'invoices')).body as {
        v: { id: string; number: string; period: string; issued_on: string; issued_at: string }[];
      };
      return list.v.find((invoice) => invoice.period === period);
    };
    // 00:30 on January 1st in Rome: the new year's invoice, its date and its number's year, not December 31st's
    const january = await runAt('2026-12-31T23:00:00Z', '2027-01', '2026-12-31T23:30:00Z');
    expect(january).toMatchObject({ issued_at: '2026-12-31T23:30:00.000Z', issued_on: '2027-01-01' });
    expect(january?.number).toMatch(/^2027\/\d+$/);
    expect(await eInvoice(elio, january?.id ?? '')).toContain('<Data>2027-01-01</Data>');
    // 00:30 on March 1st in Rome (winter time, UTC+1): dated March 1st
    const march = await runAt('2027-02-28T23:00:00Z', '2027-03', '2027-02-28T23:30:00Z');
    expect(march).toMatchObject({ issued_on: '2027-03-01' });
    expect(await eInvoice(elio, march?.id ?? '')).toContain('<Data>2027-03-01</Data>');
    expect(march?.number).toMatch(/^2027\/\d+$/);
  });

  // after the runs above: these salons' months would be in their counts
  it('R1.23 sends a private person (B2C) and a company with a PEC only an e-invoice too, and refuses what none could be written from', async () => {
    const cases = [
      {
        name: 'Gino',
        profile: {
          kind: 'private',
          first_name: 'Mario',
          last_name: 'D’Angelo',
          fiscal_code: 'RSSMRA85T10A562S',
          address: 'Via Po 1',
          city: 'Torino',
          zip_code: '10121',
          province: 'to',
          country: 'IT',
        },
        expected: [
          '<CodiceDestinatario>0000000</CodiceDestinatario>',
          '<CodiceFiscale>RSSMRA85T10A562S</CodiceFiscale>',
          '<Cognome>D&apos;Angelo</Cognome>',
          '<Provincia>TO</Provincia>',
        ],
      },
      {
        name: 'Ida',
        profile: { ...COMPANY, legal_name: 'Toelettatura L’Incanto di Zampè – S.r.l.', codice_destinatario: '', pec: 'zampe@pec.it' },
        expected: [
          '<CodiceDestinatario>0000000</CodiceDestinatario>',
          '<PECDestinatario>zampe@pec.it</PECDestinatario>',
          '<Denominazione>Toelettatura L&apos;Incanto di Zampè - S.r.l.</Denominazione>',
        ],
      },
    ];
    for (const { name, profile, expected } of cases) {
      const salon = await signUpOwner(client, TEST_SECRET, name);
      await until(() => call(client, getSubscriptionRpc, { orga_id: salon.orgaId }, salon.auth));
      // an empty address is refused by the contract (the body's path), what cannot be written on an e-invoice by the
      // service; both in the user's language, and nothing is saved
      const refused = await http(salon, 'PUT', salon.orgaId, 'billing/data', { profile: { ...profile, address: ' ', zip_code: '1012' } });
      expect(refused).toMatchObject({
        status: 400,
        body: { code: 'validation_failed', message: 'Alcuni campi non sono validi.', fields: { 'profile.address': 'validation.required' } },
      });
      const notLatin = await http(salon, 'PUT', salon.orgaId, 'billing/data', { profile: { ...profile, city: '北京', zip_code: '1012' } });
      expect(notLatin).toMatchObject({
        status: 400,
        body: { fields: { city: 'validation.notLatinText', zip_code: 'validation.invalidZip' } },
      });
      expect(await http(salon, 'GET', salon.orgaId, 'billing/data')).toMatchObject({ status: 200, body: { v: null } });
      expect((await http(salon, 'PUT', salon.orgaId, 'billing/data', { profile })).status).toBe(200);
      await endTrial(salon.orgaId);
      const started = (await http(salon, 'POST', salon.orgaId, 'subscription', { plan_id: 'basic' })).body as {
        payment: { id: string; invoice_id: string };
      };
      // not paid yet: no e-invoice exists (an abandoned checkout is never sent to the SdI)
      expect((await http(salon, 'GET', salon.orgaId, `invoice/${started.payment.invoice_id}/xml`)).status).toBe(404);
      expect((await http(salon, 'POST', salon.orgaId, `payment/${started.payment.id}/confirm`, { outcome: 'succeeded' })).status).toBe(200);
      const xml = await eInvoice(salon, started.payment.invoice_id);
      for (const part of expected) expect(xml).toContain(part);
      // the courtesy copy keeps the name as typed: pdf.js reads it back whole, ’ and – included
      const pdf = await http(salon, 'GET', salon.orgaId, `invoice/${started.payment.invoice_id}/pdf`);
      const typed = 'legal_name' in profile ? profile.legal_name : `${profile.first_name} ${profile.last_name}`;
      expect((await pdfText(pdf.body as Buffer)).pages.join('\n')).toContain(typed);
      expect(((await http(salon, 'GET', salon.orgaId, 'invoices')).body as { v: { e_invoice: boolean }[] }).v[0]?.e_invoice).toBe(true);
    }
  });

  it("sends each paid invoice's e-invoice to the SdI through the intermediary and shows its receipt: delivered, not deliverable (B2C), rejected with the SdI's codes", async () => {
    type Listed = {
      id: string;
      number: string;
      e_invoice_status: { state: string; file_name: string; receipts: { type: string; errors: { code: string }[] }[] } | null;
    };
    const statusOf = async (salon: Salon, invoiceId: string, state: string) =>
      until(async () => {
        const list = (await http(salon, 'GET', salon.orgaId, 'invoices')).body as { v: Listed[] };
        const found = list.v.find((invoice) => invoice.id === invoiceId && invoice.e_invoice_status?.state === state);
        return found ?? null;
      });
    // Anna's company, to its recipient code: the SdI's delivery receipt (RC). (Her later invoices are dated by the
    // runs the tests simulate in the coming months: the SdI refuses a date after the day it receives the file, 00403.)
    const delivered = await statusOf(anna, firstInvoiceId, 'delivered');
    expect(delivered.e_invoice_status).toMatchObject({
      file_name: expect.stringMatching(/^IT00905811006_[A-Z0-9]{1,5}\.xml$/),
      receipts: [{ type: 'RC', errors: [] }],
    });
    // a private person (B2C, 0000000 without a PEC): not deliverable (MC), left in their reserved area; the invoice is issued
    const [gino] = await env.query<{ orga_id: string }>(`SELECT orga_id FROM "billing".billing_profile WHERE last_name = 'D’Angelo'`, []);
    const ginoFile = await until(async () => {
      const [row] = await env.query<{ status: string; receipts: { type: string }[] }>(
        `SELECT status, receipts FROM "billing".sdi_transmission WHERE orga_id = $1`,
        [gino?.orga_id],
      );
      return row?.status === 'not_deliverable' ? row : null;
    });
    expect(ginoFile.receipts).toMatchObject([{ type: 'MC' }]);
    // the same invoice sent again under a new file name: the SdI rejects it as a duplicate (NS 00404), and the list says so
    await env.query(
      `UPDATE "billing".sdi_transmission SET status = 'queued', progressive = 'DUP1', file_name = 'IT00905811006_DUP1.xml', next_attempt_at = now() WHERE invoice_id = $1`,
      [delivered.id],
    );
    const rejected = await statusOf(anna, firstInvoiceId, 'rejected');
    expect(rejected).toMatchObject({
      id: delivered.id,
      e_invoice_status: { file_name: 'IT00905811006_DUP1.xml', receipts: [{ type: 'NS', errors: [{ code: '00404' }] }] },
    });
  });

  it("R1.22 an upgrade whose difference is under Stripe's €0.50 minimum charge is in force at once and billed with the next month, not charged alone", async () => {
    const lea = await signUpOwner(client, TEST_SECRET, 'Lea');
    await until(() => call(client, getSubscriptionRpc, { orga_id: lea.orgaId }, lea.auth));
    expect((await http(lea, 'PUT', lea.orgaId, 'billing/data', { profile: COMPANY })).status).toBe(200);
    // an operator's Customized plan at 28.80 a month; Standard is 29.00: 0.20 a month more, a few cents for the days left
    await call(client, setCustomizedPlanRpc, { orga_id: lea.orgaId, monthly_cents: 2880, limits: {} }, null);
    const payments = () => count(`SELECT count(*) AS n FROM "billing".payment WHERE orga_id = $1`, [lea.orgaId]);
    const upgraded = await http(lea, 'POST', lea.orgaId, 'subscription', { plan_id: 'standard' });
    expect(upgraded).toMatchObject({ status: 200, body: { payment: null, subscription: { plan_id: 'standard', tier: 3 } } });
    expect(await payments()).toBe(0);
    // the next month's invoice carries it, with the month itself, and only once
    const [{ paid_through }] = await env.query<{ paid_through: Date }>(
      `SELECT paid_through FROM "billing".subscription WHERE orga_id = $1`,
      [lea.orgaId],
    );
    const first = new Date(new Date(paid_through).getTime() + 3_600_000);
    const period = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit' }).format(first);
    await call(client, runBillingRpc, { period, now: first.toISOString() }, null);
    const invoices = (
      (await http(lea, 'GET', lea.orgaId, 'invoices')).body as { v: { kind: string; lines: { kind: string; net_cents: number }[] }[] }
    ).v;
    const monthly = invoices.find((invoice) => invoice.kind === 'monthly');
    expect(monthly?.lines.map((line) => line.kind)).toEqual(['plan', 'plan_change']);
    expect(monthly?.lines[0]?.net_cents).toBe(2900);
    expect(monthly?.lines[1]?.net_cents).toBeGreaterThan(0);
    expect(monthly?.lines[1]?.net_cents).toBeLessThanOrEqual(20);
    expect(await env.query(`SELECT carried_lines FROM "billing".subscription WHERE orga_id = $1`, [lea.orgaId])).toEqual([
      { carried_lines: [] },
    ]);
  });

  it('R1.02 R1.22 subscribing during the free trial charges nothing before it ends: the method is confirmed now, the paid period starts (and is charged) when the trial ends', async () => {
    const tina = await signUpOwner(client, TEST_SECRET, 'Tina');
    await until(() => call(client, getSubscriptionRpc, { orga_id: tina.orgaId }, tina.auth));
    expect((await http(tina, 'PUT', tina.orgaId, 'billing/data', { profile: COMPANY })).status).toBe(200);
    // her trial ends the day after tomorrow, at 23:00 in Rome
    const [{ trial_ends_at: trialEnd }] = await env.query<{ trial_ends_at: Date }>(
      `UPDATE "billing".subscription SET trial_ends_at = (date_trunc('day', now() AT TIME ZONE 'Europe/Rome') + interval '2 days 23 hours')
         AT TIME ZONE 'Europe/Rome' WHERE orga_id = $1 RETURNING trial_ends_at`,
      [tina.orgaId],
    );
    const endsOn = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      trialEnd,
    );
    const started = await http(tina, 'POST', tina.orgaId, 'subscription', { plan_id: 'premium' });
    const { payment } = started.body as {
      payment: { id: string; purpose: string; status: string; amount_cents: number; invoice_id: string };
    };
    expect(payment).toMatchObject({ purpose: 'setup', status: 'pending' });
    // the first invoice runs from the trial's end to that month's end; nothing is charged for it yet
    const invoices = async () =>
      (
        (await http(tina, 'GET', tina.orgaId, 'invoices')).body as {
          v: { id: string; status: string; period: string; lines: { detail?: { start?: string } }[]; gross_cents: number }[];
        }
      ).v;
    const [invoice] = await invoices();
    expect(invoice).toMatchObject({
      id: payment.invoice_id,
      status: 'pending',
      period: endsOn.slice(0, 7),
      gross_cents: payment.amount_cents,
    });
    expect(invoice?.lines[0]?.detail?.start).toBe(endsOn);
    // she confirms the method: still on her trial, Premium scheduled for its end
    const confirmed = await http(tina, 'POST', tina.orgaId, `payment/${payment.id}/confirm`, { outcome: 'succeeded' });
    expect(confirmed).toMatchObject({
      status: 200,
      body: {
        subscription: {
          tier: 0,
          state: 'free_trial',
          pending_payment_id: null,
          last_failed_charge: null,
          scheduled_start: { plan_id: 'premium', starts_at: new Date(trialEnd).toISOString(), amount_cents: payment.amount_cents },
        },
      },
    });
    expect((await invoices())[0]?.status).toBe('pending');
    const charges = () => count(`SELECT count(*) AS n FROM "billing".payment WHERE orga_id = $1 AND purpose = 'charge'`, [tina.orgaId]);
    expect(await charges()).toBe(0);
    // the run before the trial ends leaves her alone
    const period = endsOn.slice(0, 7);
    const run = (at: Date) => call(client, runBillingRpc, { period, now: at.toISOString() }, null);
    await run(new Date(new Date(trialEnd).getTime() - 3_600_000));
    expect(await charges()).toBe(0);
    // the trial is over: the first invoice is charged on the saved method, and Premium runs to the month's end
    await run(new Date(new Date(trialEnd).getTime() + 3_600_000));
    expect(await charges()).toBe(1);
    await run(new Date(new Date(trialEnd).getTime() + 7_200_000));
    expect(await charges()).toBe(1);
    expect((await invoices())[0]).toMatchObject({ id: payment.invoice_id, status: 'paid' });
    const [row] = await env.query<{ tier: number; plan_id: string; paid_through: Date; scheduled_plan_id: string | null }>(
      `SELECT tier, plan_id, paid_through, scheduled_plan_id FROM "billing".subscription WHERE orga_id = $1`,
      [tina.orgaId],
    );
    expect(row).toMatchObject({ tier: 4, plan_id: 'premium', scheduled_plan_id: null });
    // paid to 00:00 in Rome on the 1st after the trial's end
    const [y, m] = endsOn.split('-').map(Number) as [number, number];
    const next = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Rome',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    }).format(row?.paid_through);
    expect(next).toBe(`${m === 12 ? y + 1 : y}-${String(m === 12 ? 1 : m + 1).padStart(2, '0')}-01, 00`);
  });

  it('R1.22 another plan chosen during the trial, once the method is confirmed, replaces the scheduled one without a second confirmation', async () => {
    const uma = await signUpOwner(client, TEST_SECRET, 'Uma');
    await until(() => call(client, getSubscriptionRpc, { orga_id: uma.orgaId }, uma.auth));
    expect((await http(uma, 'PUT', uma.orgaId, 'billing/data', { profile: COMPANY })).status).toBe(200);
    const started = (await http(uma, 'POST', uma.orgaId, 'subscription', { plan_id: 'premium' })).body as { payment: { id: string } };
    expect((await http(uma, 'POST', uma.orgaId, `payment/${started.payment.id}/confirm`, { outcome: 'succeeded' })).status).toBe(200);
    const changed = await http(uma, 'POST', uma.orgaId, 'subscription', { plan_id: 'basic' });
    expect(changed).toMatchObject({
      status: 200,
      body: { payment: null, subscription: { tier: 0, scheduled_start: { plan_id: 'basic' } } },
    });
    const statuses = (
      (await http(uma, 'GET', uma.orgaId, 'invoices')).body as { v: { status: string; lines: { detail?: { plan?: string } }[] }[] }
    ).v;
    expect(statuses.map((invoice) => [invoice.status, invoice.lines[0]?.detail?.plan])).toEqual([
      ['pending', 'basic'],
      ['failed', 'premium'],
    ]);
  });

  it("R1.17 purges a cancelled organization's billing rows and keeps the others'", async () => {
    await call(client, cancelOrgaRpc, { orga_id: jurgen.orgaId, confirm_name: jurgen.orgaName }, jurgen.auth);
    const rows = `SELECT count(*) AS n FROM "billing".subscription WHERE orga_id = $1`;
    await until(async () => (await count(rows, [jurgen.orgaId])) === 0);
    expect(await count(rows, [anna.orgaId])).toBe(1);
  });
});
