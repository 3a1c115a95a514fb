import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Appointment, AppointmentList, RetailPayrollReport, RetailProduct, RetailSale } from '@pawline/contracts';
import type { NatsRpcClient } from '@pawline/nest-kit';
import { createTestEnv, type TestEnv } from '@pawline/nest-kit/testing';
import { pdfText } from '../../../../tools/pdf-text/pdf-text';
import { gatewayService } from '../../../gateway/src/gateway.service-definition';
import { identityService } from '../../../identity/src/identity.service-definition';
import { schedulingService } from '../../../scheduling/src/scheduling.service-definition';
import { petOf } from '../../../scheduling/test/integration/scheduling-test-helpers';
import { retailService } from '../../src/retail.service-definition';
import { TEST_SECRET, gatewayCaller, signUp, type Salon } from './retail-test-helpers';

jest.setTimeout(240_000);

const SALON_NAME = 'L’Incanto di Zampè';

/** Today and tomorrow as the store's calendar has them (Europe/Rome). */
const localDay = (offsetDays = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + offsetDays * 86_400_000),
  );

describe('check-out at the counter, receipts and payroll (issue 32; real Postgres, NATS, scheduling and gateway)', () => {
  let env: TestEnv;
  let client: NatsRpcClient;
  let base = '';
  let anna: Salon;
  let jurgen: Salon;
  let shampoo: RetailProduct;
  let petId = '';
  const http = gatewayCaller(() => base);
  const storePath = (salon: Salon) => `/orga/${salon.orgaId}/store/${salon.storeId}`;
  const retail = (salon: Salon) => `${storePath(salon)}/retail`;

  const book = async (date: string, price = '50', hour = 0, groomer: string | null = anna.userId): Promise<Appointment> => {
    const treatment = await http(anna, 'POST', `/orga/${anna.orgaId}/treatment`, {
      name: `Bagno e taglio ${randomUUID().slice(0, 4)}`,
      default_price: 5000,
    });
    expect(treatment.status).toBe(201);
    const reply = await http(anna, 'POST', `${storePath(anna)}/appointment`, {
      appointment: { date, hour, min: 0, duration: 90, pet_ids: [petId], user_id: groomer, price, treatment_ids: [treatment.body['id']] },
      recurring: null,
      allow_conflict: true,
    });
    expect(reply.status).toBe(201);
    const list = reply.body as unknown as AppointmentList;
    const appointment = list.items[0];
    if (!appointment) throw new Error('no appointment booked');
    return appointment;
  };
  const onHand = async () => {
    const reply = await http(anna, 'GET', `${retail(anna)}/stock`);
    return (reply.body as unknown as { product_id: string; on_hand: number }[]).find((row) => row.product_id === shampoo.id)?.on_hand;
  };
  const download = async (salon: Salon, path: string, lang = 'it') => {
    const response = await fetch(`${base}/api/v1${path}`, { headers: { authorization: `Bearer ${salon.token}`, 'accept-language': lang } });
    return { status: response.status, type: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
  };

  beforeAll(async () => {
    process.env['AUTH_TOKEN_SECRET'] = TEST_SECRET;
    env = await createTestEnv();
    await env.start(identityService);
    await env.start(schedulingService);
    await env.start(retailService);
    process.env['PAWLINE_SERVICES'] = 'identity,scheduling,retail';
    base = (await env.start(gatewayService, { httpPort: 0 })).httpUrl ?? '';
    client = env.rpcClient();
    anna = await signUp(env, client, 'Anna');
    jurgen = await signUp(env, client, 'Jurgen');
    await env.query(`UPDATE identity.store SET time_zone = 'Europe/Rome', country = 'IT' WHERE id = $1`, [anna.storeId]);
    await env.query(`UPDATE identity.organization SET name = $2 WHERE id = $1`, [anna.orgaId, SALON_NAME]);
    petId = await petOf(env, anna);
    const created = await http(anna, 'POST', `/orga/${anna.orgaId}/retail/product`, {
      name: 'Shampoo avena',
      price_cents: 1220,
      vat_rate_bp: 2200,
      cost_cents: 450,
    });
    expect(created.status).toBe(201);
    shampoo = created.body as unknown as RetailProduct;
    expect((await http(anna, 'POST', `${retail(anna)}/stock/receipt`, { product_id: shampoo.id, quantity: 5 })).status).toBe(201);
    const rule = await http(anna, 'PUT', `/orga/${anna.orgaId}/retail/commission_rule/${anna.userId}`, {
      service_bp: 4000,
      product_bp: 1000,
      product_after_cost: true,
    });
    expect(rule.status).toBe(200);
  });

  afterAll(async () => {
    await env?.dispose();
  });

  let sale: RetailSale;

  it("sells the appointment's service as scheduling booked it, a shampoo and a tip; scheduling records the check-out; stock drops by one", async () => {
    const appointment = await book(localDay());
    const reply = await http(anna, 'POST', `${retail(anna)}/sale`, {
      appointment_id: appointment.id,
      payment_method: 'card',
      lines: [{ product_id: shampoo.id, quantity: 1 }],
      tips: [{ user_id: anna.userId, cents: 500 }],
    });
    expect(reply.status).toBe(201);
    sale = reply.body as unknown as RetailSale;
    expect(sale.appointment_id).toBe(appointment.id);
    expect(
      sale.lines.map((line) => [line.kind, line.quantity, line.total_cents, line.vat_cents, line.groomer_user_id, line.minutes]),
    ).toEqual([
      ['service', 1, 5000, 902, anna.userId, 90],
      ['product', 1, 1220, 220, anna.userId, 0],
    ]);
    expect(sale.lines[0]?.name).toMatch(/^Bagno e taglio/);
    expect(sale).toMatchObject({ total_cents: 6220, vat_cents: 1122, paid_cents: 6720, tips: [{ user_id: anna.userId, cents: 500 }] });
    expect(sale.by_rate).toEqual([{ vat_rate_bp: 2200, total_cents: 6220, vat_cents: 1122, net_cents: 5098 }]);
    expect(sale.fiscal_document).toMatch(/^SANDBOX-\d{4}$/);
    expect(await onHand()).toBe(4);
    const after = await http(anna, 'GET', `${storePath(anna)}/appointment/${appointment.id}`);
    expect((after.body as unknown as AppointmentList).items[0]).toMatchObject({
      checked_out: true,
      cashed_in: true,
      final_price: 5000,
      total: 5000,
    });
  });

  it('a percentage discount on the service line is priced by the one rule and reaches scheduling', async () => {
    // an appointment without a groomer: it is nobody's commission, so the payroll below holds only the first
    const appointment = await book(localDay(), '40', 2, null);
    const reply = await http(anna, 'POST', `${retail(anna)}/sale`, {
      appointment_id: appointment.id,
      payment_method: 'cash',
      service_discount: { kind: 'percent', percent: 10 },
    });
    expect(reply.status).toBe(201);
    expect((reply.body as unknown as RetailSale).lines[0]).toMatchObject({ discount_cents: 400, total_cents: 3600, vat_cents: 649 });
    const after = await http(anna, 'GET', `${storePath(anna)}/appointment/${appointment.id}`);
    expect((after.body as unknown as AppointmentList).items[0]).toMatchObject({ discount: 400, total: 3600 });
  });

  it('an appointment is checked out once: again is 409, and two check-outs sent at once sell once', async () => {
    expect((await http(anna, 'POST', `${retail(anna)}/sale`, { appointment_id: sale.appointment_id, payment_method: 'cash' })).status).toBe(
      409,
    );
    const appointment = await book(localDay(), '30', 4, null);
    const before = await onHand();
    const body = { appointment_id: appointment.id, payment_method: 'cash', lines: [{ product_id: shampoo.id, quantity: 1 }] };
    const replies = await Promise.all([http(anna, 'POST', `${retail(anna)}/sale`, body), http(anna, 'POST', `${retail(anna)}/sale`, body)]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([201, 409]);
    expect(replies.find((reply) => reply.status === 409)?.body.code).toBe('already_checked_out');
    expect(await onHand()).toBe((before ?? 0) - 1);
    const [count] = await env.query<{ n: string }>(`SELECT count(*) AS n FROM retail.sale WHERE appointment_id = $1`, [appointment.id]);
    expect(Number(count?.n)).toBe(1);
    // its shampoo comes back: a return puts the unit back into stock
    const sold = replies.find((reply) => reply.status === 201)?.body as unknown as RetailSale;
    const line = sold.lines.find((row) => row.kind === 'product');
    expect((await http(anna, 'POST', `${retail(anna)}/sale/${sold.id}/return`, { line_id: line?.id, quantity: 1 })).status).toBe(201);
    expect(await onHand()).toBe(before);
  });

  it('a day that has not come is refused by scheduling, and the sale leaves no trace: no stock moved', async () => {
    const appointment = await book(localDay(2));
    const before = await onHand();
    const reply = await http(anna, 'POST', `${retail(anna)}/sale`, {
      appointment_id: appointment.id,
      payment_method: 'cash',
      lines: [{ product_id: shampoo.id, quantity: 1 }],
    });
    expect(reply.status).toBe(409);
    expect(reply.body.code).toBe('checkout_not_allowed');
    expect(await onHand()).toBe(before);
  });

  it('a service line cannot be returned; a product line can, and its stock comes back', async () => {
    const service = sale.lines.find((line) => line.kind === 'service');
    expect((await http(anna, 'POST', `${retail(anna)}/sale/${sale.id}/return`, { line_id: service?.id, quantity: 1 })).status).toBe(404);
  });

  it('bad input is answered in the caller’s language', async () => {
    const empty = await http(anna, 'POST', `${retail(anna)}/sale`, { payment_method: 'cash' }, 'de');
    expect(empty.status).toBe(400);
    // the message in the caller's language; the field names its text by a key of libs/i18n, which the screen shows
    expect(empty.body).toMatchObject({ message: 'Einige Felder sind ungültig.', fields: { lines: 'validation.saleNeedsLine' } });
    // (the catalogue read as a file: a service's tests do not import the frontends' texts)
    const german = JSON.parse(readFileSync(join(__dirname, '../../../../libs/i18n/src/locales/de/validation.json'), 'utf8')) as Record<
      string,
      string
    >;
    expect(german['saleNeedsLine']).toBe('Ein Verkauf ohne Termin braucht mindestens ein Produkt.');
    const stranger = await http(
      anna,
      'POST',
      `${retail(anna)}/sale`,
      { payment_method: 'cash', lines: [{ product_id: shampoo.id, quantity: 1 }], tips: [{ user_id: jurgen.userId, cents: 100 }] },
      'it',
    );
    expect(stranger.status).toBe(400);
    expect(stranger.body).toMatchObject({ code: 'unknown_reference', fields: { tips: 'validation.tipNotMember' } });
    const share = await http(
      anna,
      'PUT',
      `/orga/${anna.orgaId}/retail/commission_rule/${anna.userId}`,
      { service_bp: 10_001, product_bp: 0 },
      'fr',
    );
    expect(share.status).toBe(400);
    const outsider = await http(anna, 'PUT', `/orga/${anna.orgaId}/retail/commission_rule/${jurgen.userId}`, {
      service_bp: 100,
      product_bp: 0,
    });
    expect(outsider.status).toBe(400);
    const period = await http(anna, 'GET', `${retail(anna)}/payroll?from=2026-12-31&to=2026-01-01`, undefined, 'en');
    expect(period.status).toBe(400);
    expect(period.body).toMatchObject({ fields: { to: 'validation.payrollPeriod' } });
  });

  it('the courtesy receipt PDF holds the salon’s name whole, both lines, the VAT per rate and the till’s number', async () => {
    const file = await download(anna, `${retail(anna)}/sale/${sale.id}/receipt.pdf?lang=it`);
    expect(file.status).toBe(200);
    expect(file.type).toContain('application/pdf');
    const text = (await pdfText(file.bytes)).pages.join('\n');
    expect(text).toContain(SALON_NAME);
    expect(text).toContain('Scontrino di cortesia');
    expect(text).toMatch(/Bagno e taglio/);
    expect(text).toContain('Shampoo avena');
    expect(text).toContain('IVA per aliquota');
    expect(text).toMatch(/11,22/);
    expect(text).toMatch(/62,20/);
    expect(text).toContain(sale.fiscal_document ?? '');
    const english = (await pdfText((await download(anna, `${retail(anna)}/sale/${sale.id}/receipt.pdf?lang=en`)).bytes)).pages.join('\n');
    expect(english).toContain('Courtesy receipt');
    expect((await download(jurgen, `/orga/${anna.orgaId}/store/${anna.storeId}/retail/sale/${sale.id}/receipt.pdf`)).status).toBe(403);
  });

  it("the day's payroll: Anna's commission on the net service and on the shampoo's margin, her tip and her booked hours; CSV too", async () => {
    const today = localDay();
    const reply = await http(anna, 'GET', `${retail(anna)}/payroll?from=${today}&to=${today}`);
    expect(reply.status).toBe(200);
    const report = reply.body as unknown as RetailPayrollReport;
    // 50 € with 22 % inside is 40.98 € net: 40 % is 16.39 €; the shampoo's 10.00 € net less 4.50 € cost: 10 % is 0.55 €
    expect(report.rows).toEqual([
      {
        groomer_user_id: anna.userId,
        services_net_cents: 4098,
        products_net_cents: 1000,
        products_cost_cents: 450,
        service_commission_cents: 1639,
        product_commission_cents: 55,
        commission_cents: 1694,
        tips_cents: 500,
        pay_cents: 2194,
        minutes: 90,
      },
    ]);
    const csv = await download(anna, `${retail(anna)}/payroll.csv?from=${today}&to=${today}&lang=it`);
    expect(csv.status).toBe(200);
    const text = csv.bytes.toString('utf8');
    expect(text).toContain('Toelettatore,Ore');
    expect(text).toContain('Anna');
    expect(text).toContain(',16.94,5.00,21.94');
    const yesterday = await http(anna, 'GET', `${retail(anna)}/payroll?from=${localDay(-1)}&to=${localDay(-1)}`);
    expect((yesterday.body as unknown as RetailPayrollReport).rows).toEqual([]);
    expect((await http(jurgen, 'GET', `${retail(anna)}/payroll?from=${today}&to=${today}`)).status).toBe(403);
  });
});
