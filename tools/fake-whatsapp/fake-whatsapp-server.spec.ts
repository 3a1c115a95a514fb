import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent, request } from 'node:http';
import fc from 'fast-check';
import { until } from '@pawline/nest-kit/testing';
import { maxInWindow, signWebhook, startFakeWhatsApp, type FakeWhatsAppServer } from './fake-whatsapp-server';
import { expectMetaValid, metaReference } from './meta-reference';

const PHONE = '555000111';
const TOKEN = 'token-a';
const template = (to = '393400000001', payloads = ['confirm:1', 'decline:1']) => ({
  messaging_product: 'whatsapp',
  recipient_type: 'individual',
  to,
  type: 'template',
  template: {
    name: 'reminder',
    language: { policy: 'deterministic', code: 'en' },
    components: [
      { type: 'body', parameters: [{ type: 'text', text: 'Anna' }] },
      ...payloads.map((payload, index) => ({
        type: 'button',
        sub_type: 'quick_reply',
        index: String(index),
        parameters: [{ type: 'payload', payload }],
      })),
    ],
  },
});

type GraphReply = { messages: { id: string }[]; error?: { code: number; fbtrace_id: string } };
type WebhookValue = {
  metadata: { phone_number_id: string };
  statuses?: { id: string; status: string }[];
  messages?: Record<string, unknown>[];
};
type WebhookBody = { entry: { changes: { value: WebhookValue }[] }[] };

async function post(fake: FakeWhatsAppServer, body: unknown, token = TOKEN, phone = PHONE): Promise<{ status: number; json: GraphReply }> {
  const response = await fetch(`${fake.graphUrl}/${phone}/messages`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as GraphReply };
}

/** A webhook receiver that records the raw bodies and signatures it gets. */
async function receiver(): Promise<{ url: string; got: { body: string; signature: string }[]; close(): Promise<void> }> {
  const got: { body: string; signature: string }[] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      got.push({ body: Buffer.concat(chunks).toString('utf8'), signature: String(req.headers['x-hub-signature-256']) });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    got,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('maxInWindow', () => {
  it('counts the most timestamps in any window, matching a brute-force count', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 5000 }), { maxLength: 60 }), (raw) => {
        const times = [...raw].sort((a, b) => a - b);
        const brute = Math.max(0, ...times.map((start) => times.filter((t) => t >= start && t < start + 1000).length));
        return maxInWindow(times) === brute;
      }),
    );
  });
});

