import { createServer as createHttpServer } from 'node:http';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { startFakeWhatsApp, type FakeFailure, type FakeWhatsAppServer } from '../../../../tools/fake-whatsapp/fake-whatsapp-server';
import { expectMetaValid, metaReference } from '../../../../tools/fake-whatsapp/meta-reference';
import { ProviderSendError, type SenderCredentials, type TemplateMessage } from '../ports';
import { cloudFailure, cloudMessageBody, WhatsAppCloudProvider } from './whatsapp-cloud.provider';

const sender: SenderCredentials = { orgaId: 'orga-1', phoneNumberId: '100200300', accessToken: 'secret-token-1', capPerSecond: 80 };
const reminder: TemplateMessage = {
  kind: 'template',
  to: '393401234567',
  templateName: 'pawline_appointment_reminder_v1',
  language: 'it',
  parameters: ['Anna', 'Fido', '12/03 alle 10:30'],
  buttons: 1,
  buttonPayloads: ['confirm:7b0c', 'decline:7b0c'],
  renderedText: 'Ciao Anna, Fido ha un appuntamento il 12/03 alle 10:30',
};

async function failureOf(work: Promise<unknown>): Promise<ProviderSendError> {
  try {
    await work;
  } catch (error) {
    if (error instanceof ProviderSendError) return error;
    throw error;
  }
  throw new Error('the send succeeded');
}

