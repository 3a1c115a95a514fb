import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import {
  cancelOrgaRpc,
  createWebhookEndpointRpc,
  listWebhookDeliveriesRpc,
  listWebhookEndpointsRpc,
  pingWebhookEndpointRpc,
  type EventEnvelope,
} from '@pawline/contracts';
import type { NatsRpcClient, RunningService } from '@pawline/nest-kit';
import { call, createTestEnv, failureOf, until, type TestEnv } from '@pawline/nest-kit/testing';
import { identityService } from '../../../identity/src/identity.service-definition';
import { messagingService } from '../../../messaging/src/messaging.service-definition';
import { webhooksService } from '../../src/webhooks.service-definition';
import { TEST_SECRET, signUp, type Salon } from './webhooks-test-helpers';

jest.setTimeout(180_000);

/**
 * The webhooks service with the production setting (WEBHOOKS_ALLOW_LOOPBACK off) over real Postgres and
 * NATS: a private address is refused when registered and never contacted when a name points inside later;
 * an endpoint failing for three days is switched off and its administrators notified (messaging); the purge.
 * The delivery path to a receiver is proven through the gateway (services/gateway/test/integration/webhooks.integration-spec.ts).
 */
describe('webhooks service in production mode (real Postgres and NATS)', () => {
  let env: TestEnv;
  let service: RunningService;
  let client: NatsRpcClient;
  let anna: Salon;
  let jurgen: Salon;
  let trap: Server;
  let trapPort = 0;
  let trapConnections = 0;
  const published: EventEnvelope[] = [];

  const count = async (table: string, orgaId: string) =>
    Number((await env.query<{ n: string }>(`SELECT count(*) AS n FROM "webhooks".${table} WHERE orga_id = $1`, [orgaId]))[0]?.n);

  /** An endpoint row as it is after its name started to point inside (registration could not see it). */
  async function endpointPointingInside(salon: Salon, url: string): Promise<string> {
    const { endpoint } = await call(
      client,
      createWebhookEndpointRpc,
      { orga_id: salon.orgaId, url: 'https://hooks.example.com/in', events: ['appointment.created'] },
      salon.auth,
    );
    await env.query(`UPDATE "webhooks".webhook_endpoint SET url = $2 WHERE id = $1`, [endpoint.id, url]);
    return endpoint.id;
  }

  const lastDelivery = async (salon: Salon, endpointId: string) =>
    (await call(client, listWebhookDeliveriesRpc, { orga_id: salon.orgaId, endpoint_id: endpointId }, salon.auth)).deliveries[0];

  beforeAll(async () => {
    process.env['AUTH_TOKEN_SECRET'] = TEST_SECRET;
    process.env['WEBHOOKS_ALLOW_LOOPBACK'] = 'off';
    process.env['WEBHOOKS_POLL_MS'] = '200';
    // a listener on this machine that counts every connection: none may arrive
    trap = createServer((socket) => {
      trapConnections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => trap.listen(0, '127.0.0.1', resolve));
    trapPort = (trap.address() as AddressInfo).port;
    env = await createTestEnv();
    await env.start(identityService);
    await env.start(messagingService);
    service = await env.start(webhooksService, { httpPort: 0 });
    client = env.rpcClient();
    const events = env.nats().subscribe(`${env.subjectPrefix}evt.webhooks.>`);
    void (async () => {
      for await (const message of events) published.push(JSON.parse(message.string()) as EventEnvelope);
    })();
    anna = await signUp(client, 'Anna');
    jurgen = await signUp(client, 'Jurgen');
  });

  afterAll(async () => {
    await env.dispose();
    delete process.env['WEBHOOKS_ALLOW_LOOPBACK'];
    delete process.env['WEBHOOKS_POLL_MS'];
    await new Promise((resolve) => trap.close(resolve));
  });

  it('answers GET /health with postgres and nats up', async () => {
    const response = await fetch(`${service.httpUrl}/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'up', service: 'webhooks', checks: { postgres: 'up', nats: 'up' } });
  });

  it('refuses to register http, loopback, private, link-local and mapped addresses, and stores nothing', async () => {
    for (const url of [
      `http://127.0.0.1:${trapPort}/hook`,
      `https://127.0.0.1:${trapPort}/hook`,
      `https://localhost:${trapPort}/hook`,
      'https://10.0.0.8/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://100.64.1.1/hook',
      'https://[::1]/hook',
      'https://[fd00::1]/hook',
      'https://[::ffff:127.0.0.1]/hook',
    ]) {
      const failure = await failureOf(
        client,
        createWebhookEndpointRpc,
        { orga_id: anna.orgaId, url, events: ['appointment.created'] },
        anna.auth,
      );
      expect({ url, code: failure.code, fields: Object.keys(failure.fields ?? {}) }).toEqual({
        url,
        code: 'validation_failed',
        fields: ['url'],
      });
    }
    expect(await count('webhook_endpoint', anna.orgaId)).toBe(0);
  });

  it('never connects to a private address a registered name points to later: the check is at connect time', async () => {
    const byName = await endpointPointingInside(anna, `https://localhost:${trapPort}/hook`);
    const byAddress = await endpointPointingInside(anna, `https://[::ffff:127.0.0.1]:${trapPort}/hook`);
    for (const endpointId of [byName, byAddress]) {
      await call(client, pingWebhookEndpointRpc, { orga_id: anna.orgaId, endpoint_id: endpointId }, anna.auth);
      const tried = await until(async () => {
        const delivery = await lastDelivery(anna, endpointId);
        return delivery && delivery.attempts >= 1 ? delivery : undefined;
      });
      expect(tried).toMatchObject({ status: 'pending', response_code: null, error: expect.stringMatching(/private or reserved address/) });
    }
    expect(trapConnections).toBe(0);
  });

  it('switches an endpoint off after three days of failures and notifies its administrators', async () => {
    const endpointId = await endpointPointingInside(anna, `https://localhost:${trapPort}/down`);
    await env.query(`UPDATE "webhooks".webhook_endpoint SET failing_since = now() - interval '3 days 1 minute' WHERE id = $1`, [
      endpointId,
    ]);
    await call(client, pingWebhookEndpointRpc, { orga_id: anna.orgaId, endpoint_id: endpointId }, anna.auth);
    const off = await until(async () => {
      const { endpoints } = await call(client, listWebhookEndpointsRpc, { orga_id: anna.orgaId }, anna.auth);
      return endpoints.find((endpoint) => endpoint.id === endpointId && !endpoint.enabled);
    });
    expect(off).toMatchObject({ enabled: false, disabled_reason: 'failing', failing_since: expect.any(String) });
    const event = await until(() =>
      published.find(
        (e) => e.subject.endsWith('evt.webhooks.endpoint.disabled.v1') && (e.data as { endpoint_id: string }).endpoint_id === endpointId,
      ),
    );
    expect(event.data).toMatchObject({ orga_id: anna.orgaId, url: `https://localhost:${trapPort}/down` });
    // messaging lists it to the organization's administrators (no store: every store's list)
    const notified = await until(
      async () =>
        (
          await env.query<{ notification_type: string; store_id: string | null; title: string; params: unknown }>(
            `SELECT notification_type, store_id, title, params FROM "messaging".notification WHERE belongs_to = $1`,
            [endpointId],
          )
        )[0],
    );
    expect(notified).toMatchObject({ notification_type: 'WEBHOOK_DISABLED', store_id: null, title: 'notificationWebhookDisabled' });
    expect(trapConnections).toBe(0);
  });

  it('R6.05 refuses another organization and anonymous callers', async () => {
    expect((await failureOf(client, listWebhookEndpointsRpc, { orga_id: anna.orgaId }, jurgen.auth)).code).toBe('forbidden');
    expect((await failureOf(client, listWebhookEndpointsRpc, { orga_id: anna.orgaId }, null)).code).toBe('unauthorized');
  });

  it("R1.17 purges a cancelled organization's endpoints and deliveries and keeps the others'", async () => {
    const theirs = await endpointPointingInside(jurgen, 'https://hooks.example.com/jurgen');
    await call(client, pingWebhookEndpointRpc, { orga_id: jurgen.orgaId, endpoint_id: theirs }, jurgen.auth);
    expect(await count('webhook_delivery', jurgen.orgaId)).toBe(1);
    await call(client, cancelOrgaRpc, { orga_id: jurgen.orgaId, confirm_name: jurgen.orgaName }, jurgen.auth);
    await until(async () => ((await count('webhook_endpoint', jurgen.orgaId)) === 0 ? true : undefined));
    expect(await count('webhook_delivery', jurgen.orgaId)).toBe(0);
    expect(await count('webhook_endpoint', anna.orgaId)).toBe(3);
  });
});
