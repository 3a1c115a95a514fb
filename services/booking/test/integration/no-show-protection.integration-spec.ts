import { loginRpc, type NoShowPolicyFields } from '@pawline/contracts';
import type { NatsRpcClient } from '@pawline/nest-kit';
import { call, createTestEnv, signUpOwner, type TestEnv } from '@pawline/nest-kit/testing';
import { crmService } from '../../../crm/src/crm.service-definition';
import { gatewayService } from '../../../gateway/src/gateway.service-definition';
import { identityService } from '../../../identity/src/identity.service-definition';
import { schedulingService } from '../../../scheduling/src/scheduling.service-definition';
import { bookingService } from '../../src/booking.service-definition';
import {
  customerIp,
  freeSlots,
  openForBooking,
  publicPath,
  requestFor,
  widget,
} from '../../../gateway/test/integration/booking-test-helpers';
import { TEST_SECRET, until } from './booking-test-helpers';

jest.setTimeout(240_000);

type Answer = { status: number; json: Record<string, unknown> };
type Owner = { token: string; userId: string; orgaId: string; storeId: string };

const POLICY: NoShowPolicyFields = {
  protection: 'deposit',
  deposit_kind: 'percent',
  deposit_amount: 0,
  deposit_percent: 25,
  cancellation_window_hours: 48,
  late_cancellation_fee: 1500,
  no_show_fee: 3000,
  card_required_for: 'risky_customers',
  close_after_no_shows: 2,
  closed_message: {
    en: 'Online booking is closed for you: please call us on 06 1234 5678.',
    it: 'La prenotazione online non è disponibile per te: chiamaci allo 06 1234 5678.',
  },
  widget_text: { it: 'Chiediamo un acconto del 25% ai clienti che non si sono presentati.' },
  confirmation_text: { it: 'Disdici almeno 48 ore prima, altrimenti addebitiamo 15 €.' },
};

/**
 * Issue 30 no-show protection through the gateway over real NATS and Postgres (identity, crm, scheduling, booking):
 * the store's policy, read and saved by the right people, contradictions refused with nothing changed.
 */
