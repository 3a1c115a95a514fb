import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  confirmPaymentRpc,
  createMemberRpc,
  loginRpc,
  setCustomizedPlanRpc,
  subscribeRpc,
  subscriptionChangedEvent,
  type Notification,
} from '@pawline/contracts';
import type { NatsRpcClient } from '@pawline/nest-kit';
import { call, createTestEnv, emitEvent, failureOf, signUpOwner, type SignedUpOwner, type TestEnv, until } from '@pawline/nest-kit/testing';
import { gatewayService } from '../../../gateway/src/gateway.service-definition';
import { identityService } from '../../../identity/src/identity.service-definition';
import { crmService } from '../../../crm/src/crm.service-definition';
import { schedulingService } from '../../../scheduling/src/scheduling.service-definition';
import { bookingService } from '../../../booking/src/booking.service-definition';
import { messagingService } from '../../../messaging/src/messaging.service-definition';
import { billingService } from '../../src/billing.service-definition';

const TEST_SECRET = 'entitlements-integration-secret-0123456789ab';
type Salon = SignedUpOwner & { storeId: string };

jest.setTimeout(240_000);

/** A 1×1 PNG. */
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

const PLAN_REQUIRED = {
  it: 'Il tuo piano non include questa funzione o ne hai raggiunto il limite. Aggiorna il tuo piano a Premium.',
};

/**
 * Issue 14: every premium feature and quota refused by the server (R1.20) through the real gateway over
 * real NATS and Postgres: crm (tags, pet images, customer files, detailed pet notes), scheduling (full
 * history), booking's public widget; the Customized plan's limits set by an operator (ADR 0031); the
 * last failed charge on the plan page.
 */
