import { randomUUID } from 'node:crypto';
import {
  bookingRuleCreatedEvent,
  checkAppointmentRpc,
  createAppointmentRpc,
  createCustomerRpc,
  createMemberRpc,
  createPetRpc,
  loginRpc,
  moveAppointmentRpc,
  resizeAppointmentRpc,
  updateAppointmentRpc,
  type Appointment,
  type AppointmentConflict,
} from '@pawline/contracts';
import type { NatsRpcClient } from '@pawline/nest-kit';
import { createTestEnv, emitEvent, type TestEnv } from '@pawline/nest-kit/testing';
import { crmService } from '../../../crm/src/crm.service-definition';
import { identityService } from '../../../identity/src/identity.service-definition';
import { gatewayService } from '../../../gateway/src/gateway.service-definition';
import { schedulingService } from '../../src/scheduling.service-definition';
import { TEST_SECRET, call, failureOf, signUp, type Salon } from './scheduling-test-helpers';

jest.setTimeout(180_000);

/**
 * The capacity rule in the calendar's writes (ADR 0044): a pet or a groomer in two places, a groomer outside their
 * hours and a full pool are refused with 409 conflict naming what collides, unless the caller books anyway; two
 * receptionists saving the last place at once get one 201 and one 409.
 */
describe('capacity of the calendar’s writes (identity, crm, scheduling, gateway; real NATS and Postgres)', () => {
  let env: TestEnv;
  let client: NatsRpcClient;
  let base = '';
  let anna: Salon;
  let token = '';
  let oliver = '';
  let milo = '';

  const scope = () => ({ orga_id: anna.orgaId, store_id: anna.storeId });
  const storePath = () => `/api/v1/orga/${anna.orgaId}/store/${anna.storeId}`;
  const http = async (method: string, path: string, body?: unknown, as = token, lang = 'en') => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${as}`,
        'accept-language': lang,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const pet = async (name: string, lastName: string) => {
    const customer = await call(client, createCustomerRpc, { ...scope(), first_name: 'Giulia', last_name: lastName }, anna.auth);
    const made = await call(client, createPetRpc, { ...scope(), customer_id: customer.customer.id, name }, anna.auth);
    for (let i = 0; i < 100; i += 1) {
      if ((await env.query(`SELECT 1 FROM scheduling.pet_ref WHERE pet_id = $1`, [made.pet.id])).length > 0) return made.pet.id;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the pet never reached scheduling');
  };
  /** booking's rule event, as booking's relay publishes it: a groomer's hours every day. */
  const hours = async (userId: string, start_hour: number, end_hour: number) => {
    const rule = {
      id: randomUUID(),
      orga_id: anna.orgaId,
      store_id: anna.storeId,
      user_id: userId,
      kind: 'open' as const,
      weekday: null,
      date_start: 0,
      date_end: 0,
      start_hour,
      start_min: 0,
      start_sec: 0,
      end_hour,
      end_min: 0,
      end_sec: 0,
      start_date: null,
      end_date: null,
      start_time: `${String(start_hour).padStart(2, '0')}:00:00`,
      end_time: `${String(end_hour).padStart(2, '0')}:00:00`,
      created_at: new Date().toISOString(),
    };
    await emitEvent(env, bookingRuleCreatedEvent, { orga_id: anna.orgaId, store_id: anna.storeId, rule_id: rule.id, rule });
    for (let i = 0; i < 100; i += 1) {
      if ((await env.query(`SELECT 1 FROM scheduling.staff_hours WHERE rule_id = $1`, [rule.id])).length > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the hours never reached scheduling');
  };
  const create = (appointment: Record<string, unknown>, allowConflict = false) =>
    http('POST', `${storePath()}/appointment`, { appointment, allow_conflict: allowConflict });
  const idOf = (answer: { body: Record<string, unknown> }) => (answer.body['items'] as Appointment[])[0]?.id ?? '';

  beforeAll(async () => {
    process.env['AUTH_TOKEN_SECRET'] = TEST_SECRET;
    env = await createTestEnv();
    await env.start(identityService);
    await env.start(crmService);
    await env.start(schedulingService);
    base = (await env.start(gatewayService, { httpPort: 0 })).httpUrl ?? '';
    client = env.rpcClient();
    anna = await signUp(env, client, 'Anna');
    token = (await call(client, loginRpc, { username: anna.email, password: anna.password }, null)).access_token;
    oliver = await pet('Oliver', 'Rossi');
    milo = await pet('Milo', 'Verdi');
  });

  afterAll(async () => {
    await env?.dispose();
  });

  it('R3.07 a pet never has two appointments at once: 409 conflict names "Oliver 09:30–11:30 with Anna", in the caller’s language', async () => {
    const first = await create({ user_id: anna.userId, date: '2027-02-01', hour: 9, min: 30, duration: 120, pet_ids: [oliver] });
    expect(first.status).toBe(201);
    const refused = await http(
      'POST',
      `${storePath()}/appointment`,
      { appointment: { date: '2027-02-01', hour: 10, min: 0, duration: 30, pet_ids: [oliver, milo] } },
      token,
      'it',
    );
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'conflict',
      message: expect.stringContaining('si sovrappone'),
      collisions: [{ reason: 'pet', date: '2027-02-01', user_id: null, appointment_ids: [idOf(first)] }],
      conflicts: [
        {
          id: idOf(first),
          same_store: true,
          date: '2027-02-01',
          start_time: '09:30',
          end_time: '11:30',
          user_id: anna.userId,
          reasons: ['pet'],
          pets: [{ pet_id: oliver, name: 'Oliver', customer_first_name: 'Giulia', customer_last_name: 'Rossi' }],
        },
      ],
    });
    expect(
      (
        await call(
          client,
          checkAppointmentRpc,
          { ...scope(), appointment: { date: '2027-02-01', hour: 12, min: 0, duration: 30, pet_ids: [oliver] } },
          anna.auth,
        )
      ).collisions,
    ).toEqual([]);
    // booked anyway on purpose
    expect((await create({ date: '2027-02-01', hour: 10, min: 0, duration: 30, pet_ids: [oliver] }, true)).status).toBe(201);
  });

  it('a groomer does one appointment at a time: moving, resizing or editing into another is refused, anything else saves', async () => {
    const morning = await create({ user_id: anna.userId, date: '2027-02-02', hour: 9, min: 0, duration: 60, pet_ids: [milo] });
    const later = await create({ user_id: anna.userId, date: '2027-02-02', hour: 11, min: 0, duration: 60, pet_ids: [oliver] });
    const id = idOf(later);
    const move = { ...scope(), appointment_id: id, date: '2027-02-02', hour: 9, min: 30 };
    const moved = await failureOf(client, moveAppointmentRpc, move, anna.auth);
    expect(moved).toMatchObject({
      code: 'conflict',
      extra: { collisions: [{ reason: 'staff', user_id: anna.userId, appointment_ids: [idOf(morning)] }] },
    });
    expect(
      (await failureOf(client, resizeAppointmentRpc, { ...scope(), appointment_id: idOf(morning), duration: 150 }, anna.auth)).code,
    ).toBe('conflict');
    // nothing changed; the same time saved again (notes) is not checked; a free time is fine
    const same = { date: '2027-02-02', hour: 11, min: 0, duration: 60, pet_ids: [oliver], user_id: anna.userId, notes: 'Shorter ears' };
    expect(
      (await call(client, updateAppointmentRpc, { ...scope(), appointment_id: id, appointment: same }, anna.auth)).appointment.notes,
    ).toBe('Shorter ears');
    expect((await call(client, moveAppointmentRpc, { ...move, hour: 10, min: 0 }, anna.auth)).appointment.hour).toBe(10);
    expect((await call(client, moveAppointmentRpc, { ...move, allow_conflict: true }, anna.auth)).appointment.min).toBe(30);
    // the same through the gateway: an edit into the morning appointment is 409, booked anyway it saves
    const edit = { appointment: { ...same, hour: 9, min: 15 } };
    const refused = await http('PUT', `${storePath()}/appointment/${id}`, edit);
    expect(refused).toMatchObject({ status: 409, body: { code: 'conflict', conflicts: [{ id: idOf(morning), reasons: ['staff'] }] } });
    expect((await http('PUT', `${storePath()}/appointment/${id}`, { ...edit, allow_conflict: true })).status).toBe(200);
  });

  it('the check before saving answers through the gateway what collides and which groomers are free; another organization is refused', async () => {
    const booked = await create({ user_id: anna.userId, date: '2027-02-05', hour: 15, min: 0, duration: 60, pet_ids: [milo] });
    const body = {
      appointment: { date: '2027-02-05', hour: 15, min: 30, duration: 30, pet_ids: [milo], user_id: anna.userId },
      candidate_user_ids: [anna.userId],
    };
    const checked = await http('POST', `${storePath()}/appointment_check`, body, token, 'fr');
    expect(checked).toMatchObject({
      status: 200,
      body: {
        collisions: [
          { reason: 'pet', date: '2027-02-05', appointment_ids: [idOf(booked)] },
          { reason: 'staff', user_id: anna.userId, appointment_ids: [idOf(booked)] },
        ],
        conflicts: [{ id: idOf(booked), start_time: '15:00', end_time: '16:00', pets: [{ name: 'Milo' }] }],
        free_user_ids: [],
      },
    });
    // editing the appointment itself collides with nothing of itself
    const itself = await http('POST', `${storePath()}/appointment_check`, { ...body, appointment_id: idOf(booked) });
    expect(itself.body).toMatchObject({ collisions: [], conflicts: [], free_user_ids: [anna.userId] });
    expect(
      (await http('POST', `${storePath()}/appointment_check`, { ...body, appointment: { ...body.appointment, duration: 0 } })).status,
    ).toBe(400);
    const jurgen = await signUp(env, client, 'Jurgen');
    const theirs = (await call(client, loginRpc, { username: jurgen.email, password: jurgen.password }, null)).access_token;
    expect((await http('POST', `${storePath()}/appointment_check`, body, theirs)).status).toBe(403);
    const inTheirs = await http('POST', `/api/v1/orga/${jurgen.orgaId}/store/${jurgen.storeId}/appointment_check`, body, theirs);
    expect(inTheirs).toMatchObject({ status: 400, body: { code: 'unknown_reference' } });
  });

  it('three groomers working 10:00–11:00 and two unassigned appointments leave one place; nobody works at noon', async () => {
    const [g1, g2, g3] = [randomUUID(), randomUUID(), randomUUID()];
    await hours(g1, 10, 11);
    await hours(g2, 10, 11);
    await hours(g3, 10, 11);
    const unassigned = { date: '2027-02-03', hour: 10, min: 0, duration: 60 };
    const ids = [];
    for (const petId of [oliver, milo, await pet('Bella', 'Neri')]) ids.push(idOf(await create({ ...unassigned, pet_ids: [petId] })));
    expect(ids.every((id) => id.length > 0)).toBe(true);
    const full = await create({ ...unassigned, min: 30, duration: 15, pet_ids: [await pet('Rex', 'Blu')] });
    expect(full.status).toBe(409);
    const answer = full.body as unknown as AppointmentConflict;
    expect(answer.collisions).toEqual([{ reason: 'pool', date: '2027-02-03', user_id: null, appointment_ids: ids }]);
    expect(answer.conflicts.map((c) => [c.start_time, c.end_time, c.user_id, c.reasons])).toEqual(
      ids.map(() => ['10:00', '11:00', null, ['pool']]),
    );
    const noon = await create({ date: '2027-02-03', hour: 12, min: 0, duration: 30, pet_ids: [await pet('Luna', 'Gialli')] });
    expect(noon.body).toMatchObject({
      code: 'conflict',
      collisions: [{ reason: 'hours', user_id: null, appointment_ids: [] }],
      conflicts: [],
    });
    // the check before saving: the pool is full, and of the three groomers nobody is free at 10:30
    const checked = await call(
      client,
      checkAppointmentRpc,
      { ...scope(), appointment: { date: '2027-02-03', hour: 10, min: 30, duration: 15 }, candidate_user_ids: [g1, g2, g3] },
      anna.auth,
    );
    expect(checked).toMatchObject({ collisions: [{ reason: 'pool' }], free_user_ids: [] });
    const later = await call(
      client,
      checkAppointmentRpc,
      { ...scope(), appointment: { date: '2027-02-04', hour: 10, min: 0, duration: 30 }, candidate_user_ids: [g2, anna.userId] },
      anna.auth,
    );
    expect(later.free_user_ids).toEqual([g2, anna.userId]);
  });

  it('a recurring series that meets an appointment names the member’s day and writes none of the series', async () => {
    await create({ date: '2027-03-15', hour: 16, min: 0, duration: 60, pet_ids: [milo], user_id: anna.userId });
    const refused = await failureOf(
      client,
      createAppointmentRpc,
      {
        ...scope(),
        appointment: { date: '2027-03-01', hour: 16, min: 30, duration: 60, pet_ids: [milo], user_id: anna.userId },
        recurring: { unit: 'week', every: 1, count: 4 },
      },
      anna.auth,
    );
    const collisions = (refused.extra as AppointmentConflict).collisions;
    expect(collisions.map((c) => [c.reason, c.date])).toEqual([
      ['pet', '2027-03-15'],
      ['staff', '2027-03-15'],
    ]);
    const rows = await env.query(`SELECT 1 FROM scheduling.appointment WHERE orga_id = $1 AND local_date = '2027-03-01'`, [anna.orgaId]);
    expect(rows).toEqual([]);
  });

  it('two receptionists saving the last place at once: one 201 and one 409, round after round', async () => {
    const groomer = randomUUID();
    await hours(groomer, 14, 15);
    const hired = await call(
      client,
      createMemberRpc,
      { orga_id: anna.orgaId, first_name: 'Rita', last_name: 'Desk', email: `rita.${randomUUID().slice(0, 8)}@example.com`, orga_rank: 1 },
      anna.auth,
    );
    const rita = (await call(client, loginRpc, { username: hired.email, password: hired.first_password }, null)).access_token;
    for (let round = 0; round < 5; round += 1) {
      const date = `2027-04-${String(round + 1).padStart(2, '0')}`;
      const [a, b] = [await pet(`A${round}`, 'Uno'), await pet(`B${round}`, 'Due')];
      const answers = await Promise.all([
        http('POST', `${storePath()}/appointment`, { appointment: { date, hour: 14, min: 0, duration: 60, pet_ids: [a] } }, token),
        http('POST', `${storePath()}/appointment`, { appointment: { date, hour: 14, min: 15, duration: 30, pet_ids: [b] } }, rita),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
      const rows = await env.query(`SELECT 1 FROM scheduling.appointment WHERE orga_id = $1 AND local_date = $2`, [anna.orgaId, date]);
      expect(rows).toHaveLength(1);
    }
  });

  it('a no-show counts on its customer: crm answers the customer with how often they did not come', async () => {
    const customer = await call(client, createCustomerRpc, { ...scope(), first_name: 'Nora', last_name: 'Assente' }, anna.auth);
    const made = await call(client, createPetRpc, { ...scope(), customer_id: customer.customer.id, name: 'Fuffi' }, anna.auth);
    for (let i = 0; i < 100 && (await env.query(`SELECT 1 FROM scheduling.pet_ref WHERE pet_id = $1`, [made.pet.id])).length === 0; i += 1)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const missed = await create({ date: yesterday, hour: 9, min: 0, duration: 30, pet_ids: [made.pet.id] }, true);
    expect((await http('PATCH', `${storePath()}/appointment/${idOf(missed)}/status`, { status: 3 })).body).toMatchObject({ status: 3 });
    const path = `${storePath()}/customer/${customer.customer.id}`;
    let detail = await http('GET', path);
    for (let i = 0; i < 100 && detail.body['no_shows'] !== 1; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      detail = await http('GET', path);
    }
    expect(detail.body['no_shows']).toBe(1);
    // restored to booked, it no longer counts
    await http('PATCH', `${storePath()}/appointment/${idOf(missed)}/status`, { status: 0, allow_conflict: true });
    for (let i = 0; i < 100 && detail.body['no_shows'] !== 0; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      detail = await http('GET', path);
    }
    expect(detail.body['no_shows']).toBe(0);
  });
});
