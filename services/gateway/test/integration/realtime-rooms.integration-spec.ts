import { io as connectSocket, type Socket } from 'socket.io-client';
import type { RunningService } from '@pawline/nest-kit';
import { createTestEnv, type TestEnv } from '@pawline/nest-kit/testing';
import { identityService } from '../../../identity/src/identity.service-definition';
import { schedulingService } from '../../../scheduling/src/scheduling.service-definition';
import { petOf } from '../../../scheduling/test/integration/scheduling-test-helpers';
import { gatewayService } from '../../src/gateway.service-definition';
import type { RealtimeMessage } from '../../src/realtime/realtime-message';
import { GATEWAY_TEST_SECRET, REDIS_URL, newOwner, waitFor } from './gateway-test-helpers';
import { ok, teamOfTwoStores } from './membership-change-helpers';

jest.setTimeout(120_000);

type Client = { socket: Socket; received: RealtimeMessage[]; connects: number };

/**
 * docs/adr/0012: a socket is in the rooms of the stores its member may read, and moves at once
 * when an administrator changes that access. Two gateways share rooms through Redis; the
 * employee's socket is on the other gateway than the administrator's requests, so the move
 * crosses processes.
 */
describe('realtime rooms per store follow each member’s access (two gateways, Redis, real identity and scheduling)', () => {
  let env: TestEnv;
  let gatewayOne: RunningService;
  let gatewayTwo: RunningService;
  const sockets: Socket[] = [];
  const savedEnv = { ...process.env };

  beforeAll(async () => {
    Object.assign(process.env, {
      AUTH_TOKEN_SECRET: GATEWAY_TEST_SECRET,
      MAIL_TRANSPORT: 'sandbox',
      TRUSTED_PROXIES: '127.0.0.1, ::1',
      FRONTENDS_DIR: '/nonexistent-frontends',
    });
    env = await createTestEnv();
    await env.start(identityService);
    await env.start(schedulingService);
    gatewayOne = await env.start(gatewayService, { httpPort: 0, redisUrl: REDIS_URL });
    gatewayTwo = await env.start(gatewayService, { httpPort: 0, redisUrl: REDIS_URL });
  });

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await env?.dispose();
    process.env = savedEnv;
  });

  const one = () => gatewayOne.httpUrl ?? '';
  const two = () => gatewayTwo.httpUrl ?? '';

  function connect(base: string, auth: { token: string; channel: string; device: string }): Promise<Client> {
    const socket = connectSocket(base, { path: '/websocket', auth, transports: ['websocket'], reconnection: false, forceNew: true });
    sockets.push(socket);
    const client: Client = { socket, received: [], connects: 0 };
    socket.on('message', (message: RealtimeMessage) => client.received.push(message));
    socket.on('connect', () => (client.connects += 1));
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(client));
      socket.once('connect_error', (error) => reject(error));
    });
  }

  /** A team of two stores (minimum ranks 2), its owner's socket on gateway one, an outsider organization's socket. */
  async function scene() {
    const team = await teamOfTwoStores(one());
    const { owner, orga, as, store, other, hired } = team;
    const member = `${orga}/users/${hired.user_id}`;
    const pets = {
      [store]: await petOf(env, { orgaId: owner.orgaId, storeId: store }),
      [other]: await petOf(env, { orgaId: owner.orgaId, storeId: other }),
    };
    const ownerClient = await connect(one(), { token: owner.token, channel: owner.orgaId, device: 'owner-device' });
    const outsider = await newOwner(one());
    const outsiderClient = await connect(two(), { token: outsider.token, channel: outsider.orgaId, device: 'outsider-device' });
    let day = 2;
    /** The owner books in `storeId` (gateway one); the appointment's id, once the owner's own socket has its event. */
    const book = async (storeId: string): Promise<string> => {
      day += 1;
      const date = new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10);
      const made = ok(
        'book',
        await owner.browser.request('POST', `${orga}/store/${storeId}/appointment`, {
          ...as,
          body: { appointment: { date, hour: 10, min: 0, duration: 30, pet_ids: [pets[storeId]], app_name: 'Fido' } },
        }),
        201,
      ).body as { items: { id: string }[] };
      const id = made.items[0]?.id ?? '';
      await waitFor(() => ownerClient.received.find((m) => m.data === id));
      return id;
    };
    const change = async (body: Record<string, unknown>): Promise<void> => {
      ok('member change', await owner.browser.request('PUT', member, { ...as, body }));
    };
    return { ...team, member, book, change, ownerClient, outsiderClient };
  }

  /** Lets a message that should not come have its chance to (fan-out through Redis). */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 400));

  it('R6.04 R6.01 a worker with an override on store A hears A’s appointments, not B’s; moved to B by an administrator, the very next event of B reaches the same socket and A’s does not', async () => {
    const { owner, store: storeA, other: storeB, signIn, book, change, ownerClient, outsiderClient } = await scene();
    // rank 3 is above the minimum of 2 everywhere; the override on A makes it 2 there and the worker reaches only A
    await change({ orga_rank: 3, store_override: { [storeA]: 2 } });
    const worker = await connect(two(), { token: await signIn(), channel: owner.orgaId, device: 'worker-device' });

    const inB = await book(storeB);
    const inA = await book(storeA);
    const heardA = await waitFor(() => worker.received.find((m) => m.data === inA));
    expect(heardA).toMatchObject({ scope: 'appointment', event: 'created', channel: owner.orgaId, store_id: storeA, data: inA });
    await settle();
    expect(worker.received.map((m) => m.data)).not.toContain(inB);

    await change({ store_override: { [storeB]: 2 } });
    // the answer came back: the socket on the other gateway has moved already
    const nextB = await book(storeB);
    const nextA = await book(storeA);
    await waitFor(() => worker.received.find((m) => m.data === nextB));
    await settle();
    expect(worker.received.map((m) => m.data)).not.toContain(nextA);
    expect(worker.socket.connected).toBe(true);
    expect(worker.connects).toBe(1);

    // another organization heard nothing of this one
    expect(outsiderClient.received.filter((m) => m.channel === owner.orgaId)).toEqual([]);
    expect(outsiderClient.received.map((m) => m.data)).not.toEqual(expect.arrayContaining([inA]));
    expect(ownerClient.received.map((m) => m.data)).toEqual(expect.arrayContaining([inA, inB, nextA, nextB]));
  });

  it('R6.03 R6.04 a member without store access hears no store’s events, only the organization’s; given a store, it hears it at once', async () => {
    const { owner, orga, as, store: storeA, other: storeB, signIn, book, change, outsiderClient } = await scene();
    // rank 4 (worker2) is above every minimum: the member reaches the stores but reads none
    await change({ orga_rank: 4 });
    const member = await connect(two(), { token: await signIn(), channel: owner.orgaId, device: 'member-device' });

    const appointments = [await book(storeA), await book(storeB)];
    // the organization's settings are every member's (GET /orga/:orga)
    ok('settings', await owner.browser.request('PUT', `${orga}/settings`, { ...as, body: { min_rank_write_pets: 1 } }));
    await waitFor(() => member.received.find((m) => m.scope === 'orga' && m.event === 'updated'));
    await settle();
    expect(member.received.filter((m) => m.scope === 'appointment' || appointments.includes(m.data ?? ''))).toEqual([]);

    // lowering the organization's minimum to read stores is a change of everyone's access
    ok('minimum', await owner.browser.request('PUT', `${orga}/settings`, { ...as, body: { min_rank_read_store: 4 } }));
    const readable = await book(storeB);
    await waitFor(() => member.received.find((m) => m.data === readable));
    expect(member.connects).toBe(1);
    expect(outsiderClient.received.filter((m) => m.channel === owner.orgaId)).toEqual([]);
  });

  it('R3.03 deactivating a member closes its socket on the other gateway, and it is not let back in', async () => {
    const { owner, member, as, signIn } = await scene();
    const token = await signIn();
    const employee = await connect(two(), { token, channel: owner.orgaId, device: 'employee-device' });
    const closed = new Promise<string>((resolve) => employee.socket.once('disconnect', (reason) => resolve(reason)));

    ok('deactivate', await owner.browser.request('POST', `${member}/deactivate`, as));
    expect(await closed).toBe('io server disconnect');
    await expect(connect(two(), { token, channel: owner.orgaId, device: 'employee-device' })).rejects.toThrow();
  });
});