describe('entitlements through the gateway (real Postgres and NATS)', () => {
  let env: TestEnv;
  let client: NatsRpcClient;
  let base = '';

  const http = async (salon: Salon | null, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const raw = Buffer.isBuffer(body);
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(salon ? { authorization: `Bearer ${salon.token}` } : {}),
        ...(body === undefined || raw ? {} : { 'content-type': 'application/json' }),
        'accept-language': 'it',
        ...headers,
      },
      body: body === undefined ? undefined : raw ? new Uint8Array(body) : JSON.stringify(body),
    });
    const text = await response.text();
    let json: Record<string, unknown> = {};
    try {
      json = JSON.parse(text) as Record<string, unknown>;
    } catch {
      json = {};
    }
    return { status: response.status, body: json as never as Record<string, unknown> & { code?: string; message?: string } };
  };
  const store = (s: Salon) => `/api/v1/orga/${s.orgaId}/store/${s.storeId}`;
  const count = async (sql: string, params: unknown[]) => Number((await env.query<{ n: string }>(sql, params))[0]?.n);

  async function signUp(name: string): Promise<Salon> {
    const owner = await signUpOwner(client, TEST_SECRET, name);
    const [row] = await env.query<{ id: string }>(`SELECT id FROM identity.store WHERE orga_id = $1`, [owner.orgaId]);
    if (!row) throw new Error('registration made no store');
    return { ...owner, storeId: row.id };
  }

  /** billing's event as billing's outbox writes it; waits until the gateway's membership carries the tier. */
  async function planOf(salon: Salon, planId: string, tier: number): Promise<void> {
    await emitEvent(env, subscriptionChangedEvent, {
      orga_id: salon.orgaId,
      plan_id: planId,
      tier,
      subscribed_since: tier > 0 ? new Date().toISOString() : null,
      subscribed_until: null,
    });
    await until(async () => ((await http(salon, 'GET', `/api/v1/orga/${salon.orgaId}`)).body['tier'] as number) === tier);
    await membershipHas(salon, tier);
  }

  /**
   * Until the membership the gateway carries has the tier (its cache drops on identity's orga event, a
   * moment after identity's row changed): messaging's quota answers with the tier of the caller's membership.
   */
  async function membershipHas(salon: Salon, tier: number): Promise<void> {
    await until(async () => ((await http(salon, 'GET', `/api/v1/orga/${salon.orgaId}/msg/msg_left`)).body['tier'] as number) === tier);
  }

  async function customerAndPet(salon: Salon): Promise<{ customerId: string; petId: string }> {
    const customer = await http(salon, 'POST', `${store(salon)}/customer`, {
      first_name: 'Giulia',
      last_name: 'Bianchi',
      fon: '+39 333 1234567',
    });
    expect(customer.status).toBe(201);
    const customerId = (customer.body['customer'] as { id: string }).id;
    const pet = await http(salon, 'POST', `${store(salon)}/pet`, { customer_id: customerId, name: 'Fido' });
    expect(pet.status).toBe(201);
    return { customerId, petId: (pet.body['pet'] as { id: string }).id };
  }

  beforeAll(async () => {
    process.env['AUTH_TOKEN_SECRET'] = TEST_SECRET;
    env = await createTestEnv();
    await env.start(identityService);
    await env.start(crmService);
    await env.start(schedulingService);
    await env.start(bookingService);
    await env.start(messagingService);
    await env.start(billingService, { httpPort: 0 });
    process.env['PAWLINE_SERVICES'] = 'identity,crm,scheduling,booking,messaging,billing';
    base = (await env.start(gatewayService, { httpPort: 0 })).httpUrl ?? '';
    client = env.rpcClient();
  });

  afterAll(async () => {
    await env?.dispose();
  });

  it('R1.20 the Free plan is refused tags, pet images, customer files and detailed pet notes with 402 in the user language, and nothing changes; Premium has them', async () => {
    const carla = await signUp('Carla');
    const { customerId, petId } = await customerAndPet(carla);
    await planOf(carla, 'free_plan', 1);

    const tag = await http(carla, 'POST', `/api/v1/orga/${carla.orgaId}/tag`, { kind: 'pet', name: 'Calm', icon: 3 });
    expect(tag).toMatchObject({ status: 402, body: { code: 'plan_required', message: PLAN_REQUIRED.it } });
    expect(await count(`SELECT count(*) AS n FROM crm.tag WHERE orga_id = $1`, [carla.orgaId])).toBe(0);

    const image = await http(carla, 'POST', `${store(carla)}/pet/${petId}/image`, PNG_1X1, {
      'x-file-name': 'fido.png',
      'content-type': 'image/png',
    });
    expect(image).toMatchObject({ status: 402, body: { code: 'plan_required', message: PLAN_REQUIRED.it } });
    const privacy = await http(carla, 'POST', `${store(carla)}/customer/${customerId}/privacy_file`, PNG_1X1, {
      'x-file-name': 'consent.png',
      'content-type': 'image/png',
    });
    expect(privacy).toMatchObject({ status: 402, body: { code: 'plan_required' } });
    expect(await count(`SELECT count(*) AS n FROM crm.stored_file WHERE orga_id = $1`, [carla.orgaId])).toBe(0);

    const notes = await http(carla, 'PUT', `${store(carla)}/pet/${petId}`, { medical: 'Allergic to oats', name: 'Fido II' });
    expect(notes).toMatchObject({ status: 402, body: { code: 'plan_required', message: PLAN_REQUIRED.it } });
    const [pet] = await env.query<{ name: string; medical: string | null }>(`SELECT name, medical FROM crm.pet WHERE id = $1`, [petId]);
    expect(pet).toEqual({ name: 'Fido', medical: null });
    const withNotes = await http(carla, 'POST', `${store(carla)}/pet`, { customer_id: customerId, name: 'Luna', attitude: 'Bites' });
    expect(withNotes.status).toBe(402);
    // the rest of the pet stays editable
    expect((await http(carla, 'PUT', `${store(carla)}/pet/${petId}`, { breed: 'Beagle' })).status).toBe(200);

    await planOf(carla, 'premium', 4);
    const calm = await http(carla, 'POST', `/api/v1/orga/${carla.orgaId}/tag`, { kind: 'pet', name: 'Calm', icon: 3 });
    expect(calm.status).toBe(201);
    // back on the Free plan the tag made under Premium cannot be put on a pet; Premium again can
    await planOf(carla, 'free_plan', 1);
    const calmTag = [{ tag_id: calm.body['id'] as string, tag_order: 0 }];
    const tagging = await http(carla, 'PUT', `${store(carla)}/pet/${petId}`, { tags: calmTag });
    expect(tagging).toMatchObject({ status: 402, body: { code: 'plan_required', message: PLAN_REQUIRED.it } });
    expect(await count(`SELECT count(*) AS n FROM crm.pet_tag WHERE pet_id = $1`, [petId])).toBe(0);
    await planOf(carla, 'premium', 4);
    expect((await http(carla, 'PUT', `${store(carla)}/pet/${petId}`, { tags: calmTag })).status).toBe(200);
    expect((await http(carla, 'PUT', `${store(carla)}/pet/${petId}`, { medical: 'Allergic to oats' })).status).toBe(200);
    const allowed = await http(carla, 'POST', `${store(carla)}/pet/${petId}/image`, PNG_1X1, {
      'x-file-name': 'fido.png',
      'content-type': 'image/png',
    });
    expect(allowed.status).toBe(201);
  });

  it('R1.20 without full history a pet history and the calendar show the last 90 days only; Premium shows everything', async () => {
    const dario = await signUp('Dario');
    const { petId } = await customerAndPet(dario);
    await until(async () => (await count(`SELECT count(*) AS n FROM scheduling.pet_ref WHERE pet_id = $1`, [petId])) === 1);
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const book = async (date: string) => {
      const created = await http(dario, 'POST', `${store(dario)}/appointment`, {
        appointment: { date, hour: 10, min: 0, duration: 30, pet_ids: [petId] },
      });
      expect(created.status).toBe(201);
      return (created.body['items'] as { id: string }[])[0]?.id;
    };
    const old = await book(day(200));
    const recent = await book(day(10));
    const history = async () =>
      ((await http(dario, 'GET', `${store(dario)}/pet/${petId}/appointments/none/none`)).body['items'] as { id: string }[]).map(
        (a) => a.id,
      );
    const [y, m, d] = day(200).split('-').map(Number);
    const calendar = async () =>
      ((await http(dario, 'GET', `${store(dario)}/appointments/${y}/${m}/${d}/${y}/${m}/${d}`)).body['items'] as { id: string }[]).map(
        (a) => a.id,
      );

    await planOf(dario, 'basic', 2);
    expect(await history()).toEqual([recent]);
    expect(await calendar()).toEqual([]);
    await planOf(dario, 'premium', 4);
    expect(await history()).toEqual([recent, old]);
    expect(await calendar()).toEqual([old]);
  });

  it('R1.20 a store whose organization lost online booking answers the public widget with plan_required, not its page or slots', async () => {
    const elena = await signUp('Elena');
    const setup = await http(elena, 'PATCH', `${store(elena)}/booking/admin/setup`, { enabled: true });
    expect(setup.status).toBe(200);
    const publicId = setup.body['public_id'] as string;
    expect((await http(null, 'GET', `/api/v1/public/booking/${publicId}`)).status).toBe(200);
    await planOf(elena, 'basic', 2);
    const refused = await until(async () => {
      const answer = await http(null, 'GET', `/api/v1/public/booking/${publicId}`);
      return answer.status === 402 ? answer : null;
    });
    expect(refused.body).toMatchObject({ code: 'plan_required', message: PLAN_REQUIRED.it });
    const slots = await http(null, 'POST', `/api/v1/public/booking/${publicId}/availability`, {
      from: new Date().toISOString().slice(0, 10),
      days: 7,
      treatment_ids: [],
      pets: [],
    });
    expect(slots.status).not.toBe(200);
    await planOf(elena, 'premium', 4);
    await until(async () => (await http(null, 'GET', `/api/v1/public/booking/${publicId}`)).status === 200);
  });

  it('R1.19 R1.20 an operator sets Customized limits; two tags created at the same moment cannot pass the limit', async () => {
    const franca = await signUp('Franca');
    // salons cannot reach the operator's call: with a session it is refused, and the gateway has no route for it
    const bySalon = await failureOf(
      client,
      setCustomizedPlanRpc,
      { orga_id: franca.orgaId, monthly_cents: 1, limits: { tags: 100 } },
      franca.auth,
    );
    expect(bySalon.code).toBe('forbidden');
    await until(async () => (await count(`SELECT count(*) AS n FROM billing.subscription WHERE orga_id = $1`, [franca.orgaId])) === 1);
    const view = await call(
      client,
      setCustomizedPlanRpc,
      { orga_id: franca.orgaId, monthly_cents: 9900, limits: { tags: 2, users: 3 } },
      null,
    );
    expect(view).toMatchObject({ plan_id: 'customized', tier: 5, plan_limits: { tags: 2, users: 3 }, monthly_cents: 9900 });
    await until(async () => ((await http(franca, 'GET', `/api/v1/orga/${franca.orgaId}`)).body['tier'] as number) === 5);
    await until(
      async () =>
        (await env.query<{ plan_limits: unknown }>(`SELECT plan_limits FROM identity.organization WHERE id = $1`, [franca.orgaId]))[0]
          ?.plan_limits,
    );
    await membershipHas(franca, 5);

    expect((await http(franca, 'POST', `/api/v1/orga/${franca.orgaId}/tag`, { kind: 'pet', name: 'First', icon: 1 })).status).toBe(201);
    const parallel = await Promise.all(
      [2, 3, 4, 5].map((n) => http(franca, 'POST', `/api/v1/orga/${franca.orgaId}/tag`, { kind: 'pet', name: `Tag ${n}`, icon: n })),
    );
    expect(parallel.map((r) => r.status).sort()).toEqual([201, 402, 402, 402]);
    expect(parallel.find((r) => r.status === 402)?.body).toMatchObject({ code: 'plan_required', message: PLAN_REQUIRED.it });
    expect(await count(`SELECT count(*) AS n FROM crm.tag WHERE orga_id = $1`, [franca.orgaId])).toBe(2);
  });

  it("R1.19 the operator's script sets a Customized plan over NATS and the limits reach the server's checks", async () => {
    const hugo = await signUp('Hugo');
    await until(async () => (await count(`SELECT count(*) AS n FROM billing.subscription WHERE orga_id = $1`, [hugo.orgaId])) === 1);
    const root = join(__dirname, '../../../..');
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        '-r',
        './tools/swc/register.cjs',
        'services/billing/src/operator/set-customized-plan.ts',
        '--orga',
        hugo.orgaId,
        '--monthly-cents',
        '12000',
        '--limit',
        'attachments=1',
        '--limit',
        'tags=unlimited',
        '--limit',
        'monthly_reminders=1200',
      ],
      { cwd: root, env: { ...process.env, NATS_URL: env.natsUrl, PAWLINE_SUBJECT_PREFIX: env.subjectPrefix } },
    );
    expect(JSON.parse(stdout)).toMatchObject({
      plan_id: 'customized',
      tier: 5,
      monthly_cents: 12000,
      plan_limits: { attachments: 1, tags: null, monthly_reminders: 1200 },
    });
    await until(async () => ((await http(hugo, 'GET', `/api/v1/orga/${hugo.orgaId}`)).body['tier'] as number) === 5);
    await until(
      async () =>
        (await env.query<{ plan_limits: unknown }>(`SELECT plan_limits FROM identity.organization WHERE id = $1`, [hugo.orgaId]))[0]
          ?.plan_limits,
    );
    await membershipHas(hugo, 5);
    const { customerId } = await customerAndPet(hugo);
    const file = (name: string) =>
      http(hugo, 'POST', `${store(hugo)}/customer/${customerId}/privacy_file`, PNG_1X1, {
        'x-file-name': name,
        'content-type': 'image/png',
      });
    expect((await file('consent.png')).status).toBe(201);
    const second = await customerAndPet(hugo);
    const refused = await http(hugo, 'POST', `${store(hugo)}/customer/${second.customerId}/privacy_file`, PNG_1X1, {
      'x-file-name': 'consent.png',
      'content-type': 'image/png',
    });
    expect(refused).toMatchObject({ status: 402, body: { code: 'plan_required' } });
    // the agreed reminders are this month's messages in messaging, in place of the tier's default
    await until(async () => (await http(hugo, 'GET', `/api/v1/orga/${hugo.orgaId}/msg/msg_left`)).body['msg_entitled'] === 1200);
    expect((await http(hugo, 'GET', `/api/v1/orga/${hugo.orgaId}/msg/msg_left`)).body).toMatchObject({
      tier: 5,
      msg_entitled: 1200,
      msg_left: 1200,
      source: 'plan',
    });
  });

  it("a declined payment notifies the organization's administrators (not its employees) and shows on the plan page until a payment succeeds", async () => {
    const gina = await signUp('Gina');
    const bruno = await call(
      client,
      createMemberRpc,
      {
        orga_id: gina.orgaId,
        first_name: 'Bruno',
        last_name: 'Neri',
        email: `bruno.${randomUUID().slice(0, 8)}@example.com`,
        orga_rank: 3,
      },
      gina.auth,
    );
    await until(async () => (await count(`SELECT count(*) AS n FROM billing.subscription WHERE orga_id = $1`, [gina.orgaId])) === 1);
    const profile = await http(gina, 'PUT', `/api/v1/orga/${gina.orgaId}/billing/data`, {
      profile: {
        kind: 'company',
        legal_name: 'Toelettatura Gina S.r.l.',
        vat: 'IT00159560366',
        fiscal_code: '',
        pec: 'gina@pec.it',
        codice_destinatario: 'm5uxcr1',
        address: 'Via Verdi 3',
        city: 'Modena',
        zip_code: '41121',
        country: 'IT',
      },
    });
    expect(profile.status).toBe(200);
    // after her trial: a checkout charged now (a declined card is a failed charge)
    await env.query(`UPDATE "billing".subscription SET trial_ends_at = now() - interval '1 minute' WHERE orga_id = $1`, [gina.orgaId]);
    const first = await call(client, subscribeRpc, { orga_id: gina.orgaId, plan_id: 'premium' }, gina.auth);
    const paymentId = first.payment?.id ?? '';
    const declined = await call(client, confirmPaymentRpc, { orga_id: gina.orgaId, payment_id: paymentId, outcome: 'failed' }, gina.auth);
    expect(declined.subscription.last_failed_charge).toMatchObject({ payment_id: paymentId, amount_cents: first.payment?.amount_cents });
    const plans = await http(gina, 'GET', `/api/v1/orga/${gina.orgaId}/plans`);
    expect((plans.body['v'] as { subscription: Record<string, unknown> }).subscription['last_failed_charge']).toMatchObject({
      payment_id: paymentId,
    });
    const notified = await until(async () => {
      const list = (await http(gina, 'GET', `${store(gina)}/notification/0/none`)).body['content'] as Notification[];
      return list.find((n) => n.notification_type === 'PAYMENT_FAILED');
    });
    expect(notified).toMatchObject({
      belongs_to: paymentId,
      store_id: null,
      title: 'notificationPaymentFailed',
      text: 'notificationPaymentFailedText',
      params: { amount: ((first.payment?.amount_cents ?? 0) / 100).toFixed(2) },
    });
    // an employee's list (the membership identity gives: rank 3) does not show it
    const login = await call(client, loginRpc, { username: bruno.username, password: bruno.first_password }, null);
    const employee = { ...gina, token: login.access_token };
    const theirs = (await http(employee, 'GET', `${store(gina)}/notification/0/none`)) as unknown as {
      status: number;
      body: { content: Notification[] };
    };
    expect(theirs.status).toBe(200);
    expect(theirs.body.content.filter((n) => n.notification_type === 'PAYMENT_FAILED')).toEqual([]);
    expect(await count(`SELECT count(*) AS n FROM messaging.notification WHERE orga_id = $1`, [gina.orgaId])).toBe(1);

    const again = await call(client, subscribeRpc, { orga_id: gina.orgaId, plan_id: 'premium' }, gina.auth);
    const paid = await call(
      client,
      confirmPaymentRpc,
      { orga_id: gina.orgaId, payment_id: again.payment?.id ?? randomUUID(), outcome: 'succeeded' },
      gina.auth,
    );
    expect(paid.subscription.last_failed_charge).toBeNull();
  });
});
