import { randomUUID } from 'node:crypto';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { loginRpc, type Appointment } from '@pawline/contracts';
import { localDateOf } from '@pawline/domain';
import type { NatsRpcClient } from '@pawline/nest-kit';
import { createTestEnv, type TestEnv } from '@pawline/nest-kit/testing';
import { identityService } from '../../../identity/src/identity.service-definition';
import { gatewayService } from '../../../gateway/src/gateway.service-definition';
import { schedulingService } from '../../src/scheduling.service-definition';
import { TEST_SECRET, call, petOf, signUp, type Salon } from './scheduling-test-helpers';

jest.setTimeout(180_000);

type Message = { scope: string; event: string; data: string | null; device: string | null };
type Answer = { status: number; body: Record<string, unknown> };

/**
 * Issue 26 through the gateway: the check-out's refusals and percentage discount, the no-show status, a declined
 * appointment restored, and undo of a move, resize, decline and delete through the server (ADR 0043), which another
 * device hears as the ordinary appointment events.
 */
describe('statuses, check-out and undo (identity, scheduling, gateway; real NATS and Postgres)', () => {
  let env: TestEnv;
  let client: NatsRpcClient;
  let base = '';
  let anna: Salon;
  let jurgen: Salon;
  const tokens = { anna: '', jurgen: '' };
  let socket: Socket;
  const heard: Message[] = [];

  const storePath = () => `/api/v1/orga/${anna.orgaId}/store/${anna.storeId}`;
  const http = async (method: string, path: string, body?: unknown, options: { token?: string; lang?: string } = {}): Promise<Answer> => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${options.token ?? tokens.anna}`,
        'accept-language': options.lang ?? 'en',
        'x-device-id': 'desk',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const book = async (date: string, hour: number, extra: Record<string, unknown> = {}) => {
    const made = await http('POST', `${storePath()}/appointment`, {
      appointment: { date, hour, min: 0, duration: 60, pet_ids: [await petOf(env, anna)], ...extra },
    });
    if (made.status !== 201) throw new Error(`booking answered ${made.status}: ${JSON.stringify(made.body)}`);
    return made.body['items'] as Appointment[];
  };
  const undo = (changeId: unknown, body: Record<string, unknown> = {}, token?: string) =>
    http('POST', `${storePath()}/appointment_change/${String(changeId)}/undo`, body, { ...(token ? { token } : {}) });
  const heardOf = async (id: string, count: number) => {
    for (let i = 0; i < 100 && heard.filter((m) => m.data === id).length < count; i += 1) await new Promise((r) => setTimeout(r, 100));
    return heard.filter((m) => m.data === id).map((m) => m.event);
  };
  const day = (offset: number) => localDateOf(Date.now() + offset * 86_400_000, 'Europe/Rome');

  beforeAll(async () => {
    process.env['AUTH_TOKEN_SECRET'] = TEST_SECRET;
    env = await createTestEnv();
    await env.start(identityService);
    await env.start(schedulingService);
    base = (await env.start(gatewayService, { httpPort: 0 })).httpUrl ?? '';
    client = env.rpcClient();
    anna = await signUp(env, client, 'Anna');
    jurgen = await signUp(env, client, 'Jurgen');
    tokens.anna = (await call(client, loginRpc, { username: anna.email, password: anna.password }, null)).access_token;
    tokens.jurgen = (await call(client, loginRpc, { username: jurgen.email, password: jurgen.password }, null)).access_token;
    // the second device: the same member on a tablet
    socket = connectSocket(base, {
      path: '/websocket',
      auth: { token: tokens.anna, channel: anna.orgaId, device: 'tablet' },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    socket.on('message', (message: Message) => heard.push(message));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', (error) => reject(error));
    });
  });

  afterAll(async () => {
    socket?.disconnect();
    await env?.dispose();
  });

  it('R4.11 check-out takes a discount as a percentage of the final price, or an amount, never both', async () => {
    const [past] = await book(day(-1), 9);
    const done = await http('PATCH', `${storePath()}/appointment/${past?.id}/check_out`, { final_price: '35,50', discount_percent: 10 });
    expect(done.body).toMatchObject({ final_price: 3550, discount: 355, discount_percent: 10, total: 3195, checked_out: true });
    const [other] = await book(day(-1), 11);
    const both = await http('PATCH', `${storePath()}/appointment/${other?.id}/check_out`, {
      final_price: 3000,
      discount: 500,
      discount_percent: 5,
    });
    expect(both).toMatchObject({
      status: 400,
      body: { code: 'validation_failed', fields: { discount_percent: 'validation.discountAmountOrPercent' } },
    });
    const odd = await http('PATCH', `${storePath()}/appointment/${other?.id}/check_out`, { final_price: 3000, discount_percent: 10.005 });
    expect(odd.status).toBe(400);
    expect(
      (await http('PATCH', `${storePath()}/appointment/${other?.id}/check_out`, { final_price: 3000, discount: '5' })).body,
    ).toMatchObject({
      discount: 500,
      discount_percent: null,
      total: 2500,
    });
  });

  it('R4.11 a declined appointment, a no-show and one of a later day are not checked out: 409 checkout_not_allowed in the caller’s language', async () => {
    const [declined] = await book(day(0), 8);
    await http('PATCH', `${storePath()}/appointment/${declined?.id}/status`, { status: 2 });
    const refused = await http('PATCH', `${storePath()}/appointment/${declined?.id}/check_out`, { final_price: 3000 }, { lang: 'de' });
    expect(refused).toMatchObject({
      status: 409,
      body: {
        code: 'checkout_not_allowed',
        message: expect.stringContaining('abgerechnet'),
        fields: { status: 'validation.checkOutDeclined' },
      },
    });
    const [ahead] = await book(day(2), 10);
    expect((await http('PATCH', `${storePath()}/appointment/${ahead?.id}/check_out`, { final_price: 3000 })).body).toMatchObject({
      code: 'checkout_not_allowed',
      fields: { date: 'validation.checkOutFuture' },
    });
    const [missed] = await book(day(-2), 10);
    expect((await http('PATCH', `${storePath()}/appointment/${missed?.id}/status`, { status: 3 })).body).toMatchObject({ status: 3 });
    expect((await http('PATCH', `${storePath()}/appointment/${missed?.id}/check_out`, { final_price: 3000 })).body).toMatchObject({
      fields: { status: 'validation.checkOutNoShow' },
    });
  });

  it('a no-show only once the appointment started, never after check-out; it frees the time', async () => {
    const [ahead] = await book(day(3), 10);
    expect((await http('PATCH', `${storePath()}/appointment/${ahead?.id}/status`, { status: 3 })).body).toMatchObject({
      code: 'status_not_allowed',
      fields: { status: 'validation.noShowBeforeStart' },
    });
    const [paid] = await book(day(-3), 10);
    await http('PATCH', `${storePath()}/appointment/${paid?.id}/check_out`, { final_price: 3000 });
    expect((await http('PATCH', `${storePath()}/appointment/${paid?.id}/status`, { status: 3 })).status).toBe(409);
    const [missed] = await book(day(-3), 14, { user_id: anna.userId });
    expect((await http('PATCH', `${storePath()}/appointment/${missed?.id}/status`, { status: 3 })).status).toBe(200);
    // the groomer's time is free again
    expect((await book(day(-3), 14, { user_id: anna.userId })).length).toBe(1);
  });

  it('a declined appointment restored (status 0) takes its time again: 409 conflict when it is taken, unless booked anyway', async () => {
    const [declined] = await book(day(4), 9, { user_id: anna.userId });
    await http('PATCH', `${storePath()}/appointment/${declined?.id}/status`, { status: 2 });
    const [meanwhile] = await book(day(4), 9, { user_id: anna.userId, min: 30 });
    const refused = await http('PATCH', `${storePath()}/appointment/${declined?.id}/status`, { status: 0 });
    expect(refused).toMatchObject({ status: 409, body: { code: 'conflict', conflicts: [{ id: meanwhile?.id, reasons: ['staff'] }] } });
    const restored = await http('PATCH', `${storePath()}/appointment/${declined?.id}/status`, { status: 0, allow_conflict: true });
    expect(restored.body).toMatchObject({ status: 0, change_id: expect.any(String) });
    expect(await heardOf(declined?.id ?? '', 3)).toEqual(['created', 'status', 'status']);
  });

  it('ADR 0043 a move and a resize are undone through the server, and the tablet hears it', async () => {
    const [moving] = await book(day(5), 9);
    const id = moving?.id ?? '';
    const moved = await http('PATCH', `${storePath()}/appointment/${id}/move`, { date: day(6), hour: 15, min: 0 });
    const back = await undo(moved.body['change_id']);
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ kind: 'move', restored: [], items: [{ id, date: day(5), hour: 9, starts_at: moving?.starts_at }] });
    const resized = await http('PATCH', `${storePath()}/appointment/${id}/resize`, { duration: 120 });
    expect((await undo(resized.body['change_id'])).body).toMatchObject({ items: [{ id, duration: 60, ends_at: moving?.ends_at }] });
    expect(await heardOf(id, 5)).toEqual(['created', 'updated', 'updated', 'updated', 'updated']);
    // undone once: it is gone
    expect((await undo(moved.body['change_id'])).status).toBe(404);
  });

  it('ADR 0043 a decline is undone, and an undo after the appointment changed again is refused', async () => {
    const [declining] = await book(day(7), 9);
    const id = declining?.id ?? '';
    const declined = await http('PATCH', `${storePath()}/appointment/${id}/status`, { status: 2 });
    expect((await undo(declined.body['change_id'])).body).toMatchObject({ kind: 'status', items: [{ id, status: 0 }] });
    const moved = await http('PATCH', `${storePath()}/appointment/${id}/move`, { date: day(7), hour: 11, min: 0 });
    await http('PATCH', `${storePath()}/appointment/${id}/move`, { date: day(7), hour: 13, min: 0 });
    expect((await undo(moved.body['change_id'])).body).toMatchObject({ code: 'conflict', message: expect.stringContaining('changed') });
  });

  it('ADR 0043 a deleted appointment comes back under a new id, with its pets and notes, and the tablet hears both', async () => {
    const [gone] = await book(day(8), 9, { notes: 'Shorter ears' });
    const deleted = await http('DELETE', `${storePath()}/appointment/${gone?.id}`);
    const back = await undo(deleted.body['change_id']);
    const restored = (back.body['restored'] as { from: string; to: string }[])[0];
    expect(restored?.from).toBe(gone?.id);
    expect(back.body).toMatchObject({
      kind: 'delete',
      items: [{ id: restored?.to, date: day(8), hour: 9, notes: 'Shorter ears', starts_at: gone?.starts_at }],
      pets: [{ appointment_id: restored?.to }],
    });
    expect(await heardOf(gone?.id ?? '', 2)).toEqual(['created', 'deleted']);
    expect(await heardOf(restored?.to ?? '', 1)).toEqual(['created']);
  });

  it('ADR 0043 a whole recurring group deleted comes back as a group with its main member', async () => {
    const group = await http('POST', `${storePath()}/appointment`, {
      appointment: { date: day(9), hour: 16, min: 0, duration: 30, pet_ids: [await petOf(env, anna)] },
      recurring: { unit: 'week', every: 1, count: 3 },
    });
    const items = group.body['items'] as Appointment[];
    const deleted = await http('DELETE', `${storePath()}/appointment/${items[1]?.id}?scope=all`);
    const back = await undo(deleted.body['change_id']);
    const members = back.body['items'] as Appointment[];
    expect(members.map((a) => [a.date, a.recurring_group_id, a.recurring_group_main])).toEqual(
      items.map((a) => [a.date, a.recurring_group_id, a.recurring_group_main]),
    );
  });

  it('an undo whose old time is taken now is 409 conflict with what collides, unless booked anyway', async () => {
    const [first] = await book(day(10), 9, { user_id: anna.userId });
    const moved = await http('PATCH', `${storePath()}/appointment/${first?.id}/move`, { date: day(10), hour: 12, min: 0 });
    const [taken] = await book(day(10), 9, { user_id: anna.userId });
    expect((await undo(moved.body['change_id'])).body).toMatchObject({ code: 'conflict', conflicts: [{ id: taken?.id }] });
    expect((await undo(moved.body['change_id'], { allow_conflict: true })).status).toBe(200);
  });

  it('another organization neither undoes a change nor learns of it', async () => {
    const [mine] = await book(day(11), 9);
    const moved = await http('PATCH', `${storePath()}/appointment/${mine?.id}/move`, { date: day(11), hour: 10, min: 0 });
    expect((await undo(moved.body['change_id'], {}, tokens.jurgen)).status).toBe(403);
    const inJurgens = await http(
      'POST',
      `/api/v1/orga/${jurgen.orgaId}/store/${jurgen.storeId}/appointment_change/${String(moved.body['change_id'])}/undo`,
      {},
      { token: tokens.jurgen },
    );
    expect(inJurgens.status).toBe(404);
    expect((await undo(randomUUID())).status).toBe(404);
    expect((await undo(moved.body['change_id'])).status).toBe(200);
  });
});
