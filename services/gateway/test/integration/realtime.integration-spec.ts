import { randomUUID } from 'node:crypto';
import { jetstream } from '@nats-io/jetstream';
import { io as connectSocket, type Socket } from 'socket.io-client';
import type { EventEnvelope } from '@pawline/contracts';
import type { RunningService } from '@pawline/nest-kit';
import { createTestEnv, type TestEnv } from '@pawline/nest-kit/testing';
import { identityService } from '../../../identity/src/identity.service-definition';
import { gatewayService } from '../../src/gateway.service-definition';
import type { RealtimeMessage } from '../../src/realtime/realtime-message';
import { Browser, GATEWAY_TEST_SECRET, REDIS_URL, registration, waitFor } from './gateway-test-helpers';

jest.setTimeout(60_000);

type Mail = { text: string };

describe('realtime over socket.io with two gateways sharing rooms through Redis', () => {
  let env: TestEnv;
  let gatewayOne: RunningService;
  let gatewayTwo: RunningService;
  const sockets: Socket[] = [];
  const savedEnv = { ...process.env };

  beforeAll(async () => {
    process.env['AUTH_TOKEN_SECRET'] = GATEWAY_TEST_SECRET;
    process.env['MAIL_TRANSPORT'] = 'sandbox';
    // the tests' browsers reach the gateway on loopback and name their own addresses, as a proxy would
    process.env['TRUSTED_PROXIES'] = '127.0.0.1, ::1';
    process.env['FRONTENDS_DIR'] = '/nonexistent-frontends';
    env = await createTestEnv();
    await env.start(identityService);
    gatewayOne = await env.start(gatewayService, { httpPort: 0, redisUrl: REDIS_URL });
    gatewayTwo = await env.start(gatewayService, { httpPort: 0, redisUrl: REDIS_URL });
  });

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await env?.dispose();
    process.env = savedEnv;
  });

  async function newOwner(base: string): Promise<{ browser: Browser; token: string; orgaId: string; userId: string }> {
    const browser = new Browser(base);
    const input = registration();
    const email = String(input['email']);
    const registered = await browser.request('POST', '/api/v1/auth/register', { body: input });
    expect(registered.status).toBe(201);
    const { orga_id: orgaId, user_id: userId } = registered.body as { orga_id: string; user_id: string };
    const mails = await waitFor(async () => {
      const list = (await browser.request('GET', `/api/v1/dev/mailbox?to=${encodeURIComponent(email)}`)).body as Mail[];
      return list.length > 0 ? list : undefined;
    });
    const token = decodeURIComponent(/token=([^\s"'&<]+)/.exec(mails[0]?.text ?? '')?.[1] ?? '');
    expect((await browser.request('POST', '/api/v1/auth/verify-email', { body: { token } })).status).toBe(200);
    const login = await browser.request('POST', '/api/v1/auth/login', { body: { username: email, password: input['password'] } });
    return { browser, token: (login.body as { access_token: string }).access_token, orgaId, userId };
  }

  function connect(
    base: string,
    auth: { token: string; channel: string; device: string },
  ): Promise<{ socket: Socket; received: RealtimeMessage[] }> {
    const socket = connectSocket(base, { path: '/websocket', auth, transports: ['websocket'], reconnection: false, forceNew: true });
    sockets.push(socket);
    const received: RealtimeMessage[] = [];
    socket.on('message', (message: RealtimeMessage) => received.push(message));
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve({ socket, received }));
      socket.once('connect_error', (error) => reject(error));
    });
  }

  async function publish(
    subject: string,
    orgaId: string,
    data: Record<string, unknown>,
    actor: { userId: string; deviceId: string },
  ): Promise<void> {
    const envelope: EventEnvelope = {
      id: randomUUID(),
      subject,
      occurredAt: new Date().toISOString(),
      orgaId,
      storeId: null,
      actor,
      data,
    };
    await jetstream(env.nats()).publish(`${env.subjectPrefix}${subject}`, JSON.stringify(envelope), { msgID: envelope.id });
  }

  it('R3.17 R4.16 a client of organization A receives A’s events (from either gateway) and not B’s, with the causing device', async () => {
    const baseOne = gatewayOne.httpUrl ?? '';
    const baseTwo = gatewayTwo.httpUrl ?? '';
    const a = await newOwner(baseOne);
    const b = await newOwner(baseOne);
    const clientA = await connect(baseTwo, { token: a.token, channel: a.orgaId, device: 'device-a-1' });
    const clientB = await connect(baseOne, { token: b.token, channel: b.orgaId, device: 'device-b-1' });

    // a tag is every member's (GET /orga/:orga/tags): the organization's member room
    const tagId = randomUUID();
    await publish(
      'evt.crm.tag.created.v1',
      a.orgaId,
      { orga_id: a.orgaId, store_id: null, tag_id: tagId, kind: 'pet' },
      { userId: a.userId, deviceId: 'device-a-2' },
    );
    const message = await waitFor(() => clientA.received.find((m) => m.data === tagId));
    expect(message).toEqual({
      scope: 'tag',
      channel: a.orgaId,
      store_id: null,
      data: tagId,
      event: 'created',
      user: a.userId,
      device: 'device-a-2',
    });

    const tagOfB = randomUUID();
    await publish(
      'evt.crm.tag.created.v1',
      b.orgaId,
      { orga_id: b.orgaId, store_id: null, tag_id: tagOfB, kind: 'pet' },
      { userId: b.userId, deviceId: 'device-b-1' },
    );
    await waitFor(() => clientB.received.find((m) => m.data === tagOfB));
    // B's event reached B (on the other gateway) and never A
    expect(clientA.received.filter((m) => m.channel !== a.orgaId)).toEqual([]);
    expect(clientB.received.filter((m) => m.channel !== b.orgaId)).toEqual([]);
    // the two gateways share one durable, so each handles about half of the events: every one
    // still reaches the client, which only the Redis adapter's shared rooms make possible
    const burst = Array.from({ length: 8 }, () => randomUUID());
    for (const id of burst) {
      await publish(
        'evt.crm.tag.updated.v1',
        a.orgaId,
        { orga_id: a.orgaId, store_id: null, tag_id: id, kind: 'pet' },
        { userId: a.userId, deviceId: 'device-a-2' },
      );
    }
    await waitFor(() => (burst.every((id) => clientA.received.some((m) => m.data === id)) ? true : undefined));
    // each event reaches each client once, though two gateways run
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(clientA.received.filter((m) => m.data === tagId)).toHaveLength(1);
  });

  it('R4.16 refuses a socket without a valid token or for an organization the user is not a member of', async () => {
    const base = gatewayOne.httpUrl ?? '';
    const a = await newOwner(base);
    const b = await newOwner(base);
    await expect(connect(base, { token: 'nope', channel: a.orgaId, device: 'd' })).rejects.toThrow('unauthorized');
    await expect(connect(base, { token: a.token, channel: b.orgaId, device: 'd' })).rejects.toThrow('forbidden');
  });

  it('disconnects the sockets of a user whose sessions are revoked (logout-all), on every gateway', async () => {
    const a = await newOwner(gatewayOne.httpUrl ?? '');
    const one = await connect(gatewayOne.httpUrl ?? '', { token: a.token, channel: a.orgaId, device: 'dev-1' });
    const two = await connect(gatewayTwo.httpUrl ?? '', { token: a.token, channel: a.orgaId, device: 'dev-2' });
    expect((await a.browser.request('POST', '/api/v1/auth/logout-all', { token: a.token })).status).toBe(204);
    await waitFor(() => (!one.socket.connected && !two.socket.connected ? true : undefined));
    // and the revoked token is refused on the other gateway too (Redis)
    const other = new Browser(gatewayTwo.httpUrl ?? '');
    expect((await other.request('GET', '/api/v1/user', { token: a.token })).status).toBe(401);
  });
});