describe('no-show protection through the gateway', () => {
  let env: TestEnv;
  let client: NatsRpcClient;
  let base = '';
  let anna: Owner;
  let jurgen: Owner;

  const http = async (token: string, method: string, path: string, body?: unknown, lang = 'en'): Promise<Answer> => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'accept-language': lang,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, json: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
  };
  const store = (owner: Owner) => `/api/v1/orga/${owner.orgaId}/store/${owner.storeId}`;
  const policyPath = (owner: Owner) => `${store(owner)}/booking/admin/no_show_policy`;

  async function owner(firstName: string): Promise<Owner> {
    const signedUp = await signUpOwner(client, TEST_SECRET, firstName);
    const [row] = await env.query<{ id: string }>(`SELECT id FROM identity.store WHERE orga_id = $1`, [signedUp.orgaId]);
    const { access_token } = await call(client, loginRpc, { username: signedUp.email, password: signedUp.password }, null);
    await until(
      () => env.query(`SELECT 1 FROM booking.booking_store WHERE store_id = $1 AND name <> ''`, [row?.id]),
      (rows) => rows.length === 1,
      'the store in booking',
    );
    return { token: access_token, userId: signedUp.userId, orgaId: signedUp.orgaId, storeId: row?.id ?? '' };
  }

  beforeAll(async () => {
    process.env['AUTH_TOKEN_SECRET'] = TEST_SECRET;
    process.env['BOOKING_POW_BITS'] = '4';
    env = await createTestEnv();
    await env.start(identityService);
    await env.start(crmService);
    await env.start(schedulingService);
    await env.start(bookingService);
    base = (await env.start(gatewayService, { httpPort: 0 })).httpUrl ?? '';
    client = env.rpcClient();
    anna = await owner('Anna');
    jurgen = await owner('Jurgen');
  });

  afterAll(async () => {
    delete process.env['BOOKING_POW_BITS'];
    await env?.dispose();
  });

  describe("the store's policy", () => {
    it('answers the defaults before one is saved: nothing asked, a day to cancel, booking never closed', async () => {
      const answer = await http(anna.token, 'GET', policyPath(anna));
      expect(answer.status).toBe(200);
      expect(answer.json).toMatchObject({
        orga_id: anna.orgaId,
        store_id: anna.storeId,
        protection: 'none',
        cancellation_window_hours: 24,
        close_after_no_shows: null,
        closed_message: {},
        updated_by: null,
        updated_at: null,
      });
    });

    it('saves the whole policy with its texts per language, and says who saved it', async () => {
      const saved = await http(anna.token, 'PUT', policyPath(anna), POLICY);
      expect(saved.status).toBe(200);
      expect(saved.json).toMatchObject({ ...POLICY, updated_by: anna.userId });
      expect(Date.now() - Date.parse(String(saved.json['updated_at']))).toBeLessThan(60_000);
      expect((await http(anna.token, 'GET', policyPath(anna))).json).toEqual(saved.json);
    });

    it('refuses a contradiction or a value out of range with a clear 400 in the caller language, nothing changed', async () => {
      const before = (await http(anna.token, 'GET', policyPath(anna))).json;
      const feeWithoutCard = await http(anna.token, 'PUT', policyPath(anna), { ...POLICY, protection: 'none' }, 'de');
      expect(feeWithoutCard.status).toBe(400);
      expect(feeWithoutCard.json).toMatchObject({
        code: 'validation_failed',
        fields: { late_cancellation_fee: 'validation.feeNeedsCard', no_show_fee: 'validation.feeNeedsCard' },
      });
      expect(String(feeWithoutCard.json['message'])).not.toMatch(/validation\.|zod|schema/i);
      const nothingFixed = await http(anna.token, 'PUT', policyPath(anna), { ...POLICY, deposit_kind: 'fixed', deposit_amount: 0 });
      expect(nothingFixed.json).toMatchObject({
        code: 'validation_failed',
        fields: { deposit_amount: 'validation.depositAmountRequired' },
      });
      for (const bad of [
        { deposit_percent: 0 },
        { cancellation_window_hours: 1000 },
        { close_after_no_shows: 0 },
        { protection: 'cash' },
      ]) {
        const refused = await http(anna.token, 'PUT', policyPath(anna), { ...POLICY, ...bad });
        expect({ bad, status: refused.status, code: refused.json['code'] }).toEqual({ bad, status: 400, code: 'validation_failed' });
      }
      const { closed_message: _dropped, ...missing } = POLICY;
      expect((await http(anna.token, 'PUT', policyPath(anna), missing)).status).toBe(400);
      expect((await http(anna.token, 'GET', policyPath(anna))).json).toEqual(before);
    });

    it("another organization's owner can neither read nor save it", async () => {
      expect((await http(jurgen.token, 'GET', policyPath(anna))).status).toBe(403);
      expect((await http(jurgen.token, 'PUT', policyPath(anna), { ...POLICY, close_after_no_shows: null })).status).toBe(403);
      expect((await http(anna.token, 'GET', policyPath(anna))).json).toMatchObject({ close_after_no_shows: 2 });
    });
  });

  describe("a customer's risk on the customer page, and staff's choice", () => {
    const ids = { giulia: '', fido: '', marco: '' };
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const created = async (path: string, body: unknown) => {
      const answer = await http(anna.token, 'POST', `${store(anna)}${path}`, body);
      expect(answer.status).toBe(201);
      return answer.json;
    };
    /** an appointment of the pet `offset` days from today, with a status set afterwards (3: did not come) */
    const booked = async (petId: string, offset: number, status?: number) => {
      const [item] = (
        await created('/appointment', { appointment: { date: day(offset), hour: 10, min: 0, duration: 30, pet_ids: [petId] } })
      )['items'] as { id: string }[];
      if (status !== undefined)
        expect(
          (await http(anna.token, 'PATCH', `${store(anna)}/appointment/${item?.id}/status`, { status, allow_conflict: true })).status,
        ).toBe(200);
    };
    const risk = (customer: string, token = anna.token) => http(token, 'GET', `${store(anna)}/customer/${customer}/no_show_risk`);

    beforeAll(async () => {
      ids.giulia = (
        (await created('/customer', { first_name: 'Giulia', last_name: 'Bianchi', fon: '+39 348 222 3333' }))['customer'] as { id: string }
      ).id;
      ids.fido = ((await created('/pet', { customer_id: ids.giulia, name: 'Fido', pet_type: 1 }))['pet'] as { id: string }).id;
      ids.marco = ((await created('/customer', { first_name: 'Marco', last_name: 'Rossi' }))['customer'] as { id: string }).id;
      await until(
        () => env.query(`SELECT 1 FROM scheduling.pet_ref WHERE pet_id = $1`, [ids.fido]),
        (rows) => rows.length === 1,
        'the pet in scheduling',
      );
      await booked(ids.fido, -60);
      await booked(ids.fido, -30, 3);
      await booked(ids.fido, -10, 3);
      await until(
        () =>
          env.query<{ n: number }>(`SELECT count(*)::int AS n FROM crm.appointment_no_show WHERE no_show AND $1 = ANY(pet_ids)`, [
            ids.fido,
          ]),
        (rows) => rows[0]?.n === 2,
        "crm's count of Fido's no-shows",
      );
    });

    it('two recent no-shows make a customer risky, with the reasons as data, a deposit asked and booking closed', async () => {
      const answer = await risk(ids.giulia);
      expect(answer.status).toBe(200);
      expect(answer.json).toMatchObject({
        level: 'risky',
        reasons: [{ code: 'no_shows', count: 2, months: 6 }],
        new_customer: false,
        attendance: { no_shows: { total: 2, recent: 2 }, kept: { total: 1, recent: 1 } },
        cancellation_window_hours: 48,
        deposit_override: { mode: 'automatic', set_by: null, set_at: null },
        deposit_asked: true,
        no_shows: 2,
        booking_closed: true,
      });
    });

    it('a customer without appointments is new and not at risk', async () => {
      expect((await risk(ids.marco)).json).toMatchObject({
        level: 'none',
        reasons: [],
        new_customer: true,
        deposit_asked: false,
        booking_closed: false,
      });
    });

    it('staff choose "never" for the customer: kept with who and when, and no deposit is asked', async () => {
      const set = await http(anna.token, 'PUT', `${store(anna)}/customer/${ids.giulia}/deposit_override`, { mode: 'never' });
      expect(set.status).toBe(200);
      expect(set.json).toMatchObject({ mode: 'never', set_by: anna.userId });
      const answer = (await risk(ids.giulia)).json;
      expect(answer).toMatchObject({ level: 'risky', deposit_override: { mode: 'never', set_by: anna.userId }, deposit_asked: false });
      expect((await http(anna.token, 'GET', `${store(anna)}/customer/${ids.giulia}`)).json['deposit_override']).toEqual(
        answer['deposit_override'],
      );
      const bad = await http(anna.token, 'PUT', `${store(anna)}/customer/${ids.giulia}/deposit_override`, { mode: 'sometimes' });
      expect(bad.status).toBe(400);
      expect((await risk(ids.giulia)).json['deposit_override']).toMatchObject({ mode: 'never' });
    });

    it('another organization sees neither the risk nor sets the choice', async () => {
      expect((await risk(ids.giulia, jurgen.token)).status).toBe(403);
      expect((await http(jurgen.token, 'PUT', `${store(anna)}/customer/${ids.giulia}/deposit_override`, { mode: 'always' })).status).toBe(
        403,
      );
      expect((await http(jurgen.token, 'GET', `${store(jurgen)}/customer/${ids.giulia}/no_show_risk`)).status).toBe(404);
    });

    it("online booking refuses a customer with the policy's number of no-shows in their language, and books another", async () => {
      const ok = async (method: string, path: string, body?: unknown) => {
        const answer = await http(anna.token, method, `${store(anna)}${path}`, body);
        expect({ path, status: answer.status }).toEqual({ path, status: answer.status < 300 ? answer.status : 200 });
        return answer.json;
      };
      const setup = await ok('PATCH', '/booking/admin/setup', { enabled: true, min_notice_minutes: 0, horizon_days: 365 });
      const publicId = String(setup['public_id']);
      await openForBooking(
        (method, path, json) => ok(method.toUpperCase(), path.slice(store(anna).length), json),
        store(anna),
        anna.userId,
      );
      const treatment = await http(anna.token, 'POST', `/api/v1/orga/${anna.orgaId}/treatment`, { name: 'Bagno', default_price: '30' });
      const treatmentId = String(treatment.json['id']);
      await until(
        () => env.query(`SELECT 1 FROM booking.booking_treatment WHERE treatment_id = $1`, [treatmentId]),
        (rows) => rows.length === 1,
        'the treatment in booking',
      );
      // crm told booking Giulia's phone and her two no-shows
      await until(
        () =>
          env.query<{ no_shows: number }>(`SELECT no_shows FROM booking.booking_customer_standing WHERE customer_id = $1`, [ids.giulia]),
        (rows) => rows[0]?.no_shows === 2,
        "Giulia's standing in booking",
      );
      const from = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
      const ask = async (customer: { fon: string; last_name: string }, language: string) => {
        const slots = (await freeSlots(base, publicId, from, [treatmentId])).days.flatMap((d) => d.slots);
        const slot = slots[Math.floor(Math.random() * slots.length)];
        if (!slot) throw new Error('no free slot');
        const ip = customerIp();
        const body = { ...(await requestFor(base, publicId, slot, [treatmentId], ip, customer)), language };
        return widget(base, 'POST', publicPath(publicId, '/request'), { ip, json: body, lang: language });
      };
      const before = await env.query<{ n: number }>(`SELECT count(*)::int AS n FROM booking.booking_slot WHERE store_id = $1`, [
        anna.storeId,
      ]);

      const refused = await ask({ fon: '0039 348-222-3333', last_name: 'Bianchi' }, 'it');
      expect(refused.status).toBe(403);
      expect(refused.json).toEqual({ code: 'booking_closed', message: POLICY.closed_message.it });
      const inGerman = await ask({ fon: '+39 348 2223333', last_name: 'Bianchi' }, 'de');
      expect(inGerman.json).toEqual({ code: 'booking_closed', message: POLICY.closed_message.en });
      const after = await env.query<{ n: number }>(`SELECT count(*)::int AS n FROM booking.booking_slot WHERE store_id = $1`, [
        anna.storeId,
      ]);
      expect(after[0]?.n).toBe(before[0]?.n);

      const another = await ask({ fon: '+39 347 555 0101', last_name: 'Verdi' }, 'it');
      expect(another.status).toBe(201);
      expect(another.json?.['outcome']).toBe('booked');
    });

    it('a no-show restored lowers the count below the number: the customer may book again', async () => {
      const [last] = await env.query<{ id: string }>(
        `SELECT a.id FROM scheduling.appointment a JOIN scheduling.appointment_pet p ON p.appointment_id = a.id
          WHERE p.pet_id = $1 AND a.status = 3 ORDER BY a.starts_at DESC LIMIT 1`,
        [ids.fido],
      );
      expect(
        (await http(anna.token, 'PATCH', `${store(anna)}/appointment/${last?.id}/status`, { status: 0, allow_conflict: true })).status,
      ).toBe(200);
      await until(
        () =>
          env.query<{ no_shows: number }>(`SELECT no_shows FROM booking.booking_customer_standing WHERE customer_id = $1`, [ids.giulia]),
        (rows) => rows[0]?.no_shows === 1,
        "Giulia's one no-show in booking",
      );
      expect((await risk(ids.giulia)).json).toMatchObject({ booking_closed: false, no_shows: 1 });
    });
  });
});
