import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crmService } from '../../../crm/src/crm.service-definition';
import { identityService } from '../../../identity/src/identity.service-definition';
import { schedulingService } from '../../../scheduling/src/scheduling.service-definition';
import { webhooksService } from '../../../webhooks/src/webhooks.service-definition';
import { gatewayStackFor, newOwner, REDIS_URL, waitFor, type Owner } from './gateway-test-helpers';

/**
 * Outgoing webhooks through the gateway (issue 33; identity, crm, scheduling, webhooks over real NATS,
 * Postgres, Redis): an administrator registers an endpoint on a local receiver; an appointment created
 * through the gateway reaches it signed within a second; a 500 is retried; at most four deliveries of one
 * endpoint are in flight. The receiver is on this machine, so WEBHOOKS_ALLOW_LOOPBACK=on (production's
 * refusal is proven by services/webhooks/test/integration/webhooks.integration-spec.ts).
 */

jest.setTimeout(120_000);

type Received = { path: string; headers: IncomingMessage['headers']; body: string; at: number };
type Created = { endpoint: { id: string; secret_prefix: string; events: string[] }; secret: string };
type Delivery = { id: string; event_id: string; event_type: string; status: string; attempts: number; response_code: number | null };

/** What a receiver does (docs/webhooks.md): recompute HMAC-SHA256 of `t.body` and compare with any `v1`. */
function signatureValid(secret: string, header: string | undefined, body: string): boolean {
  const parts = (header ?? '').split(',').map((part) => part.split('=') as [string, string]);
  const t = parts.find(([key]) => key === 't')?.[1];
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return parts.some(([key, value]) => key === 'v1' && value === expected) && Math.abs(Date.now() / 1000 - Number(t)) < 300;
}