describe('WhatsAppCloudProvider against the fake Cloud API', () => {
  let fake: FakeWhatsAppServer;
  let provider: WhatsAppCloudProvider;

  beforeAll(async () => {
    fake = await startFakeWhatsApp({
      senders: { [sender.phoneNumberId]: sender.accessToken },
      templates: [{ name: reminder.templateName, language: 'it', parameterCount: 3 }],
    });
    // a generous timeout for every send but the timeout's own test: a loaded CI machine once took
    // over 500 ms to answer the first send, which then landed in the next test's record
    provider = new WhatsAppCloudProvider({ baseUrl: fake.graphUrl, timeoutMs: 10000 });
    // Meta's document takes a second or more to load: not inside a test's own time
    metaReference();
  }, 60_000);
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.reset();
    fake.configure({ latencyMs: 0, jitterMs: 0, failureRates: {} });
  });

  it('sends a template with its body parameters and one quick-reply button per payload', async () => {
    const { providerMessageId } = await provider.send(sender, reminder);
    expect(providerMessageId).toMatch(/^wamid\./);
    expect(fake.sends(sender.phoneNumberId)).toEqual([
      expect.objectContaining({
        messageId: providerMessageId,
        to: '393401234567',
        type: 'template',
        templateName: 'pawline_appointment_reminder_v1',
        language: 'it',
        parameters: ['Anna', 'Fido', '12/03 alle 10:30'],
        buttonPayloads: ['confirm:7b0c', 'decline:7b0c'],
      }),
    ]);
  });

  it("builds the documented JSON: body component, quick_reply buttons by index, none without buttons (Meta's schema)", () => {
    expectMetaValid('a template send', metaReference().requestProblems('message', cloudMessageBody(reminder)));
    expectMetaValid(
      'a text send',
      metaReference().requestProblems('message', cloudMessageBody({ kind: 'text', to: '393401234567', text: 'Ciao' })),
    );
    expect(cloudMessageBody(reminder)).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '393401234567',
      type: 'template',
      template: {
        name: 'pawline_appointment_reminder_v1',
        language: { policy: 'deterministic', code: 'it' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Anna' },
              { type: 'text', text: 'Fido' },
              { type: 'text', text: '12/03 alle 10:30' },
            ],
          },
          { type: 'button', sub_type: 'quick_reply', index: '0', parameters: [{ type: 'payload', payload: 'confirm:7b0c' }] },
          { type: 'button', sub_type: 'quick_reply', index: '1', parameters: [{ type: 'payload', payload: 'decline:7b0c' }] },
        ],
      },
    });
    const plain = cloudMessageBody({ ...reminder, parameters: [], buttons: 0, buttonPayloads: [] }) as {
      template: { components: unknown[] };
    };
    expect(plain.template.components).toEqual([]);
  });

  it("sends free text inside the customer's 24-hour window, and not outside it (131047, SMS next)", async () => {
    const outside = await failureOf(provider.send(sender, { kind: 'text', to: '393401234567', text: 'See you tomorrow!' }));
    expect({ kind: outside.kind, code: outside.code }).toEqual({ kind: 'undeliverable', code: 131047 });
    fake.customerWrote(sender.phoneNumberId, '393401234567');
    const { providerMessageId } = await provider.send(sender, { kind: 'text', to: '393401234567', text: 'See you tomorrow!' });
    expect(fake.sends(sender.phoneNumberId)).toEqual([
      expect.objectContaining({ messageId: providerMessageId, type: 'text', text: 'See you tomorrow!' }),
    ]);
  });

  it.each<[FakeFailure, string, number | null]>([
    ['throttled', 'throttled', 130429],
    ['pair_rate', 'pair_rate', 131056],
    ['undeliverable', 'undeliverable', 131026],
    ['re_engagement', 'undeliverable', 131047],
    ['server_error', 'transient', 2],
  ])('maps the fake %s to %s (code %s) and records no send', async (failure, kind, code) => {
    fake.failNext(failure);
    const error = await failureOf(provider.send(sender, reminder));
    expect({ kind: error.kind, code: error.code }).toEqual({ kind, code });
    expect(fake.sends(sender.phoneNumberId)).toEqual([]);
  });

  it('passes Retry-After on with a throttled send', async () => {
    fake.failNext('throttled');
    expect((await failureOf(provider.send(sender, reminder))).retryAfterMs).toBe(1000);
  });

  it('gives up after its timeout on a request never answered, as transient', async () => {
    fake.failNext('timeout');
    const impatient = new WhatsAppCloudProvider({ baseUrl: fake.graphUrl, timeoutMs: 500 });
    const error = await failureOf(impatient.send(sender, reminder));
    expect(error.kind).toBe('transient');
    expect(error.message).toMatch(/no answer within 500 ms/);
  });

  it('refuses a wrong token or an unknown phone number id as rejected (no retry helps)', async () => {
    const wrong = await failureOf(provider.send({ ...sender, accessToken: 'stolen' }, reminder));
    expect({ kind: wrong.kind, code: wrong.code }).toEqual({ kind: 'rejected', code: 190 });
    const unknown = await failureOf(provider.send({ ...sender, phoneNumberId: '999' }, reminder));
    expect(unknown.kind).toBe('rejected');
    expect(JSON.stringify(wrong)).not.toContain('secret-token-1');
  });

  it('refuses a template the API cannot read as rejected (code 100)', async () => {
    const error = await failureOf(provider.send(sender, { ...reminder, templateName: 'Not A Name' }));
    expect({ kind: error.kind, code: error.code }).toEqual({ kind: 'rejected', code: 100 });
  });

  it('is refused, as rejected, a template not approved in the account (132001), a wrong parameter count (132000), an empty parameter (100)', async () => {
    const unknown = await failureOf(provider.send(sender, { ...reminder, templateName: 'pawline_unknown_v1' }));
    expect({ kind: unknown.kind, code: unknown.code }).toEqual({ kind: 'rejected', code: 132001 });
    const count = await failureOf(provider.send(sender, { ...reminder, parameters: ['Anna', 'Fido'] }));
    expect({ kind: count.kind, code: count.code }).toEqual({ kind: 'rejected', code: 132000 });
    const empty = await failureOf(provider.send(sender, { ...reminder, parameters: ['Anna', '', '12/03'] }));
    expect({ kind: empty.kind, code: empty.code }).toEqual({ kind: 'rejected', code: 100 });
    expect(fake.sends(sender.phoneNumberId)).toEqual([]);
  });

  it('downloads a customer photo: media id → url and mime type → bytes with the bearer token', async () => {
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    const mediaId = fake.addMedia(bytes, 'image/png', sender.phoneNumberId);
    await expect(provider.fetchMedia(sender, mediaId)).resolves.toEqual({ bytes, mimeType: 'image/png' });
    expect((await failureOf(provider.fetchMedia(sender, '12345'))).kind).toBe('rejected');
    expect((await failureOf(provider.fetchMedia({ ...sender, accessToken: 'stolen' }, mediaId))).code).toBe(190);
  });

  it('answers with the configured latency', async () => {
    fake.configure({ latencyMs: 120 });
    const started = Date.now();
    await provider.send(sender, reminder);
    expect(Date.now() - started).toBeGreaterThanOrEqual(115);
  });
});

