import { io as connectSocket, type Socket } from 'socket.io-client';
import {
  listSandboxMessagesRpc,
  REMINDER_STATUS,
  type AppointmentList,
  type AudienceFilters,
  type Campaign,
  type CampaignCustomer,
  type RpcResponse,
  type getCampaignRpc,
  type listCampaignsRpc,
  type SandboxMessage,
} from '@pawline/contracts';
import { audienceOf, type AudienceCandidate } from '@pawline/domain';
import type { NatsRpcClient, RunningService } from '@pawline/nest-kit';
import { call, createTestEnv, type TestEnv } from '@pawline/nest-kit/testing';
import { crmService } from '../../../crm/src/crm.service-definition';
import { gatewayService } from '../../../gateway/src/gateway.service-definition';
import { newOwner, REDIS_URL, waitFor, type Owner } from '../../../gateway/test/integration/gateway-test-helpers';
import { identityService } from '../../../identity/src/identity.service-definition';
import { messagingWorkerService } from '../../../messaging/src/messaging-worker.service-definition';
import { messagingService } from '../../../messaging/src/messaging.service-definition';
import { schedulingService } from '../../../scheduling/src/scheduling.service-definition';
import { CampaignScheduler } from '../../src/campaign/campaign-scheduler';
import { marketingService } from '../../src/marketing.service-definition';

jest.setTimeout(180_000);

type RealtimeMessage = { scope: string; event: string; channel: string; store_id: string | null; data: unknown };
type Answer = { status: number; body: unknown };

const NO_FILTERS: AudienceFilters = {
  months_absent: null,
  recent_visits: null,
  min_visits: null,
  max_declines: null,
  excluded_tag_ids: [],
  cities: [],
};

/** A local date `months` months and `days` days before today (UTC), as scheduling takes it. */
function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Campaigns end to end with the real wiring: identity, crm, scheduling, messaging and its worker (sandbox
 * provider), two marketing instances and the gateway, on real Postgres, NATS and Redis. The salon acts through
 * the gateway's routes; the customers answer through /dev/whatsapp.
 */
