import { randomUUID } from 'node:crypto';
import { io as connectSocket } from 'socket.io-client';
import { customerAppointmentStatusRpc, loginRpc, type Appointment } from '@pawline/contracts';
import type { NatsRpcClient } from '@pawline/nest-kit';
import { createTestEnv, until, type TestEnv } from '@pawline/nest-kit/testing';
import { identityService } from '../../../identity/src/identity.service-definition';
import { schedulingService } from '../../src/scheduling.service-definition';
import { gatewayService } from '../../../gateway/src/gateway.service-definition';
import { TEST_SECRET, call, petOf, signUp, type Salon } from './scheduling-test-helpers';

jest.setTimeout(120_000);

describe('scheduling routes through the gateway', () => {
  let env: TestEnv;
  let client: NatsRpcClient;
  let base = '';
  let anna: Salon;
  let jurgen: Salon;
  const tokens = { anna: '', jurgen: '' };
  const pet = randomUUID();

  const http = async (token: string | null, method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return {
      status: res.status,
      type: res.headers.get('content-type') ?? '',
      text,
      json: () => JSON.parse(text) as Record<string, unknown>,
    };
  };
  const storePath = () => `/api/v1/orga/${anna.orgaId}/store/${anna.storeId}`;

  beforeAll(async () => {
    process.env['AUTH_TOKEN_SECRET'] = TEST_SECRET;
    env = await createTestEnv();
    await env.start(identityService);
    await env.start(schedulingService);
    const gateway = await env.start(gatewayService, { httpPort: 0 });
    base = gateway.httpUrl ?? '';
    client = env.rpcClient();
    anna = await signUp(env, client, 'Anna');
    jurgen = await signUp(env, client, 'Jurgen');
    tokens.anna = (await call(client, loginRpc, { username: anna.email, password: anna.password }, null)).access_token;
    tokens.jurgen = (await call(client, loginRpc, { username: jurgen.email, password: jurgen.password }, null)).access_token;
    await petOf(env, anna, pet);
  });

  afterAll(async () => {
    await env?.dispose();
  });

  it('R7.05 books through POST and reads the week range, the appointment, the pet history and the latest', async () => {
    const created = await http(tokens.anna, 'POST', `${storePath()}/appointment`, {
      appointment: { date: '2026-12-02', hour: 10, min: 0, duration: 45, pet_ids: [pet] },
    });
    expect(created.status).toBe(201);
    const item = (created.json()['items'] as Appointment[])[0];
    expect(item.starts_at).toBe('2026-12-02T09:00:00.000Z');
    const week = await http(tokens.anna, 'GET', `${storePath()}/appointments/2026/11/30/2026/12/6`);
    expect(week.status).toBe(200);
    expect(Object.keys(week.json()).sort()).toEqual(['items', 'pets', 'treatments', 'version']);
    expect((week.json()['items'] as Appointment[]).map((a) => a.id)).toEqual([item.id]);
    expect((await http(tokens.anna, 'GET', `${storePath()}/appointment/${item.id}`)).status).toBe(200);
    expect(
      ((await http(tokens.anna, 'GET', `${storePath()}/pet/${pet}/appointments/none/none`)).json()['items'] as Appointment[]).map(
        (a) => a.id,
      ),
    ).toEqual([item.id]);
    expect(((await http(tokens.anna, 'GET', `${storePath()}/pet/${pet}/appointment/latest`)).json()['item'] as Appointment).id).toBe(
      item.id,
    );
    const moved = await http(tokens.anna, 'PATCH', `${storePath()}/appointment/${item.id}/move`, { date: '2026-12-03', hour: 11, min: 0 });
    expect(moved.status).toBe(200);
    expect((await http(tokens.anna, 'DELETE', `${storePath()}/appointment/${item.id}?scope=one`)).json()).toEqual({
      deleted_ids: [item.id],
      change_id: expect.any(String),
    });
  });

  it('R4.11 R7.05 serves treatments, recurring groups, edits by scope, resize, check-out, notes and status', async () => {
    const orgaPath = `/api/v1/orga/${anna.orgaId}`;
    const treatment = await http(tokens.anna, 'POST', `${orgaPath}/treatment`, { name: 'Bagno', default_price: '30' });
    expect(treatment.status).toBe(201);
    const treatmentId = treatment.json()['id'] as string;
    expect((await http(tokens.anna, 'PATCH', `${orgaPath}/treatment/${treatmentId}`, { default_duration: 40 })).json()).toMatchObject({
      default_duration: 40,
      default_price: 3000,
    });
    expect(((await http(tokens.anna, 'GET', `${orgaPath}/treatments`)).json() as unknown as unknown[]).length).toBe(1);
    expect((await http(tokens.jurgen, 'POST', `${orgaPath}/treatment`, { name: 'x' })).status).toBe(403);

    // past weeks: only a past or today's appointment is checked out
    const group = await http(tokens.anna, 'POST', `${storePath()}/appointment`, {
      appointment: { date: '2026-10-05', hour: 9, min: 0, duration: 60, pet_ids: [pet], treatment_ids: [treatmentId] },
      recurring: { unit: 'week', every: 1, count: 3 },
    });
    const items = group.json()['items'] as Appointment[];
    expect(items.map((a) => a.price)).toEqual([3000, 3000, 3000]);
    const groupId = items[0]?.recurring_group_id ?? '';
    const listed = await http(tokens.anna, 'GET', `${storePath()}/appointments_recurring_group/${groupId}/2026/10/1/2026/10/31`);
    expect((listed.json()['items'] as Appointment[]).map((a) => a.date)).toEqual(['2026-10-05', '2026-10-12', '2026-10-19']);
    const second = items[1];
    const edited = await http(tokens.anna, 'PUT', `${storePath()}/appointment/${second.id}`, {
      scope: 'following',
      appointment: { date: '2026-10-12', hour: 15, min: 0, duration: 60, pet_ids: [pet] },
    });
    expect(edited.json()['affected_ids']).toHaveLength(2);
    expect(
      (await http(tokens.anna, 'PATCH', `${storePath()}/appointment/${second.id}/resize`, { duration: 30, scope: 'one' })).json()[
        'affected_ids'
      ],
    ).toEqual([second.id]);
    const done = await http(tokens.anna, 'PATCH', `${storePath()}/appointment/${second.id}/check_out`, {
      final_price: '35,50',
      discount: '5',
      cashed_in: true,
    });
    expect(done.json()).toMatchObject({ final_price: 3550, discount: 500, total: 3050, checked_out: true, cashed_in: true });
    expect((await http(tokens.anna, 'PATCH', `${storePath()}/appointment/${second.id}/notes`, { notes: 'ok' })).json()['notes']).toBe('ok');
    // a checked-out appointment is not declined; another one is
    expect((await http(tokens.anna, 'PATCH', `${storePath()}/appointment/${second.id}/status`, { status: 2 })).json()['code']).toBe(
      'status_not_allowed',
    );
    expect(
      (await http(tokens.anna, 'PATCH', `${storePath()}/appointment/${items[2]?.id ?? ''}/status`, { status: 2 })).json()['status'],
    ).toBe(2);
    expect(
      (await http(tokens.anna, 'DELETE', `${storePath()}/appointment/${items[0]?.id ?? ''}?scope=all`)).json()['deleted_ids'],
    ).toHaveLength(1);
    expect((await http(tokens.anna, 'DELETE', `${storePath()}/appointment/${second.id}?scope=sometimes`)).status).toBe(400);
  });

  it("R4.17 R4.18 other devices receive the appointment events live, a customer's decline included", async () => {
    type Message = { scope: string; event: string; data: string | null; store_id: string | null; device: string | null };
    const received: Message[] = [];
    const socket = connectSocket(base, {
      path: '/websocket',
      auth: { token: tokens.anna, channel: anna.orgaId, device: 'tablet' },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    socket.on('message', (message: Message) => received.push(message));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', (error) => reject(error));
    });
    try {
      const created = await fetch(`${base}${storePath()}/appointment`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens.anna}`, 'content-type': 'application/json', 'x-device-id': 'desk' },
        body: JSON.stringify({ appointment: { date: '2026-12-09', hour: 10, min: 0, duration: 30, pet_ids: [pet] } }),
      });
      const id = ((await created.json()) as { items: Appointment[] }).items[0]?.id ?? '';
      await call(client, customerAppointmentStatusRpc, { orga_id: anna.orgaId, appointment_id: id, status: 2 }, null);
      await until(() => received.filter((m) => m.data === id).length >= 2, { timeoutMs: 10_000, what: 'two realtime messages' });
      expect(received.filter((m) => m.data === id).map((m) => [m.scope, m.event, m.store_id])).toEqual([
        ['appointment', 'created', anna.storeId],
        ['appointment', 'status_by_customer', anna.storeId],
      ]);
      expect(received.find((m) => m.event === 'created' && m.data === id)?.device).toBe('desk');
    } finally {
      socket.disconnect();
    }
  });

  it('issue 13: treatments carry a colour through POST, PATCH and GET; other devices hear of each change live', async () => {
    type Message = { scope: string; event: string; data: string | null; store_id: string | null; device: string | null };
    const orgaPath = `/api/v1/orga/${anna.orgaId}`;
    const received: Message[] = [];
    const socket = connectSocket(base, {
      path: '/websocket',
      auth: { token: tokens.anna, channel: anna.orgaId, device: 'tablet' },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    socket.on('message', (message: Message) => received.push(message));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', (error) => reject(error));
    });
    const fromDesk = async (method: string, path: string, body: unknown) => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${tokens.anna}`, 'content-type': 'application/json', 'x-device-id': 'desk' },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    try {
      const created = await fromDesk('POST', `${orgaPath}/treatment`, { name: 'Stripping', default_duration: 75, color: '#6A1B9A' });
      expect(created).toMatchObject({ status: 201, body: { name: 'Stripping', default_duration: 75, color: '#6a1b9a' } });
      const id = created.body['id'] as string;
      const recoloured = await fromDesk('PATCH', `${orgaPath}/treatment/${id}`, { color: '#00796b', default_price: '55,00' });
      expect(recoloured).toMatchObject({ status: 200, body: { color: '#00796b', default_price: 5500, name: 'Stripping' } });
      const archived = await fromDesk('PATCH', `${orgaPath}/treatment/${id}`, { archive: true, color: null });
      expect(archived).toMatchObject({ status: 200, body: { archive: true, color: null } });
      const all = (await http(tokens.anna, 'GET', `${orgaPath}/treatments?include_archived=true`)).json() as unknown as Record<
        string,
        unknown
      >[];
      expect(all.find((t) => t['id'] === id)).toMatchObject({ color: null, archive: true, default_price: 5500 });
      await until(() => received.filter((m) => m.data === id).length >= 3, { timeoutMs: 10_000, what: 'three realtime messages' });
      expect(received.filter((m) => m.data === id).map((m) => [m.scope, m.event, m.store_id, m.device])).toEqual([
        ['treatment', 'created', null, 'desk'],
        ['treatment', 'updated', null, 'desk'],
        ['treatment', 'updated', null, 'desk'],
      ]);
    } finally {
      socket.disconnect();
    }
  });

  it("issue 13: refuses a colour that is not #rrggbb with 400 in the caller's language, and another organization with 403", async () => {
    const orgaPath = `/api/v1/orga/${anna.orgaId}`;
    const t = (await http(tokens.anna, 'POST', `${orgaPath}/treatment`, { name: 'Taglio', color: '#1565c0' })).json();
    const refused = await fetch(`${base}${orgaPath}/treatment/${t['id'] as string}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${tokens.anna}`, 'content-type': 'application/json', 'accept-language': 'it' },
      body: JSON.stringify({ name: 'Altro', color: 'blu' }),
    });
    const body = (await refused.json()) as Record<string, unknown>;
    expect(refused.status).toBe(400);
    expect(body).toMatchObject({
      code: 'validation_failed',
      message: 'Alcuni campi non sono validi.',
      fields: { color: expect.any(String) },
    });
    expect((await http(tokens.anna, 'POST', `${orgaPath}/treatment`, { name: 'Rosso', color: '#ff00' })).status).toBe(400);
    expect((await http(tokens.jurgen, 'PATCH', `${orgaPath}/treatment/${t['id'] as string}`, { color: '#000000' })).status).toBe(403);
    const list = (await http(tokens.anna, 'GET', `${orgaPath}/treatments`)).json() as unknown as Record<string, unknown>[];
    expect(list.find((x) => x['id'] === t['id'])).toMatchObject({ name: 'Taglio', color: '#1565c0' });
    expect(list.map((x) => x['name'])).not.toContain('Rosso');
  });

  it('answers bad input with 400, no token with 401 and another organization with 403', async () => {
    expect((await http(tokens.anna, 'GET', `${storePath()}/appointments/2026/13/1/2026/12/6`)).status).toBe(400);
    expect((await http(tokens.anna, 'GET', `${storePath()}/appointments/2026/2/30/2026/3/6`)).status).toBe(400);
    expect(
      (
        await http(tokens.anna, 'POST', `${storePath()}/appointment`, {
          appointment: { date: '2026-12-02', hour: 10, min: 0, duration: 45, pet_ids: [] },
        })
      ).status,
    ).toBe(400);
    expect((await http(null, 'GET', `${storePath()}/appointments/2026/11/30/2026/12/6`)).status).toBe(401);
    expect((await http(tokens.jurgen, 'GET', `${storePath()}/appointments/2026/11/30/2026/12/6`)).status).toBe(403);
    expect(
      (await http(tokens.jurgen, 'GET', `/api/v1/orga/${jurgen.orgaId}/store/${anna.storeId}/appointments/2026/11/30/2026/12/6`)).status,
    ).toBe(403);
  });

  it('R1.15 serves the secret feed as text/calendar on the public route, and 404 once regenerated', async () => {
    const soon = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    await http(tokens.anna, 'POST', `${storePath()}/appointment`, {
      appointment: { date: soon, hour: 10, min: 0, duration: 45, pet_ids: [pet], app_name: 'Fido' },
    });
    const feed = (await http(tokens.anna, 'POST', `${storePath()}/calendar_feed`, {})).json() as { token: string; path: string };
    const ics = await http(null, 'GET', feed.path);
    expect(ics.status).toBe(200);
    expect(ics.type).toContain('text/calendar');
    expect(ics.text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(ics.text).toContain('SUMMARY:Fido');
    await http(tokens.anna, 'POST', `${storePath()}/calendar_feed`, {});
    expect((await http(null, 'GET', feed.path)).status).toBe(404);
    expect((await http(null, 'GET', '/api/v1/public/calendar/not-a-token.ics')).status).toBe(400);
  });
});