describe('WhatsAppCloudProvider when the connection fails', () => {
  it('treats a refused connection and a reset one as transient', async () => {
    const resetting: Server = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => resetting.listen(0, '127.0.0.1', resolve));
    const port = (resetting.address() as AddressInfo).port;
    const reset = new WhatsAppCloudProvider({ baseUrl: `http://127.0.0.1:${port}/v26.0`, timeoutMs: 1000 });
    expect((await failureOf(reset.send(sender, reminder))).kind).toBe('transient');
    await new Promise<void>((resolve) => resetting.close(() => resolve()));
    const refused = new WhatsAppCloudProvider({ baseUrl: `http://127.0.0.1:${port}/v26.0`, timeoutMs: 1000 });
    const error = await failureOf(refused.send(sender, reminder));
    expect(error.kind).toBe('transient');
    expect(error.message).toMatch(/ECONNREFUSED/);
  });
});

describe('WhatsAppCloudProvider connections (issue 34)', () => {
  it('sends over one keep-alive pool per provider host: sends one after another reuse one connection', async () => {
    let connections = 0;
    let cutNext = false;
    const server = createHttpServer((req, res) => {
      req.resume();
      req.on('end', () => {
        if (cutNext) {
          cutNext = false;
          // headers and part of the body, then the connection goes
          res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '100' });
          res.write('{"messages":');
          setTimeout(() => res.socket?.destroy(), 20);
          return;
        }
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ messages: [{ id: `wamid.${connections}` }] }));
      });
    });
    server.on('connection', () => (connections += 1));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      const one = new WhatsAppCloudProvider({ baseUrl: `http://127.0.0.1:${port}/v26.0`, timeoutMs: 5000 });
      const other = new WhatsAppCloudProvider({ baseUrl: `http://127.0.0.1:${port}/v26.0/`, timeoutMs: 5000 });
      for (let i = 0; i < 4; i += 1) await (i % 2 === 0 ? one : other).send(sender, reminder);
      expect(connections).toBe(1);
      // an answer cut short is transient (the worker retries), and the pool goes on with a new connection
      cutNext = true;
      const cut = await failureOf(one.send(sender, reminder));
      expect(cut.kind).toBe('transient');
      await expect(one.send(sender, reminder)).resolves.toEqual({ providerMessageId: 'wamid.2' });
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('cloudFailure', () => {
  it('maps any 5xx without a known code to transient and any other 4xx to rejected', () => {
    fc.assert(
      fc.property(fc.integer({ min: 400, max: 599 }), fc.integer({ min: 100_000, max: 129_999 }), (status, code) => {
        const kind = cloudFailure(status, { error: { code, message: 'x' } }, null).kind;
        return kind === (status >= 500 ? 'transient' : status === 429 ? 'throttled' : 'rejected');
      }),
    );
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(cloudFailure(429, null, '3').retryAfterMs).toBe(3000);
    const at = new Date(Date.now() + 10_000).toUTCString();
    expect(cloudFailure(429, null, at).retryAfterMs).toBeGreaterThan(8000);
    expect(cloudFailure(429, null, null).retryAfterMs).toBeNull();
  });
});