describe('fake WhatsApp Cloud API', () => {
  let fake: FakeWhatsAppServer;
  beforeAll(async () => {
    fake = await startFakeWhatsApp({ senders: { [PHONE]: TOKEN }, templates: [{ name: 'reminder', language: 'en', parameterCount: 1 }] });
    // Meta's document takes a second or more to load: not inside a test's own time
    metaReference();
  }, 60_000);
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.reset();
    fake.configure({ latencyMs: 0, jitterMs: 0, failureRates: {}, capPerSecond: undefined, webhook: undefined, replyTo: undefined });
  });

  it('accepts a template from the right bearer and logs it under its sender', async () => {
    expectMetaValid('the test template', metaReference().requestProblems('message', template()));
    const reply = await post(fake, template());
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({
      messaging_product: 'whatsapp',
      contacts: [{ input: '393400000001', wa_id: '393400000001' }],
      messages: [{ id: expect.stringMatching(/^wamid\./), message_status: 'accepted' }],
    });
    expect(fake.sends(PHONE)).toEqual([expect.objectContaining({ parameters: ['Anna'], buttonPayloads: ['confirm:1', 'decline:1'] })]);
  });

  it('refuses another sender’s token (190) and a malformed message (100), logging neither', async () => {
    expect((await post(fake, template(), 'token-b')).json.error?.code).toBe(190);
    expect((await post(fake, { ...template(), to: 'abc' })).json.error).toMatchObject({ code: 100, fbtrace_id: expect.any(String) });
    expect(fake.sends()).toEqual([]);
  });

  it('fails the scheduled sends in order, then draws by rate', async () => {
    fake.failNext('pair_rate', 'server_error');
    expect((await post(fake, template())).json.error?.code).toBe(131056);
    const failed = await post(fake, template());
    expect([failed.status, failed.json.error?.code]).toEqual([500, 2]);
    fake.configure({ failureRates: { undeliverable: 1 } });
    expect((await post(fake, template())).json.error?.code).toBe(131026);
    fake.configure({ failureRates: {} });
    expect((await post(fake, template())).status).toBe(200);
  });

  it('refuses a sender’s sends above its cap in any second with 130429', async () => {
    fake.configure({ capPerSecond: 5 });
    const replies = await Promise.all(Array.from({ length: 8 }, () => post(fake, template())));
    expect(replies.filter((reply) => reply.status === 200)).toHaveLength(5);
    expect(replies.filter((reply) => reply.json.error?.code === 130429)).toHaveLength(3);
    expect(fake.stats().senders[PHONE]).toEqual({ accepted: 5, maxPerSecond: 5 });
    expect(fake.stats().refusedForCap).toBe(3);
  });

  it('posts signed statuses sent, delivered and read to the webhook, and scripted replies', async () => {
    const hook = await receiver();
    try {
      fake.configure({
        webhook: { url: hook.url, appSecret: 'app-secret', statusDelaysMs: { sent: 0, delivered: 30, read: 60 }, batchMs: 10 },
        replyTo: (send) => ({ kind: 'button', payload: send.buttonPayloads[0] ?? '', text: 'Confirm', delayMs: 10 }),
      });
      const sent = await post(fake, template());
      const id = sent.json.messages[0]?.id;
      await until(() => hook.got.length >= 4, { timeoutMs: 5000, intervalMs: 20, what: 'four webhook deliveries' });
      for (const delivery of hook.got) expect(delivery.signature).toBe(signWebhook('app-secret', delivery.body));
      const values = hook.got.flatMap((delivery) =>
        (JSON.parse(delivery.body) as WebhookBody).entry.flatMap((entry) => entry.changes.map((change) => change.value)),
      );
      // each status is its own POST, and POSTs may arrive in any order (as Meta's do)
      const statuses = values.flatMap((value) => value.statuses ?? []).map((status) => [status.id, status.status]);
      expect(statuses).toHaveLength(3);
      expect(statuses).toEqual(
        expect.arrayContaining([
          [id, 'sent'],
          [id, 'delivered'],
          [id, 'read'],
        ]),
      );
      const [reply] = values.flatMap((value) => value.messages ?? []);
      expect(reply).toMatchObject({ from: '393400000001', type: 'button', button: { payload: 'confirm:1' }, context: { id } });
      expect(values[0]?.metadata.phone_number_id).toBe(PHONE);
      for (const body of fake.webhookBodies()) expectMetaValid('a status or reply webhook', metaReference().webhookProblems(body));
    } finally {
      await hook.close();
    }
  });

  it('is driven over HTTP by a bench in another process: config, senders, stats', async () => {
    const control = (path: string, body?: unknown) =>
      fetch(`${fake.url}/_fake/${path}`, body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) }).then((r) => r.json());
    await control('senders', { '777': 'token-777' });
    await control('config', { failNext: ['throttled'] });
    expect((await post(fake, template(), 'token-777', '777')).json.error?.code).toBe(130429);
    expect((await post(fake, template(), 'token-777', '777')).status).toBe(200);
    expect(await control('stats')).toMatchObject({ senders: { '777': { accepted: 1, maxPerSecond: 1 } } });
    expect(await control('sends?phone_number_id=777')).toHaveLength(1);
  });

  it('answers 2,000 concurrent sends at 250 ms latency, the client in the same process (timers, no blocking)', async () => {
    fake.configure({ latencyMs: 250, jitterMs: 20 });
    const agent = new Agent({ keepAlive: true, maxSockets: 600 });
    const body = JSON.stringify(template());
    const one = () =>
      new Promise<number>((resolve, reject) => {
        const req = request(`${fake.graphUrl}/${PHONE}/messages`, {
          method: 'POST',
          agent,
          headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
        });
        req.on('response', (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        });
        req.on('error', reject);
        req.end(body);
      });
    const started = Date.now();
    const statuses = await Promise.all(Array.from({ length: 2000 }, one));
    const elapsed = Date.now() - started;
    agent.destroy();
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(fake.stats().senders[PHONE]?.accepted).toBe(2000);
    // the figure is printed, not asserted (a busy CI machine is slower); the latency floor is a fact of the fake
    console.log(`2000 sends at 250 ms latency: ${elapsed} ms`);
    expect(elapsed).toBeGreaterThanOrEqual(250);
  }, 60_000);
});
