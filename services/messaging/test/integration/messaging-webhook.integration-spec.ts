import { randomUUID } from 'node:crypto';
import { type EventEnvelope } from '@pawline/contracts';
import type { RunningService } from '@pawline/nest-kit';
import { createTestEnv, until as pollUntil, type TestEnv } from '@pawline/nest-kit/testing';
import { gatewayService } from '../../../gateway/src/gateway.service-definition';
import { signWebhook, startFakeWhatsApp, type FakeWhatsAppServer } from '../../../../tools/fake-whatsapp/fake-whatsapp-server';
import { messagingService } from '../../src/messaging.service-definition';
import { SMS_PROVIDER, WHATSAPP_PROVIDER, type MessageProvider, type SenderCredentials, type TemplateMessage } from '../../src/ports';
import { WhatsAppCloudProvider } from '../../src/provider/whatsapp-cloud.provider';
import { CREATE_TEST_SENDER, MessagingWithTableSenders } from './table-sender-directory';

jest.setTimeout(120_000);

const APP_SECRET = 'webhook-app-secret-for-tests';
const VERIFY_TOKEN = 'verify-token-for-tests';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

describe('WhatsApp webhook and sandbox through the gateway (real NATS and Postgres)', () => {
  let env: TestEnv;
  let service: RunningService;
  let base = '';
  let fake: FakeWhatsAppServer;
  const published: EventEnvelope[] = [];
  const orgaA = randomUUID();
  const saved = { ...process.env };

  const eventsAbout = (id: string) => published.filter((event) => JSON.stringify(event.data).includes(id));
  const until = (check: () => boolean, ms = 15_000) => pollUntil(check, { timeoutMs: ms, intervalMs: 50 });
  const postWebhook = (body: string, signature: string | null) =>
    fetch(`${base}/api/v1/webhooks/whatsapp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(signature === null ? {} : { 'X-Hub-Signature-256': signature }) },
      body,
    });
  const statusBody = (phoneNumberId: string, id: string, status = 'delivered') =>
    JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: 'waba',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '1', phone_number_id: phoneNumberId },
                statuses: [{ id, status, timestamp: '1803900000', recipient_id: '393401234567' }],
              },
            },
          ],
        },
      ],
    });

  beforeAll(async () => {
    Object.assign(process.env, {
      AUTH_TOKEN_SECRET: 'messaging-webhook-secret-0123456789abcdef',
      WHATSAPP_APP_SECRET: APP_SECRET,
      WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN,
      MESSAGING_PROVIDER: 'sandbox',
      SANDBOX_DELIVERED_AFTER_MS: '200',
      SANDBOX_READ_AFTER_MS: '200',
      PAWLINE_SERVICES: 'messaging',
    });
    env = await createTestEnv();
    service = await env.start({ ...messagingService, module: MessagingWithTableSenders });
    base = (await env.start(gatewayService, { httpPort: 0 })).httpUrl ?? '';
    await env.query(CREATE_TEST_SENDER);
    await env.query(`INSERT INTO "messaging".test_sender VALUES ('100200300', $1, 'token-a')`, [orgaA]);
    // the sandbox's account of the number 'sandbox-a': registered, with the template 'reminder' approved in English
    await env.query(`INSERT INTO "messaging".sandbox_account (waba_id, business_name) VALUES ('800000000000009', 'Salon A')`);
    await env.query(
      `INSERT INTO "messaging".sandbox_phone_number (phone_number_id, waba_id, display_phone_number, verified_name, pin)
       VALUES ('sandbox-a', '800000000000009', '+39 06 5550001', 'Salon A', '000000')`,
    );
    await env.query(
      `INSERT INTO "messaging".sandbox_template (id, waba_id, name, language, category, body, parameter_count, buttons, status)
       VALUES ('700000000000001', '800000000000009', 'reminder', 'en', 'UTILITY', 'Hello {{1}}, see you tomorrow.', 1, '[]', 'APPROVED')`,
    );
    const events = env.nats().subscribe(`${env.subjectPrefix}evt.messaging.>`);
    void (async () => {
      for await (const message of events) published.push(JSON.parse(message.string()) as EventEnvelope);
    })();
    fake = await startFakeWhatsApp({
      senders: { '100200300': 'token-a' },
      templates: [{ name: 'reminder', language: 'it', parameterCount: 1 }],
      webhook: {
        url: `${base}/api/v1/webhooks/whatsapp`,
        appSecret: APP_SECRET,
        statusDelaysMs: { sent: 0, delivered: 50, read: 100 },
        batchMs: 20,
      },
    });
  });

  afterAll(async () => {
    await fake?.close();
    await env?.dispose();
    process.env = saved;
  });

  it('answers the subscription challenge as text for our verify token, 403 for any other', async () => {
    const ok = await fetch(`${base}/api/v1/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`);
    expect([ok.status, ok.headers.get('content-type'), await ok.text()]).toEqual([200, 'text/plain; charset=utf-8', '1158201444']);
    const wrong = await fetch(`${base}/api/v1/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1`);
    expect(wrong.status).toBe(403);
    expect((await fetch(`${base}/api/v1/webhooks/whatsapp`)).status).toBe(403);
  });

  it('refuses a body without a signature (401) or with a wrong one (403), and publishes nothing', async () => {
    const id = `wamid.${randomUUID()}`;
    const body = statusBody('100200300', id);
    expect((await postWebhook(body, null)).status).toBe(401);
    expect((await postWebhook(body, signWebhook('another-secret', body))).status).toBe(403);
    expect((await postWebhook(`${body} `, signWebhook(APP_SECRET, body))).status).toBe(403);
    const text = await fetch(`${base}/api/v1/webhooks/whatsapp`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', 'X-Hub-Signature-256': signWebhook(APP_SECRET, body) },
      body,
    });
    expect(text.status).toBe(415);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(eventsAbout(id)).toEqual([]);
  });

  it('publishes the statuses of a real send through the fake Cloud API, as Meta would post them', async () => {
    const provider = new WhatsAppCloudProvider({ baseUrl: fake.graphUrl, timeoutMs: 2000 });
    const sender: SenderCredentials = { orgaId: orgaA, phoneNumberId: '100200300', accessToken: 'token-a', capPerSecond: 80 };
    const { providerMessageId } = await provider.send(sender, {
      kind: 'template',
      to: '393401234567',
      templateName: 'reminder',
      language: 'it',
      parameters: ['Anna'],
      buttons: 1,
      buttonPayloads: ['confirm:1', 'decline:1'],
      renderedText: 'Ciao Anna',
    });
    await until(() => eventsAbout(providerMessageId).length >= 3);
    // each status is its own POST, and Meta does not promise their order (a slow first POST lets "read" overtake
    // "delivered"): the receivers keep statuses moving forward, so here only which ones came counts
    const received = eventsAbout(providerMessageId).map((event) => [
      event.subject,
      event.orgaId,
      (event.data as { status: string }).status,
    ]);
    expect(received.sort((a, b) => String(a[2]).localeCompare(String(b[2])))).toEqual([
      ['evt.messaging.provider-status.received.v1', orgaA, 'delivered'],
      ['evt.messaging.provider-status.received.v1', orgaA, 'read'],
      ['evt.messaging.provider-status.received.v1', orgaA, 'sent'],
    ]);
    // a customer's tap and photo, answering that message
    const mediaId = fake.addMedia(PNG, 'image/png', '100200300');
    expect(
      await fake.inbound('100200300', '393401234567', { kind: 'button', payload: 'confirm:1', text: 'Confirm' }, providerMessageId),
    ).toBe(200);
    expect(await fake.inbound('100200300', '393401234567', { kind: 'image', mediaId, mimeType: 'image/png', caption: 'Fido' })).toBe(200);
    await until(
      () => published.filter((event) => event.subject === 'evt.messaging.inbound.received.v1' && event.orgaId === orgaA).length >= 2,
    );
    const inbound = published.filter((event) => event.subject === 'evt.messaging.inbound.received.v1' && event.orgaId === orgaA);
    expect(inbound.map((event) => event.data)).toEqual([
      expect.objectContaining({ kind: 'button', button_payload: 'confirm:1', context_message_id: providerMessageId, from: '393401234567' }),
      expect.objectContaining({ kind: 'media', media: [{ media_id: mediaId, mime_type: 'image/png', caption: 'Fido' }] }),
    ]);
    await expect(provider.fetchMedia(sender, mediaId)).resolves.toEqual({ bytes: PNG, mimeType: 'image/png' });
  });

  it("acknowledges and publishes a customer written with '+' or as a business-scoped user id (never dropped)", async () => {
    expect(await fake.inbound('100200300', '+393401234999', { kind: 'text', text: 'Con il più' })).toBe(200);
    expect(await fake.inbound('100200300', 'IT.13491208655302741918', { kind: 'text', text: 'Senza numero' })).toBe(200);
    // the answers themselves (the store's CUSTOMER_MSG notification about the same sender follows them)
    const answersFrom = (from: string) => eventsAbout(from).filter((event) => (event.data as { from?: string }).from === from);
    await until(() => answersFrom('IT.13491208655302741918').length > 0 && answersFrom('393401234999').length > 0);
    expect(answersFrom('393401234999').map((event) => event.data)).toEqual([
      expect.objectContaining({ from: '393401234999', text: 'Con il più' }),
    ]);
    expect(answersFrom('IT.13491208655302741918').map((event) => event.data)).toEqual([
      expect.objectContaining({ from: 'IT.13491208655302741918', text: 'Senza numero' }),
    ]);
  });

  it('ignores (and logs) a phone number id no organization has, answering 200', async () => {
    const id = `wamid.${randomUUID()}`;
    const body = statusBody('999888777', id);
    expect((await postWebhook(body, signWebhook(APP_SECRET, body))).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(eventsAbout(id)).toEqual([]);
  });

  it('publishes a status once however often it is delivered, even in parallel', async () => {
    const id = `wamid.${randomUUID()}`;
    const body = statusBody('100200300', id, 'read');
    const replies = await Promise.all(Array.from({ length: 5 }, () => postWebhook(body, signWebhook(APP_SECRET, body))));
    expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200, 200, 200]);
    expect((await postWebhook(body, signWebhook(APP_SECRET, body))).status).toBe(200);
    await until(() => eventsAbout(id).length > 0);
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(eventsAbout(id)).toHaveLength(1);
  });

  describe('sandbox', () => {
    const sender: SenderCredentials = { orgaId: orgaA, phoneNumberId: 'sandbox-a', accessToken: 'unused', capPerSecond: 80 };
    const reminder: TemplateMessage = {
      kind: 'template',
      to: '393409990001',
      templateName: 'reminder',
      language: 'en',
      parameters: ['Anna'],
      buttons: 1,
      buttonPayloads: ['confirm:abc', 'decline:abc'],
      renderedText: 'Hello Anna, see you tomorrow at 10:30.',
    };

    it('moves a sent message to sent, delivered and read, publishing each status as the webhook does', async () => {
      const whatsapp = service.app.get<MessageProvider>(WHATSAPP_PROVIDER);
      expect(whatsapp.name).toBe('sandbox');
      const { providerMessageId } = await whatsapp.send(sender, reminder);
      await until(() => eventsAbout(providerMessageId).length >= 3);
      expect(eventsAbout(providerMessageId).map((event) => event.data)).toEqual(
        ['sent', 'delivered', 'read'].map((status) =>
          expect.objectContaining({
            orga_id: orgaA,
            provider: 'sandbox',
            provider_message_id: providerMessageId,
            status,
            error_code: null,
          }),
        ),
      );
    });

    it('refuses what the Cloud API refuses: a template not approved, a wrong parameter count, an empty parameter, free text outside 24 hours', async () => {
      const whatsapp = service.app.get<MessageProvider>(WHATSAPP_PROVIDER);
      const refusal = (message: Parameters<MessageProvider['send']>[1]) =>
        whatsapp.send(sender, message).then(
          () => null,
          (error: { kind: string; code: number | null }) => [error.kind, error.code],
        );
      expect(await refusal({ ...reminder, templateName: 'not_approved' })).toEqual(['rejected', 132001]);
      expect(await refusal({ ...reminder, language: 'it' })).toEqual(['rejected', 132001]);
      expect(await refusal({ ...reminder, parameters: ['Anna', 'Fido'] })).toEqual(['rejected', 132000]);
      expect(await refusal({ ...reminder, parameters: [''] })).toEqual(['rejected', 100]);
      expect(await refusal({ kind: 'text', to: '393409990009', text: 'Hello' })).toEqual(['undeliverable', 131047]);
    });

    it('fails a WhatsApp number ending in 0000 (131026) and delivers its SMS, which is never read', async () => {
      const failed = await service.app.get<MessageProvider>(WHATSAPP_PROVIDER).send(sender, { ...reminder, to: '393400000000' });
      const sms = await service.app.get<MessageProvider>(SMS_PROVIDER).send(sender, { ...reminder, to: '393400000000' });
      await until(() => eventsAbout(failed.providerMessageId).length >= 1 && eventsAbout(sms.providerMessageId).length >= 2);
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(eventsAbout(failed.providerMessageId).map((event) => event.data)).toEqual([
        expect.objectContaining({ status: 'failed', error_code: 131026 }),
      ]);
      expect(eventsAbout(sms.providerMessageId).map((event) => (event.data as { status: string; provider: string }).status)).toEqual([
        'sent',
        'delivered',
      ]);
    });

    it('lets /dev/whatsapp (this machine only) show the conversation and answer with a tap, text and a photo', async () => {
      const whatsapp = service.app.get<MessageProvider>(WHATSAPP_PROVIDER);
      const customer = '393409990002';
      await whatsapp.send(sender, { ...reminder, to: customer });
      const page = await fetch(`${base}/dev/whatsapp?phone_number_id=sandbox-a&customer=${customer}`);
      const html = await page.text();
      expect(page.status).toBe(200);
      expect(html).toContain('Hello Anna, see you tomorrow at 10:30.');
      expect(html).toContain('data-payload="confirm:abc"');
      expect(html).toContain('<script src="/dev/whatsapp/whatsapp-page.js"></script>');
      expect((await fetch(`${base}/dev/whatsapp/whatsapp-page.js`)).headers.get('content-type')).toMatch(/javascript/);
      const messageId = /data-message-id="([0-9a-f-]{36})" data-payload="confirm:abc"/.exec(html)?.[1];
      const answer = (body: unknown, headers: Record<string, string> = {}) =>
        fetch(`${base}/dev/whatsapp/reply`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...headers },
          body: JSON.stringify({ phone_number_id: 'sandbox-a', customer, ...(body as object) }),
        });
      const tap = await answer({ kind: 'button', message_id: messageId, payload: 'confirm:abc' });
      expect(tap.status).toBe(201);
      const tapped = ((await tap.json()) as { provider_message_id: string }).provider_message_id;
      expect((await answer({ kind: 'button', message_id: messageId, payload: 'unsubscribe:abc' })).status).toBe(400);
      expect((await answer({ kind: 'text', text: 'Can I come at 11?' }, { 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
      const text = await answer({ kind: 'text', text: 'Can I come at 11?' });
      const photo = await answer({ kind: 'media', mime_type: 'image/png', base64: PNG.toString('base64'), caption: null });
      expect((await answer({ kind: 'media', mime_type: 'image/jpeg', base64: PNG.toString('base64'), caption: null })).status).toBe(400);
      expect([text.status, photo.status]).toEqual([201, 201]);
      await until(() => eventsAbout(customer).filter((event) => event.subject === 'evt.messaging.inbound.received.v1').length >= 3);
      const inbound = eventsAbout(customer).filter((event) => event.subject === 'evt.messaging.inbound.received.v1');
      expect(inbound.map((event) => event.data)).toEqual([
        expect.objectContaining({
          provider_message_id: tapped,
          kind: 'button',
          button_payload: 'confirm:abc',
          text: 'Confirm',
          context_message_id: expect.stringMatching(/^sandbox\./),
        }),
        expect.objectContaining({ kind: 'text', text: 'Can I come at 11?' }),
        expect.objectContaining({ kind: 'media', media: [expect.objectContaining({ mime_type: 'image/png' })] }),
      ]);
      const mediaId = (inbound[2]?.data as { media: { media_id: string }[] }).media[0]?.media_id ?? '';
      await expect(whatsapp.fetchMedia(sender, mediaId)).resolves.toEqual({ bytes: PNG, mimeType: 'image/png' });
      // a request that came through a proxy is not from this machine
      expect((await fetch(`${base}/dev/whatsapp`, { headers: { 'X-Forwarded-For': '203.0.113.9' } })).status).toBe(404);
    });
  });
});