describe('marketing campaigns (real services, sandbox provider)', () => {
  let env: TestEnv;
  let client: NatsRpcClient;
  let base = '';
  let marketingA: RunningService;
  let marketingB: RunningService;
  let owner: Owner;
  let other: Owner;
  let storeId = '';
  let otherStoreId = '';
  let bitesTag = '';
  let socket: Socket | undefined;
  const heard: RealtimeMessage[] = [];
  const savedEnv = { ...process.env };
  /** what the test created, as the domain rule sees it */
  const candidates: (AudienceCandidate & { id: string; name: string; phone: string })[] = [];

  const marketing = (salon: Owner, path: string) => `/api/v1/orga/${salon.orgaId}/marketing${path}`;
  const api = (salon: Owner | null, method: string, path: string, body?: unknown): Promise<Answer> =>
    (salon ?? owner).browser.request(method, path, { ...(salon ? { token: salon.token } : {}), ...(body === undefined ? {} : { body }) });
  const store = () => `/api/v1/orga/${owner.orgaId}/store/${storeId}`;
  const count = async (filters: Partial<AudienceFilters>) => {
    const answer = await api(owner, 'POST', marketing(owner, `/store/${storeId}/audience/count`), {
      filters: { ...NO_FILTERS, ...filters },
    });
    expect(answer.status).toBe(200);
    return (answer.body as { count: number }).count;
  };
  const campaignOf = async (id: string) => {
    const answer = await api(owner, 'GET', marketing(owner, `/${id}`));
    expect(answer.status).toBe(200);
    return (answer.body as RpcResponse<typeof getCampaignRpc>).v;
  };
  const customersOf = async (id: string) => {
    const answer = await api(owner, 'GET', marketing(owner, `/${id}/customers`));
    expect(answer.status).toBe(200);
    return (answer.body as { v: CampaignCustomer[] }).v;
  };
  const sandboxMessages = async (phone: string): Promise<SandboxMessage[]> => {
    const [sender] = await env.query<{ phone_number_id: string }>(
      `SELECT phone_number_id FROM "messaging".messaging_sender WHERE orga_id = $1`,
      [owner.orgaId],
    );
    if (!sender) return [];
    return call(client, listSandboxMessagesRpc, { phone_number_id: sender.phone_number_id, customer: phone }, null);
  };
  const tap = async (phone: string, message: SandboxMessage, answer: string) => {
    const button = message.buttons.find((candidate) => candidate.payload.startsWith(`${answer}:`));
    expect(button).toBeDefined();
    const [sender] = await env.query<{ phone_number_id: string }>(
      `SELECT phone_number_id FROM "messaging".messaging_sender WHERE orga_id = $1`,
      [owner.orgaId],
    );
    const tapped = await fetch(`${base}/dev/whatsapp/reply`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        kind: 'button',
        phone_number_id: sender?.phone_number_id,
        customer: phone,
        message_id: message.id,
        payload: button?.payload,
      }),
    });
    expect(tapped.status).toBe(201);
  };

  async function customer(
    name: string,
    city: string,
    consent: boolean,
    tags: string[],
    appointments: { date: string; status?: number }[],
  ): Promise<void> {
    const phone = `39333${String(1_000_000 + Math.floor(Math.random() * 8_000_000))}`;
    const created = await api(owner, 'POST', `${store()}/customer`, {
      first_name: name,
      last_name: 'Test',
      city,
      fon: `+${phone}`,
      consent_messages: true,
      consent_marketing: consent,
      tags: tags.map((tag_id) => ({ tag_id, tag_order: 0 })),
    });
    expect(created.status).toBe(201);
    const id = (created.body as { customer: { id: string } }).customer.id;
    const pet = await api(owner, 'POST', `${store()}/pet`, { customer_id: id, name: `${name}'s dog`, pet_type: 1 });
    expect(pet.status).toBe(201);
    const petId = (pet.body as { pet: { id: string } }).pet.id;
    const kept: AudienceCandidate['appointments'][number][] = [];
    for (const appointment of appointments) {
      const booked = await api(owner, 'POST', `${store()}/appointment`, {
        appointment: { date: appointment.date, hour: 10, min: 0, duration: 60, pet_ids: [petId], treatment_ids: [] },
      });
      expect(booked.status).toBe(201);
      const item = (booked.body as AppointmentList).items[0];
      if (appointment.status !== undefined) {
        const changed = await api(owner, 'PATCH', `${store()}/appointment/${item?.id}/status`, { status: appointment.status });
        expect(changed.status).toBe(200);
      }
      kept.push({ starts_at: new Date(item?.starts_at ?? ''), status: appointment.status ?? 0 });
    }
    candidates.push({ id, name, phone, consent_marketing: consent, city, tag_ids: tags, appointments: kept });
  }

  beforeAll(async () => {
    Object.assign(process.env, {
      AUTH_TOKEN_SECRET: 'marketing-integration-secret-0123456789abcdef',
      MAIL_TRANSPORT: 'sandbox',
      TRUSTED_PROXIES: '127.0.0.1, ::1',
      FRONTENDS_DIR: '/nonexistent-frontends',
      PAWLINE_SERVICES: 'identity,crm,scheduling,messaging,marketing',
      MESSAGING_PROVIDER: 'sandbox',
      SMS_PROVIDER: 'sandbox',
      SANDBOX_DELIVERED_AFTER_MS: '300',
      SANDBOX_READ_AFTER_MS: '600',
      // the test runs the schedulers' turns itself (the race); 'send now' nudges its instance at once
      MARKETING_SCHEDULER_MS: '3600000',
    });
    env = await createTestEnv();
    await env.start(identityService);
    await env.start(crmService);
    await env.start(schedulingService);
    await env.start(messagingService, { redisUrl: REDIS_URL });
    await env.start(messagingWorkerService, { redisUrl: REDIS_URL });
    // two instances of marketing, as two pods: their schedulers race for the same campaigns
    marketingA = await env.start(marketingService, { httpPort: 0 });
    marketingB = await env.start(marketingService, { httpPort: 0 });
    base = (await env.start(gatewayService, { httpPort: 0, redisUrl: REDIS_URL })).httpUrl ?? '';
    client = env.rpcClient();
    owner = await newOwner(base);
    other = await newOwner(base);
    const stores = await api(owner, 'GET', `/api/v1/orga/${owner.orgaId}/store`);
    storeId = (stores.body as { id: string }[])[0]?.id ?? '';
    const otherStores = await api(other, 'GET', `/api/v1/orga/${other.orgaId}/store`);
    otherStoreId = (otherStores.body as { id: string }[])[0]?.id ?? '';
    const tag = await api(owner, 'POST', `/api/v1/orga/${owner.orgaId}/tag`, { kind: 'customer', name: 'Morde', icon: 3 });
    expect(tag.status).toBe(201);
    bitesTag = (tag.body as { id: string }).id;

    socket = connectSocket(base, {
      path: '/websocket',
      auth: { token: owner.token, channel: owner.orgaId, device: 'front-desk' },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    socket.on('message', (message: RealtimeMessage) => heard.push(message));
    await new Promise<void>((resolve, reject) => {
      socket?.once('connect', () => resolve());
      socket?.once('connect_error', (error) => reject(error));
    });

    // Marta: seen 14 months ago; Luca: seen last month, bites; Sara: declined twice, never seen; Gino: no marketing consent
    await customer('Marta', 'Milano', true, [], [{ date: daysAgo(425) }]);
    await customer('Luca', 'Roma', true, [bitesTag], [{ date: daysAgo(30) }]);
    await customer(
      'Sara',
      ' milano ',
      true,
      [],
      [
        { date: daysAgo(60), status: 2 },
        { date: daysAgo(20), status: 2 },
      ],
    );
    await customer('Gino', 'Milano', false, [], [{ date: daysAgo(10) }]);
    // marketing's read model learns them from crm's and scheduling's events
    await waitFor(
      async () => ((await count({ min_visits: 1 })) === 2 && (await count({ max_declines: 1 })) === 2 ? true : undefined),
      30_000,
    );
  });

  afterAll(async () => {
    socket?.disconnect();
    await env?.dispose();
    process.env = savedEnv;
  });

  it('R1.07 counts the audience live: marketing consent only, then each filter as the domain rule says', async () => {
    const cases: [Partial<AudienceFilters>, number][] = [
      [{}, 3],
      [{ months_absent: 3 }, 2],
      [{ recent_visits: 1 }, 1],
      [{ min_visits: 1 }, 2],
      [{ max_declines: 1 }, 2],
      [{ max_declines: 0 }, 2],
      [{ excluded_tag_ids: [bitesTag] }, 2],
      [{ cities: ['MILANO'] }, 2],
      [{ cities: ['Milano'], months_absent: 3, max_declines: 0 }, 1],
    ];
    for (const [filters, expected] of cases) {
      const rule = { ...NO_FILTERS, ...filters };
      expect({ filters, count: await count(filters) }).toEqual({ filters, count: expected });
      expect(audienceOf(candidates, rule, new Date())).toHaveLength(expected);
    }
  });

  it('R3.11 R7.08 R4.13 creates a draft, lists it per store and per organization, edits it, refuses edits once queued', async () => {
    const created = await api(owner, 'POST', marketing(owner, `/store/${storeId}`), {
      name: 'Autunno',
      summary: 'Bagno e taglio, sconto 10%',
      filters: { ...NO_FILTERS, cities: ['Milano'] },
    });
    expect(created.status).toBe(201);
    const draft = created.body as Campaign;
    expect(draft).toMatchObject({ name: 'Autunno', state: 'draft', draft: true, send_at: null, store_id: storeId });

    const perStore = await api(owner, 'GET', marketing(owner, `/store/${storeId}/0/none`));
    expect(perStore.status).toBe(200);
    const listed = (perStore.body as RpcResponse<typeof listCampaignsRpc>).v;
    expect(listed.settings.map((c) => c.id)).toContain(draft.id);
    expect(listed.cities).toContainEqual({ campaign_id: draft.id, city: 'Milano' });
    const perOrga = await api(owner, 'GET', marketing(owner, `/0/none`));
    expect((perOrga.body as RpcResponse<typeof listCampaignsRpc>).v.settings.map((c) => c.id)).toContain(draft.id);

    const edited = await api(owner, 'PUT', marketing(owner, `/store/${storeId}/${draft.id}`), {
      name: 'Autunno 2026',
      summary: 'Bagno e taglio',
      filters: { ...NO_FILTERS, cities: ['Milano'], excluded_tag_ids: [bitesTag] },
    });
    expect(edited).toMatchObject({ status: 200, body: { name: 'Autunno 2026', filters: { excluded_tag_ids: [bitesTag] } } });
    const detail = await campaignOf(draft.id);
    expect(detail).toMatchObject({ setting: { name: 'Autunno 2026' }, tags: [bitesTag], cities: ['Milano'] });

    const queued = await api(owner, 'POST', marketing(owner, `/store/${storeId}/${draft.id}/queue`));
    expect(queued.status).toBe(200);
    expect((queued.body as Campaign).draft).toBe(false);
    expect(await api(owner, 'PUT', marketing(owner, `/store/${storeId}/${draft.id}`), { name: 'Later' })).toMatchObject({ status: 409 });
    expect(await api(owner, 'POST', marketing(owner, `/store/${storeId}/${draft.id}/queue`))).toMatchObject({ status: 409 });
  });

  it('R4.13 R3.11 sends now through messaging: one message each, statuses flow back, read confirms, don’t read withdraws marketing consent', async () => {
    const created = await api(owner, 'POST', marketing(owner, `/store/${storeId}`), {
      name: 'Subito',
      filters: { ...NO_FILTERS, cities: ['Milano'] },
    });
    const campaign = created.body as Campaign;
    const queued = await api(owner, 'POST', marketing(owner, `/store/${storeId}/${campaign.id}/queue`));
    expect(queued).toMatchObject({ status: 200, body: { state: 'queued' } });
    const sent = await waitFor(async () => {
      const detail = await campaignOf(campaign.id);
      return detail.setting.state === 'sent' ? detail : undefined;
    }, 20_000);
    expect(sent.setting.sent_at).not.toBeNull();
    const marta = candidates.find((c) => c.name === 'Marta');
    const sara = candidates.find((c) => c.name === 'Sara');
    expect((await customersOf(campaign.id)).map((c) => c.customer_id).sort()).toEqual([marta?.id, sara?.id].sort());

    // the worker sends, the sandbox delivers and reads: each customer's status follows
    const read = await waitFor(async () => {
      const rows = await customersOf(campaign.id);
      return rows.every((row) => row.actual_message_status === REMINDER_STATUS.read) ? rows : undefined;
    }, 30_000);
    expect(read.every((row) => !row.opener_messages_confirmed)).toBe(true);
    // this campaign's message to each (the customers may have others: the draft queued before went too)
    const messageOf = async (customerId: string, phone: string) => {
      const [outbound] = await env.query<{ id: string }>(`SELECT id FROM "messaging".outbound_message WHERE dedupe_key = $1`, [
        `campaign:${campaign.id}:${customerId}`,
      ]);
      const messages = (await sandboxMessages(phone)).filter((m) => m.direction === 'out');
      return messages.find((m) => m.buttons.some((button) => button.payload.endsWith(`:${outbound?.id}`)));
    };
    const toMarta = await messageOf(marta?.id ?? '', marta?.phone ?? '');
    const toSara = await messageOf(sara?.id ?? '', sara?.phone ?? '');
    expect(toMarta?.buttons.map((b) => b.payload.split(':')[0])).toEqual(['read', 'unread', 'unsubscribe']);

    await tap(marta?.phone ?? '', toMarta!, 'read');
    await tap(sara?.phone ?? '', toSara!, 'unread');
    const answered = await waitFor(async () => {
      const rows = await customersOf(campaign.id);
      return rows.every((row) => row.actual_message_status === REMINDER_STATUS.opened) ? rows : undefined;
    }, 20_000);
    expect(answered.find((row) => row.customer_id === marta?.id)?.opener_messages_confirmed).toBe(true);
    expect(answered.find((row) => row.customer_id === sara?.id)?.opener_messages_confirmed).toBe(false);
    expect((await campaignOf(campaign.id)).result).toMatchObject({ customers: 2, sent: 2, delivered: 2, read: 2, confirmed: 1 });

    // Sara's 'don't read' withdrew her marketing consent in crm, and the audience follows crm's event
    expect(await waitFor(async () => ((await count({})) === 2 ? true : undefined), 20_000)).toBe(true);
    // the marketing consent only: her consent to messages stays
    const [row] = await env.query<{ consent_marketing: boolean; consent_messages: boolean }>(
      `SELECT consent_marketing, consent_messages FROM "crm".customer WHERE id = $1`,
      [sara?.id],
    );
    expect(row).toEqual({ consent_marketing: false, consent_messages: true });
    const messages = await env.query<{ n: string }>(`SELECT count(*) AS n FROM "messaging".outbound_message WHERE dedupe_key LIKE $1`, [
      `campaign:${campaign.id}:%`,
    ]);
    expect(Number(messages[0]?.n)).toBe(2);
  });

  it('R4.13 two schedulers racing for the same due campaigns send each once, and each customer gets one message', async () => {
    const ids: string[] = [];
    const sendAt = new Date(Date.now() + 1_500).toISOString();
    for (const name of ['Uno', 'Due', 'Tre', 'Quattro']) {
      const created = await api(owner, 'POST', marketing(owner, `/store/${storeId}`), { name, send_at: sendAt, filters: NO_FILTERS });
      const id = (created.body as Campaign).id;
      expect((await api(owner, 'POST', marketing(owner, `/store/${storeId}/${id}/queue`))).status).toBe(200);
      ids.push(id);
    }
    // queued for later: nothing goes before its date
    expect(await marketingA.app.get(CampaignScheduler).runOnce(new Date())).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    const now = new Date();
    const turns = await Promise.all([
      marketingA.app.get(CampaignScheduler).runOnce(now),
      marketingB.app.get(CampaignScheduler).runOnce(now),
      marketingA.app.get(CampaignScheduler).runOnce(now),
      marketingB.app.get(CampaignScheduler).runOnce(now),
    ]);
    expect(turns.reduce((sum, n) => sum + n, 0)).toBe(ids.length);
    for (const id of ids) {
      expect((await campaignOf(id)).setting.state).toBe('sent');
      const requested = await env.query<{ n: string }>(
        `SELECT count(*) AS n FROM "marketing".outbox_event WHERE subject = 'evt.marketing.campaign-send.requested.v1' AND envelope->'data'->>'campaign_id' = $1`,
        [id],
      );
      expect(Number(requested[0]?.n)).toBe(1);
    }
    // the audience now (Marta and Luca): one message per campaign and customer in messaging's queue
    await waitFor(async () => {
      const rows = await env.query<{ n: string }>(
        `SELECT count(*) AS n FROM "messaging".outbound_message WHERE kind = 'campaign' AND split_part(dedupe_key, ':', 2) = ANY($1::text[])`,
        [ids],
      );
      return Number(rows[0]?.n) === ids.length * 2 ? true : undefined;
    }, 20_000);
    const perCustomer = await env.query<{ customer_id: string; n: string }>(
      `SELECT customer_id, count(*) AS n FROM "messaging".outbound_message WHERE kind = 'campaign' AND split_part(dedupe_key, ':', 2) = ANY($1::text[])
        GROUP BY customer_id ORDER BY customer_id`,
      [ids],
    );
    expect(perCustomer.map((row) => Number(row.n))).toEqual([ids.length, ids.length]);
  });

  it('R4.20 deletes a campaign: the store hears it live (delete removes), the campaign is gone', async () => {
    const created = await api(owner, 'POST', marketing(owner, `/store/${storeId}`), { name: 'Da cancellare' });
    const id = (created.body as Campaign).id;
    await waitFor(() => heard.find((m) => m.scope === 'campaign' && m.event === 'created' && m.data === id), 15_000);
    expect(await api(owner, 'DELETE', marketing(owner, `/store/${storeId}/${id}`))).toMatchObject({
      status: 200,
      body: { campaign_id: id },
    });
    const live = await waitFor(() => heard.find((m) => m.scope === 'campaign' && m.event === 'deleted' && m.data === id), 15_000);
    expect(live).toMatchObject({ channel: owner.orgaId, store_id: storeId });
    expect((await api(owner, 'GET', marketing(owner, `/${id}`))).status).toBe(404);
  });

  it('R2.02 R6.06 R7.08 another organization, an employee, anonymous callers and bad input get no campaign; an employee’s socket hears none', async () => {
    // spec §2 and §6: campaigns are the administrators'; an employee (rank 3) of the same organization gets none
    const hired = await api(owner, 'POST', `/api/v1/orga/${owner.orgaId}/users`, {
      first_name: 'Gino',
      last_name: 'Worker',
      email: `gino.${Date.now().toString(36)}@example.com`,
      orga_rank: 3,
      employee_status: 1,
    });
    expect(hired.status).toBe(201);
    const { username, first_password } = hired.body as { username: string; first_password: string };
    const login = await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: first_password }),
    });
    const worker = { ...owner, token: ((await login.json()) as { access_token: string }).access_token };
    const workerHeard: RealtimeMessage[] = [];
    const workerSocket = connectSocket(base, {
      path: '/websocket',
      auth: { token: worker.token, channel: owner.orgaId, device: 'back-room' },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    workerSocket.on('message', (message: RealtimeMessage) => workerHeard.push(message));
    try {
      await new Promise<void>((resolve, reject) => {
        workerSocket.once('connect', () => resolve());
        workerSocket.once('connect_error', (error) => reject(error));
      });
      const created = await api(owner, 'POST', marketing(owner, `/store/${storeId}`), { name: 'Privata' });
      const id = (created.body as Campaign).id;
      // the store administrator's socket hears the campaign; the worker's hears the store's next event (one
      // ordered fan-out: the campaign's came first) and never a campaign
      await waitFor(() => heard.find((m) => m.scope === 'campaign' && m.event === 'created' && m.data === id), 15_000);
      const walkIn = await api(owner, 'POST', `${store()}/customer`, {
        first_name: 'Passante',
        last_name: 'Test',
        consent_marketing: true,
      });
      expect(walkIn.status).toBe(201);
      const walkInId = (walkIn.body as { customer: { id: string } }).customer.id;
      await waitFor(() => workerHeard.find((m) => m.scope === 'customer' && m.data === walkInId), 15_000);
      expect(workerHeard.filter((m) => m.scope.startsWith('campaign'))).toEqual([]);
      await runAccessChecks(worker, id);
    } finally {
      workerSocket.disconnect();
    }
  });

  async function runAccessChecks(worker: Owner, id: string): Promise<void> {
    expect((await api(worker, 'GET', marketing(owner, `/store/${storeId}/0/none`))).status).toBe(403);
    expect((await api(worker, 'GET', marketing(owner, `/0/none`))).status).toBe(403);
    expect((await api(worker, 'GET', marketing(owner, `/${id}`))).status).toBe(403);
    expect((await api(worker, 'GET', marketing(owner, `/${id}/customers`))).status).toBe(403);
    expect((await api(worker, 'POST', marketing(owner, `/store/${storeId}`), { name: 'Mine' })).status).toBe(403);
    expect((await api(worker, 'POST', marketing(owner, `/store/${storeId}/audience/count`), { filters: {} })).status).toBe(403);
    expect((await api(other, 'GET', marketing(owner, `/${id}`))).status).toBe(403);
    expect((await api(other, 'GET', marketing(owner, `/${id}/customers`))).status).toBe(403);
    expect((await api(other, 'GET', marketing(owner, `/store/${storeId}/0/none`))).status).toBe(403);
    // in its own organization, another organization's campaign id is not found
    expect((await api(other, 'GET', marketing(other, `/${id}`))).status).toBe(404);
    expect((await api(other, 'DELETE', marketing(other, `/store/${otherStoreId}/${id}`))).status).toBe(404);
    expect((await api(null, 'GET', marketing(owner, `/0/none`))).status).toBe(401);
    expect(await api(owner, 'POST', marketing(owner, `/store/${storeId}`), { name: 'x', colour: 'red' })).toMatchObject({
      status: 400,
      body: { code: 'validation_failed' },
    });
    expect(
      (await api(owner, 'POST', marketing(owner, `/store/${storeId}/audience/count`), { filters: { months_absent: -1 } })).status,
    ).toBe(400);
    expect((await api(owner, 'GET', marketing(owner, `/yesterday/none`))).status).toBe(400);
  }

  it("R1.17 purges a cancelled organization's campaigns and audience and keeps the others'", async () => {
    await api(other, 'POST', marketing(other, `/store/${otherStoreId}`), { name: 'Estate' });
    const rows = async (orgaId: string) =>
      Number((await env.query<{ n: string }>(`SELECT count(*) AS n FROM "marketing".campaign WHERE orga_id = $1`, [orgaId]))[0]?.n);
    expect(await rows(other.orgaId)).toBe(1);
    const cancelled = await api(other, 'POST', `/api/v1/orga/${other.orgaId}/cancel`, { confirm_name: other.orgaName });
    expect([200, 204]).toContain(cancelled.status);
    await waitFor(async () => ((await rows(other.orgaId)) === 0 ? true : undefined), 15_000);
    expect(await rows(owner.orgaId)).toBeGreaterThan(0);
  });
});
