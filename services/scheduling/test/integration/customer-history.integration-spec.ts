import { NO_SHOW_STATUS, loginRpc, schedulingHttpRoutes, type Appointment, type CustomerAppointmentSummary } from '@pawline/contracts';
import { addDays, formatLocalDate, parseLocalDate } from '@pawline/domain';
import type { NatsRpcClient } from '@pawline/nest-kit';
import { createTestEnv, until, type TestEnv } from '@pawline/nest-kit/testing';
import { crmService } from '../../../crm/src/crm.service-definition';
import { identityService } from '../../../identity/src/identity.service-definition';
import { schedulingService } from '../../src/scheduling.service-definition';
import { gatewayService } from '../../../gateway/src/gateway.service-definition';
import { TEST_SECRET, call, signUp, type Salon } from './scheduling-test-helpers';

jest.setTimeout(180_000);

type Answer = { status: number; json: () => Record<string, unknown> };

/**
 * Issue 29 a customer's appointments through the gateway over real NATS and Postgres: crm (the customer's pets),
 * scheduling (their appointments) and identity (who may read the store) as they run.
 */
describe("a customer's appointments and summary through the gateway", () => {
  let env: TestEnv;
  let client: NatsRpcClient;
  let base = '';
  let anna: Salon;
  let jurgen: Salon;
  const tokens = { anna: '', jurgen: '' };
  const today = new Date().toISOString().slice(0, 10);
  const day = (offset: number) => formatLocalDate(addDays(parseLocalDate(today), offset));

  const http = async (token: string, method: string, path: string, body?: unknown): Promise<Answer> => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, json: () => JSON.parse(text) as Record<string, unknown> };
  };
  const store = () => `/api/v1/orga/${anna.orgaId}/store/${anna.storeId}`;
  /** A declared scheduling route's path for Anna's store and one appointment (the declarations name the paths). */
  const appointmentPath = (route: { path: string }, id: string) =>
    route.path.replace(':orga', anna.orgaId).replace(':store', anna.storeId).replace(':id', id);

  const created = async (path: string, body: unknown): Promise<Record<string, unknown>> => {
    const answer = await http(tokens.anna, 'POST', `${store()}${path}`, body);
    expect(answer.status).toBe(201);
    return answer.json();
  };
  const pet = async (customer: string, name: string) =>
    ((await created('/pet', { customer_id: customer, name, pet_type: 1 }))['pet'] as { id: string }).id;
  const book = async (date: string, petIds: string[], recurring?: unknown) =>
    (
      await created('/appointment', {
        appointment: { date, hour: 10, min: 0, duration: 45, pet_ids: petIds },
        ...(recurring ? { recurring } : {}),
      })
    )['items'] as Appointment[];

  const ids = { giulia: '', marco: '', fido: '', micia: '', rex: '' };
  const booked: Record<string, Appointment> = {};

  beforeAll(async () => {
    process.env['AUTH_TOKEN_SECRET'] = TEST_SECRET;
    env = await createTestEnv();
    await env.start(identityService);
    await env.start(crmService);
    await env.start(schedulingService);
    const gateway = await env.start(gatewayService, { httpPort: 0 });
    base = gateway.httpUrl ?? '';
    client = env.rpcClient();
    anna = await signUp(env, client, 'Anna');
    jurgen = await signUp(env, client, 'Jurgen');
    tokens.anna = (await call(client, loginRpc, { username: anna.email, password: anna.password }, null)).access_token;
    tokens.jurgen = (await call(client, loginRpc, { username: jurgen.email, password: jurgen.password }, null)).access_token;

    ids.giulia = ((await created('/customer', { first_name: 'Giulia', last_name: 'Bianchi' }))['customer'] as { id: string }).id;
    ids.marco = ((await created('/customer', { first_name: 'Marco', last_name: 'Rossi' }))['customer'] as { id: string }).id;
    ids.fido = await pet(ids.giulia, 'Fido');
    ids.micia = await pet(ids.giulia, 'Micia');
    ids.rex = await pet(ids.marco, 'Rex');
    // scheduling learns the pets from crm's events before an appointment may name them
    await until(async () => {
      const rows = await env.query(`SELECT 1 FROM scheduling.pet_ref WHERE pet_id = ANY($1::uuid[])`, [[ids.fido, ids.micia, ids.rex]]);
      return rows.length === 3;
    });

    // Giulia: three past visits (one with both pets, one declined), two ahead
    [booked['d30']] = await book(day(-30), [ids.fido]);
    [booked['d20']] = await book(day(-20), [ids.fido, ids.micia]);
    [booked['d10']] = await book(day(-10), [ids.micia]);
    [booked['u3']] = await book(day(3), [ids.micia]);
    [booked['u10']] = await book(day(10), [ids.fido]);
    expect(
      (
        await http(tokens.anna, 'PATCH', appointmentPath(schedulingHttpRoutes.checkOutAppointment, booked['d30'].id), {
          final_price: '50',
          discount: '5',
        })
      ).status,
    ).toBe(200);
    expect(
      (await http(tokens.anna, 'PATCH', appointmentPath(schedulingHttpRoutes.checkOutAppointment, booked['d20'].id), { final_price: 3000 }))
        .status,
    ).toBe(200);
    expect(
      (await http(tokens.anna, 'PATCH', appointmentPath(schedulingHttpRoutes.updateAppointmentStatus, booked['d10'].id), { status: 2 }))
        .status,
    ).toBe(200);
    // Marco: 52 past appointments of Rex, two pages
    await book(day(-80), [ids.rex], { unit: 'day', every: 1, count: 51 });
    await book(day(-5), [ids.rex]);
  });

  afterAll(async () => {
    await env?.dispose();
  });

  it('R1.12 R3.07 summarizes spend, average ticket, last visit, upcoming, declines and no-shows of the customer only', async () => {
    const answer = await http(tokens.anna, 'GET', `${store()}/customer/${ids.giulia}/appointment_summary`);
    expect(answer.status).toBe(200);
    const summary = answer.json() as CustomerAppointmentSummary;
    expect(summary).toMatchObject({
      appointments: 5,
      upcoming: 2,
      checked_out: 2,
      spend: 4500 + 3000,
      average_ticket: 3750,
      declined: 1,
      // issue 26's no-show status counts once the contracts carry it
      no_shows: NO_SHOW_STATUS === null ? null : 0,
    });
    expect(summary.last_visit).toMatchObject({ appointment_id: booked['d20'].id, date: day(-20) });
  });

  it('R9.05 lists the past newest first and the upcoming soonest first, with treatments and pets', async () => {
    const past = await http(tokens.anna, 'GET', `${store()}/customer/${ids.giulia}/appointments/past/none/none`);
    expect(past.status).toBe(200);
    expect(Object.keys(past.json()).sort()).toEqual(['items', 'pets', 'treatments']);
    expect((past.json()['items'] as Appointment[]).map((a) => a.date)).toEqual([day(-10), day(-20), day(-30)]);
    // the appointment of both pets comes once, with both
    expect((past.json()['pets'] as { appointment_id: string }[]).filter((p) => p.appointment_id === booked['d20'].id)).toHaveLength(2);
    const upcoming = await http(tokens.anna, 'GET', `${store()}/customer/${ids.giulia}/appointments/upcoming/none/none`);
    expect((upcoming.json()['items'] as Appointment[]).map((a) => a.date)).toEqual([day(3), day(10)]);
    const after = booked['u3'];
    const rest = await http(tokens.anna, 'GET', `${store()}/customer/${ids.giulia}/appointments/upcoming/${after.starts_at}/${after.id}`);
    expect((rest.json()['items'] as Appointment[]).map((a) => a.date)).toEqual([day(10)]);
  });

  it('R9.05 R4.22 pages the past by 50 after the last date and id; the short page is the last', async () => {
    const first = (await http(tokens.anna, 'GET', `${store()}/customer/${ids.marco}/appointments/past/none/none`)).json()[
      'items'
    ] as Appointment[];
    expect(first).toHaveLength(50);
    expect(first[0]?.date).toBe(day(-5));
    const last = first[49];
    const second = (
      await http(tokens.anna, 'GET', `${store()}/customer/${ids.marco}/appointments/past/${encodeURIComponent(last.starts_at)}/${last.id}`)
    ).json()['items'] as Appointment[];
    expect(second.map((a) => a.date)).toEqual([day(-79), day(-80)]);
    expect(new Set([...first, ...second].map((a) => a.id)).size).toBe(52);
  });

  it('a customer unknown here, or of another organization, is not found; a caller of another organization is refused', async () => {
    const unknown = '99999999-9999-4999-8999-999999999999';
    expect((await http(tokens.anna, 'GET', `${store()}/customer/${unknown}/appointment_summary`)).status).toBe(404);
    expect((await http(tokens.anna, 'GET', `${store()}/customer/${unknown}/appointments/past/none/none`)).status).toBe(404);
    const foreign = await http(tokens.jurgen, 'GET', `${store()}/customer/${ids.giulia}/appointment_summary`);
    expect([403, 404]).toContain(foreign.status);
    const ownStore = `/api/v1/orga/${jurgen.orgaId}/store/${jurgen.storeId}`;
    expect((await http(tokens.jurgen, 'GET', `${ownStore}/customer/${ids.giulia}/appointments/past/none/none`)).status).toBe(404);
  });

  it('refuses a malformed cursor or direction with a 400 and reads nothing', async () => {
    expect((await http(tokens.anna, 'GET', `${store()}/customer/${ids.giulia}/appointments/later/none/none`)).status).toBe(400);
    expect((await http(tokens.anna, 'GET', `${store()}/customer/${ids.giulia}/appointments/past/yesterday/none`)).status).toBe(400);
  });
});
