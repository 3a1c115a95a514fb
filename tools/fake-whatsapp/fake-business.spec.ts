import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startFakeWhatsApp, type FakeWhatsAppServer } from './fake-whatsapp-server';
import { expectMetaValid, metaReference } from './meta-reference';

// The fake refuses what Meta refuses (libs/domain cloud-api-rules.ts) and speaks what onboarding and template
// management use; every body we send it and every webhook it posts follows Meta's OpenAPI document.

const APP = { id: '4455667788', secret: 'app-secret-1' };
type Graph = { status: number; body: Record<string, unknown> & { error?: { code: number; error_subcode?: number } } };

async function receiver(): Promise<{ url: string; bodies: unknown[]; close(): Promise<void> }> {
  const bodies: unknown[] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      bodies.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    bodies,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const until = async (check: () => boolean, ms = 5000) => {
  for (const end = Date.now() + ms; !check() && Date.now() < end;) await new Promise((resolve) => setTimeout(resolve, 20));
};

describe('fake Cloud API: refusals, onboarding and templates', () => {
  let fake: FakeWhatsAppServer;
  let hook: Awaited<ReturnType<typeof receiver>>;
  const meta = metaReference();

  async function graph(method: string, path: string, token: string, body?: unknown): Promise<Graph> {
    if (body !== undefined && path.endsWith('/messages')) expectMetaValid('a test send', meta.requestProblems('message', body));
    const response = await fetch(`${fake.graphUrl}/${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as Graph['body'] };
  }

  const templateSend = (name: string, parameters: string[], language = 'it') => ({
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: '393401234567',
    type: 'template',
    template: {
      name,
      language: { policy: 'deterministic', code: language },
      components: [{ type: 'body', parameters: parameters.map((text) => ({ type: 'text', text })) }],
    },
  });
  const textSend = {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: '393401234567',
    type: 'text',
    text: { body: 'Ciao!' },
  };

  beforeAll(async () => {
    hook = await receiver();
    fake = await startFakeWhatsApp({
      app: APP,
      webhook: { url: hook.url, appSecret: 'hook-secret', statusDelaysMs: { sent: null, delivered: null, read: null } },
      reviewDelayMs: null,
    });
    // Meta's document takes a second or more to load: not inside a test's own time
    metaReference();
  }, 60_000);
  afterAll(async () => {
    await fake.close();
    await hook.close();
  });

  /** Embedded Signup on the fake: the code exchanged, the account and number read, the app subscribed, the number registered. */
  async function onboard(): Promise<{ token: string; wabaId: string; phoneNumberId: string }> {
    const signup = fake.business.signup({ businessName: 'Toelettatura Bau', displayPhoneNumber: '+39 06 1234567' });
    const exchange = await graph('GET', `oauth/access_token?client_id=${APP.id}&client_secret=${APP.secret}&code=${signup.code}`, '');
    const token = String(exchange.body['access_token']);
    await graph('POST', `${signup.wabaId}/subscribed_apps`, token, {});
    const register = { messaging_product: 'whatsapp', pin: '482913' };
    expectMetaValid('register', meta.requestProblems('register', register));
    expect((await graph('POST', `${signup.phoneNumberId}/register`, token, register)).body).toEqual({ success: true });
    return { token, wabaId: signup.wabaId, phoneNumberId: signup.phoneNumberId };
  }

  it("exchanges Embedded Signup's code once, with the app's secret, and tells which accounts the token reaches", async () => {
    const signup = fake.business.signup({ businessName: 'Toelettatura Bau' });
    const wrongSecret = await graph('GET', `oauth/access_token?client_id=${APP.id}&client_secret=nope&code=${signup.code}`, '');
    expect(wrongSecret.body.error?.code).toBe(1);
    const exchange = await graph('GET', `oauth/access_token?client_id=${APP.id}&client_secret=${APP.secret}&code=${signup.code}`, '');
    expect(exchange.body).toEqual({ access_token: expect.stringMatching(/^EAAG/), token_type: 'bearer' });
    const again = await graph('GET', `oauth/access_token?client_id=${APP.id}&client_secret=${APP.secret}&code=${signup.code}`, '');
    expect(again.body.error).toMatchObject({ code: 100, error_subcode: 36007 });
    const debug = await graph('GET', `debug_token?input_token=${String(exchange.body['access_token'])}`, `${APP.id}|${APP.secret}`);
    expect(debug.body['data']).toMatchObject({
      is_valid: true,
      granular_scopes: expect.arrayContaining([{ scope: 'whatsapp_business_management', target_ids: [signup.wabaId] }]),
    });
    expect((await graph('GET', `debug_token?input_token=x`, 'not-the-app')).body.error?.code).toBe(190);
  });

  it("lists the account's numbers with display name, quality rating and messaging limit; subscribes the app; registers with a PIN", async () => {
    const { token, wabaId, phoneNumberId } = await onboard();
    const numbers = await graph('GET', `${wabaId}/phone_numbers`, token);
    expect(numbers.body['data']).toEqual([
      expect.objectContaining({
        id: phoneNumberId,
        display_phone_number: '+39 06 1234567',
        verified_name: 'Toelettatura Bau',
        quality_rating: 'GREEN',
        messaging_limit_tier: 'TIER_250',
      }),
    ]);
    expect(fake.business.subscribedApps(wabaId)).toEqual([APP.id]);
    const mismatch = await graph('POST', `${phoneNumberId}/register`, token, { messaging_product: 'whatsapp', pin: '000001' });
    expect(mismatch.body.error?.code).toBe(133005);
    expect((await graph('GET', `${wabaId}/phone_numbers`, 'someone-else')).body.error?.code).toBe(190);
  });

  it('refuses a send from a number not registered yet (133010)', async () => {
    const signup = fake.business.signup();
    const exchange = await graph('GET', `oauth/access_token?client_id=${APP.id}&client_secret=${APP.secret}&code=${signup.code}`, '');
    const refused = await graph(
      'POST',
      `${signup.phoneNumberId}/messages`,
      String(exchange.body['access_token']),
      templateSend('x', ['a']),
    );
    expect(refused.body.error?.code).toBe(133010);
  });

  it('creates a template pending review, refuses one WhatsApp would, and reports the review on the webhook', async () => {
    const { token, wabaId, phoneNumberId } = await onboard();
    const create = {
      name: 'pawline_appointment_reminder_v1',
      language: 'it',
      category: 'UTILITY',
      components: [
        { type: 'BODY', text: 'Ciao {{1}}, a domani alle {{2}} Conferma qui sotto.', example: { body_text: [['Giulia', '14:30.']] } },
        {
          type: 'BUTTONS',
          buttons: [
            { type: 'QUICK_REPLY', text: 'Conferma' },
            { type: 'QUICK_REPLY', text: 'Disdici' },
          ],
        },
      ],
    };
    expectMetaValid('a template creation', meta.requestProblems('templateCreate', create));
    const created = await graph('POST', `${wabaId}/message_templates`, token, create);
    expect(created.body).toEqual({ id: expect.stringMatching(/^\d+$/), status: 'PENDING', category: 'UTILITY' });
    const duplicate = await graph('POST', `${wabaId}/message_templates`, token, create);
    expect(duplicate.body.error).toMatchObject({ code: 100, error_subcode: 2388024 });
    const atEnd = {
      ...create,
      name: 'pawline_x',
      components: [{ type: 'BODY', text: 'Ciao {{1}}', example: { body_text: [['Giulia']] } }],
    };
    expect((await graph('POST', `${wabaId}/message_templates`, token, atEnd)).body.error).toMatchObject({
      code: 100,
      error_subcode: 2388299,
    });
    const noExample = { ...create, name: 'pawline_y', components: [{ type: 'BODY', text: 'Ciao {{1}}, a presto.' }] };
    expect((await graph('POST', `${wabaId}/message_templates`, token, noExample)).body.error).toMatchObject({ error_subcode: 2388043 });

    // pending: not sendable
    const pending = await graph('POST', `${phoneNumberId}/messages`, token, templateSend(create.name, ['Giulia', '14:30.']));
    expect(pending.body.error?.code).toBe(132001);
    fake.business.review(String(created.body['id']), { status: 'REJECTED', reason: 'INCORRECT_CATEGORY' });
    const listed = await graph('GET', `${wabaId}/message_templates?name=${create.name}`, token);
    expect(listed.body['data']).toEqual([
      expect.objectContaining({ name: create.name, language: 'it', status: 'REJECTED', rejected_reason: 'INCORRECT_CATEGORY' }),
    ]);
    await until(() => hook.bodies.length > 0);
    expect(hook.bodies.at(-1)).toMatchObject({
      entry: [
        { id: wabaId, changes: [{ field: 'message_template_status_update', value: { event: 'REJECTED', reason: 'INCORRECT_CATEGORY' } }] },
      ],
    });
  });

  it('sends an approved template only with its exact number of non-empty parameters; paused and disabled ones are refused', async () => {
    const { token, wabaId, phoneNumberId } = await onboard();
    const create = {
      name: 'pawline_pet_birthday_v1',
      language: 'it',
      category: 'MARKETING',
      components: [{ type: 'BODY', text: 'Ciao {{1}}, auguri a {{2}}!', example: { body_text: [['Giulia', 'Fido']] } }],
    };
    const created = await graph('POST', `${wabaId}/message_templates`, token, create);
    const id = String(created.body['id']);
    fake.business.review(id, { status: 'APPROVED' });
    const send = (parameters: string[], language = 'it') =>
      graph('POST', `${phoneNumberId}/messages`, token, templateSend(create.name, parameters, language));
    expect((await send(['Giulia', 'Fido'])).status).toBe(200);
    expect((await send(['Giulia'])).body.error?.code).toBe(132000);
    expect((await send(['Giulia', ''])).body.error?.code).toBe(100);
    expect((await send(['Giulia', 'Fido'], 'de')).body.error?.code).toBe(132001);
    expect((await graph('POST', `${phoneNumberId}/messages`, token, templateSend('pawline_unknown', ['a']))).body.error?.code).toBe(132001);
    fake.business.review(id, { status: 'PAUSED' });
    expect((await send(['Giulia', 'Fido'])).body.error?.code).toBe(132015);
    fake.business.review(id, { status: 'DISABLED' });
    expect((await send(['Giulia', 'Fido'])).body.error?.code).toBe(132016);
  });

  it("refuses free text outside the customer's 24-hour window (131047) and accepts it after they wrote", async () => {
    const { token, phoneNumberId } = await onboard();
    expect((await graph('POST', `${phoneNumberId}/messages`, token, textSend)).body.error?.code).toBe(131047);
    await fake.inbound(phoneNumberId, '+393401234567', { kind: 'text', text: 'Buongiorno' });
    expect((await graph('POST', `${phoneNumberId}/messages`, token, textSend)).status).toBe(200);
    fake.customerWrote(phoneNumberId, '393401234567', Date.now() - 25 * 60 * 60 * 1000);
    expect((await graph('POST', `${phoneNumberId}/messages`, token, textSend)).body.error?.code).toBe(131047);
  });

  it("reports an error without a message of ours on the webhook (value.errors), and every body it posted follows Meta's document", async () => {
    const { phoneNumberId } = await onboard();
    const before = hook.bodies.length;
    await fake.reportError(phoneNumberId, { code: 130429, title: 'Rate limit hit', details: 'Too many messages' });
    await until(() => hook.bodies.length > before);
    expect(hook.bodies.at(-1)).toMatchObject({ entry: [{ changes: [{ field: 'messages', value: { errors: [{ code: 130429 }] } }] }] });
    expect(fake.webhookBodies().length).toBeGreaterThan(2);
    for (const body of fake.webhookBodies()) expectMetaValid('a webhook of the fake', meta.webhookProblems(body));
  });
});