describe('outgoing webhooks through the gateway (issue 33)', () => {
  const stack = gatewayStackFor([identityService, crmService, schedulingService, webhooksService], {
    env: {
      TRUSTED_PROXIES: '127.0.0.1, ::1',
      PAWLINE_SERVICES: 'identity,crm,scheduling,webhooks',
      WEBHOOKS_ALLOW_LOOPBACK: 'on',
      WEBHOOKS_POLL_MS: '200',
    },
    redisUrl: REDIS_URL,
  });
  let receiver: Server;
  let receiverUrl = '';
  const received: Received[] = [];
  let flakyCalls = 0;
  let slowOpen = 0;
  let slowMost = 0;
  const slowWaiting: ServerResponse[] = [];
  let a: Owner;
  let b: Owner;
  let store = '';
  let pet = '';

  const hooks = (owner: Owner) => `/api/v1/orga/${owner.orgaId}/webhook`;
  const as = (owner: Owner, method: string, path: string, body?: unknown) =>
    owner.browser.request(method, path, { token: owner.token, ...(body !== undefined ? { body } : {}) });
  async function register(path: string, events: string[]): Promise<Created> {
    const created = await as(a, 'POST', hooks(a), { url: `${receiverUrl}${path}`, events, description: path });
    expect({ status: created.status, body: created.body }).toMatchObject({ status: 201 });
    return created.body as Created;
  }
  const deliveries = async (endpointId: string) =>
    ((await as(a, 'GET', `${hooks(a)}/${endpointId}/deliveries`)).body as { deliveries: Delivery[] }).deliveries;

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const path = req.url ?? '';
        received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
        if (path === '/flaky') {
          flakyCalls += 1;
          res.writeHead(flakyCalls === 1 ? 500 : 200).end();
        } else if (path === '/slow') {
          slowOpen += 1;
          slowMost = Math.max(slowMost, slowOpen);
          slowWaiting.push(res);
          res.on('close', () => (slowOpen -= 1));
        } else res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    const base = stack.base();
    [a, b] = await Promise.all([newOwner(base), newOwner(base)]);
    store = ((await as(a, 'GET', `/api/v1/orga/${a.orgaId}/store`)).body as { id: string }[])[0]?.id ?? '';
    const customer = await as(a, 'POST', `/api/v1/orga/${a.orgaId}/store/${store}/customer`, { first_name: 'Alma', last_name: 'Hook' });
    const customerId = (customer.body as { customer: { id: string } }).customer.id;
    const created = await as(a, 'POST', `/api/v1/orga/${a.orgaId}/store/${store}/pet`, {
      customer_id: customerId,
      name: 'Fido',
      pet_type: 1,
    });
    pet = (created.body as { pet: { id: string } }).pet.id;
  });

  afterAll(async () => {
    for (const res of slowWaiting) res.destroy();
    await new Promise((resolve) => receiver.close(resolve));
  });

  it('an appointment created through the gateway reaches the endpoint signed as appointment.created within a second', async () => {
    const { endpoint, secret } = await register('/ok', ['appointment.created', 'appointment.cancelled']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(secret.startsWith(endpoint.secret_prefix)).toBe(true);
    const listed = await as(a, 'GET', hooks(a));
    expect(JSON.stringify(listed.body)).not.toContain(secret);

    const before = Date.now();
    const booked = await as(a, 'POST', `/api/v1/orga/${a.orgaId}/store/${store}/appointment`, {
      appointment: { date: '2027-03-01', hour: 10, min: 0, duration: 45, pet_ids: [pet] },
    });
    expect(booked.status).toBe(201);
    const appointmentId = (booked.body as { items: { id: string }[] }).items[0]?.id ?? '';
    const hook = await waitFor(() => received.find((r) => r.path === '/ok' && r.body.includes(appointmentId)), 5_000);
    expect(hook.at - before).toBeLessThan(1_000);
    expect(signatureValid(secret, hook.headers['pawline-signature'] as string, hook.body)).toBe(true);
    expect(signatureValid('whsec_someone-else', hook.headers['pawline-signature'] as string, hook.body)).toBe(false);
    const event = JSON.parse(hook.body) as { id: string; type: string; organization_id: string; data: Record<string, unknown> };
    expect(event).toMatchObject({
      type: 'appointment.created',
      organization_id: a.orgaId,
      data: {
        store_id: store,
        appointment_id: appointmentId,
        pet_ids: [pet],
        appointments: [expect.objectContaining({ id: appointmentId, date: '2027-03-01', hour: 10 })],
      },
    });
    expect(hook.body).not.toContain('"version"');
    expect(hook.headers['pawline-event']).toBe('appointment.created');
    expect(hook.headers['pawline-event-id']).toBe(event.id);
    // the log shows it delivered with the answer's code
    const log = await waitFor(async () => (await deliveries(endpoint.id)).find((d) => d.event_id === event.id && d.status === 'delivered'));
    expect(log).toMatchObject({ event_type: 'appointment.created', attempts: 1, response_code: 200 });
  });

  it('a 500 answer is retried and then succeeds; a redelivery sends the same event again, signed with a rotated secret and for a day with the old one too', async () => {
    const { endpoint, secret: first } = await register('/flaky', ['appointment.created']);
    const ping = await as(a, 'POST', `${hooks(a)}/${endpoint.id}/ping`);
    expect(ping.status).toBe(201);
    const pinged = ping.body as Delivery;
    const failed = await waitFor(async () => (await deliveries(endpoint.id)).find((d) => d.id === pinged.id && d.attempts === 1));
    expect(failed).toMatchObject({ status: 'pending', response_code: 500 });
    // the first retry waits five seconds
    const delivered = await waitFor(
      async () => (await deliveries(endpoint.id)).find((d) => d.id === pinged.id && d.status === 'delivered'),
      15_000,
    );
    expect(delivered).toMatchObject({ attempts: 2, response_code: 200 });
    const tries = received.filter((r) => r.path === '/flaky');
    expect(tries).toHaveLength(2);
    expect(tries[1]?.body).toBe(tries[0]?.body);

    const rotated = await as(a, 'POST', `${hooks(a)}/${endpoint.id}/secret`);
    expect(rotated.status).toBe(200);
    const { secret } = rotated.body as Created;
    const until = Date.parse((rotated.body as { endpoint: { previous_secret_until: string } }).endpoint.previous_secret_until);
    expect(Math.abs(until - Date.now() - 24 * 3600_000)).toBeLessThan(60_000);
    const again = await as(a, 'POST', `${hooks(a)}/${endpoint.id}/delivery/${pinged.id}/redeliver`);
    expect(again).toMatchObject({ status: 200, body: { id: pinged.id, status: 'pending' } });
    const third = await waitFor(() => received.filter((r) => r.path === '/flaky')[2]);
    expect(third.body).toBe(tries[0]?.body);
    expect(signatureValid(secret, third.headers['pawline-signature'] as string, third.body)).toBe(true);
    // a receiver not yet switched to the new secret still verifies for a day
    expect(signatureValid(first, third.headers['pawline-signature'] as string, third.body)).toBe(true);
    expect(signatureValid('whsec_not-this-one', third.headers['pawline-signature'] as string, third.body)).toBe(false);
  });

  it('keeps at most four deliveries of one endpoint in flight, sent in parallel', async () => {
    const { endpoint } = await register('/slow', ['appointment.created']);
    const pings = await Promise.all(Array.from({ length: 10 }, () => as(a, 'POST', `${hooks(a)}/${endpoint.id}/ping`)));
    expect(pings.every((ping) => ping.status === 201)).toBe(true);
    await waitFor(() => (slowOpen === 4 ? true : undefined));
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(slowMost).toBe(4);
    // answering them lets the others through, never more than four at once
    for (let round = 0; round < 20 && received.filter((r) => r.path === '/slow').length < 10; round += 1) {
      for (const res of slowWaiting.splice(0)) res.writeHead(204).end();
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    for (const res of slowWaiting.splice(0)) res.writeHead(204).end();
    expect(received.filter((r) => r.path === '/slow')).toHaveLength(10);
    expect(slowMost).toBe(4);
  });

  it('refuses bad input with a 400 naming the field, another organization with 403, and unknown ids with 404', async () => {
    const refused = await as(a, 'POST', hooks(a), { url: 'http://hooks.example.com/in', events: ['appointment.created'] });
    expect(refused).toMatchObject({ status: 400, body: { code: 'validation_failed', fields: { url: expect.any(String) } } });
    const unknownEvent = await as(a, 'POST', hooks(a), { url: 'https://hooks.example.com/in', events: ['appointment.exploded'] });
    expect(unknownEvent.status).toBe(400);
    const { endpoint } = await register('/ok', ['customer.created']);
    expect((await as(b, 'GET', hooks(a))).status).toBe(403);
    expect((await as(b, 'GET', `${hooks(a)}/${endpoint.id}/deliveries`)).status).toBe(403);
    expect((await as(b, 'DELETE', `${hooks(b)}/${endpoint.id}`)).status).toBe(404);
    expect((await as(a, 'PATCH', `${hooks(a)}/${endpoint.id}`, { enabled: false })).body).toMatchObject({
      enabled: false,
      disabled_reason: 'manual',
    });
    expect((await as(a, 'DELETE', `${hooks(a)}/${endpoint.id}`)).status).toBe(200);
    expect((await as(a, 'GET', `${hooks(a)}/${endpoint.id}/deliveries`)).status).toBe(404);
  });
});
