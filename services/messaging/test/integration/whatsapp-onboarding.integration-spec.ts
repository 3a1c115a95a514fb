import type { WhatsappAccount, WhatsappTemplateRegistration } from '@pawline/contracts';
import { BOOKING_TEMPLATES, BUILT_IN_TEMPLATES } from '@pawline/domain';
import type { NatsRpcClient, RunningService } from '@pawline/nest-kit';
import { createTestEnv, type TestEnv } from '@pawline/nest-kit/testing';
import { gatewayService } from '../../../gateway/src/gateway.service-definition';
import { identityService } from '../../../identity/src/identity.service-definition';
import { startFakeWhatsApp, type FakeWhatsAppServer } from '../../../../tools/fake-whatsapp/fake-whatsapp-server';
import { metaReference } from '../../../../tools/fake-whatsapp/meta-reference';
import { messagingService } from '../../src/messaging.service-definition';
import { TemplateRegistryJob } from '../../src/registry/template-registry.job';
import { TEST_SECRET, hireWorker, signUp, type Salon } from './messaging-test-helpers';

jest.setTimeout(240_000);

const APP = { id: '4455667788', secret: 'onboarding-app-secret' };
type Answer = { status: number; body: Record<string, unknown> };

/** Waits for a condition that comes with an event or a webhook; fails naming what did not come. */
/** What a salon of one language needs registered: the built-in templates and the booking messages (waitlist ones too), in that language. */
const PER_LANGUAGE =
  BUILT_IN_TEMPLATES.filter((t) => t.language === 'it').length + BOOKING_TEMPLATES.filter((t) => t.language === 'it').length;

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 30_000): Promise<void> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((resolve) => setTimeout(resolve, 100))) {
    if (await check()) return;
  }
  throw new Error(`${what}: not within ${ms} ms`);
}

/**
 * Issue 27: a salon connects its own WhatsApp number through the gateway, with the Cloud API adapter against the
 * fake Cloud API (which refuses any body that does not follow Meta's OpenAPI document), and its templates are
 * submitted and reviewed; the manual path is checked against the API first; errors read in the user's language.
 */
describe('WhatsApp onboarding and templates through the gateway (Cloud API adapter, fake Meta, real NATS and Postgres)', () => {
  let env: TestEnv;
  let service: RunningService;
  let client: NatsRpcClient;
  let base = '';
  let fake: FakeWhatsAppServer;
  let anna: Salon;
  let worker: Salon;
  let bruno: Salon;
  const saved = { ...process.env };
  const meta = metaReference();

  async function http(salon: Salon | null, method: string, path: string, body?: unknown, lang = 'en'): Promise<Answer> {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        'accept-language': lang,
        ...(salon ? { authorization: `Bearer ${salon.token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  }
  const msg = (salon: Salon, rest: string) => `/api/v1/orga/${salon.orgaId}/msg/${rest}`;
  const registrations = async (salon: Salon) =>
    (await http(salon, 'GET', msg(salon, 'whatsapp/templates'))).body['v'] as WhatsappTemplateRegistration[];

  beforeAll(async () => {
    fake = await startFakeWhatsApp({
      app: APP,
      reviewDelayMs: null,
      checkRequest: (operation, body) => meta.requestProblems(operation, body),
    });
    Object.assign(process.env, {
      AUTH_TOKEN_SECRET: TEST_SECRET,
      MESSAGING_PROVIDER: 'whatsapp_cloud',
      WHATSAPP_API_BASE_URL: fake.graphUrl,
      WHATSAPP_APP_ID: APP.id,
      WHATSAPP_APP_SECRET: APP.secret,
      WHATSAPP_CONFIG_ID: '987654321',
      WHATSAPP_VERIFY_TOKEN: 'onboarding-verify-token',
      MESSAGING_JOB_TICK_MS: '600000',
      PAWLINE_SERVICES: 'identity,messaging',
    });
    env = await createTestEnv();
    await env.start(identityService);
    service = await env.start(messagingService);
    base = (await env.start(gatewayService, { httpPort: 0 })).httpUrl ?? '';
    fake.configure({ webhook: { url: `${base}/api/v1/webhooks/whatsapp`, appSecret: APP.secret, batchMs: 20 } });
    client = env.rpcClient();
    anna = await signUp(client, 'Anna');
    worker = await hireWorker(client, anna, 'Walter');
    bruno = await signUp(client, 'Bruno', 'DE');
  });

  afterAll(async () => {
    await env?.dispose();
    await fake?.close();
    process.env = saved;
  });

  it("tells the browser how to open Meta's Embedded Signup, and shows no number before one is connected", async () => {
    expect((await http(worker, 'GET', msg(anna, 'whatsapp/signup-config'))).body).toEqual({
      mode: 'meta',
      app_id: APP.id,
      config_id: '987654321',
      graph_version: 'v23.0',
      sandbox_popup_path: null,
    });
    expect((await http(worker, 'GET', msg(anna, 'whatsapp'))).body).toMatchObject({ status: 'not_connected', phone_number_id: null });
  });

  it("refuses a signup's code WhatsApp does not know, in the user's language, and saves nothing", async () => {
    const refused = await http(anna, 'POST', msg(anna, 'whatsapp/connect'), { code: 'no-such-code' }, 'it');
    expect(refused).toMatchObject({
      status: 400,
      body: { code: 'whatsapp_signup_failed', message: expect.stringMatching(/^WhatsApp non ha potuto/) },
    });
    expect((await http(worker, 'POST', msg(anna, 'whatsapp/connect'), { code: 'whatever' })).status).toBe(403);
    expect((await http(anna, 'GET', msg(anna, 'whatsapp'))).body).toMatchObject({ status: 'not_connected' });
  });

  it('connects through Embedded Signup: token, account and number read, webhooks subscribed, number registered, templates submitted', async () => {
    const signup = fake.business.signup({ businessName: 'Toelettatura Anna', displayPhoneNumber: '+39 06 5550123' });
    const connected = await http(anna, 'POST', msg(anna, 'whatsapp/connect'), {
      code: signup.code,
      waba_id: signup.wabaId,
      phone_number_id: signup.phoneNumberId,
    });
    expect(connected).toMatchObject({
      status: 200,
      body: {
        status: 'connected',
        connected_via: 'embedded_signup',
        phone_number_id: signup.phoneNumberId,
        waba_id: signup.wabaId,
        display_phone_number: '+39 06 5550123',
        display_name: 'Toelettatura Anna',
        quality_rating: 'GREEN',
        messaging_limit: 'TIER_250',
      },
    });
    expect(JSON.stringify(connected.body)).not.toContain('EAAG');
    expect(fake.business.subscribedApps(signup.wabaId)).toEqual([APP.id]);
    expect(fake.business.phone(signup.phoneNumberId)?.pin).toMatch(/^\d{6}$/);
    const [row] = await env.query<{ access_token_enc: string; registration_pin_enc: string }>(
      `SELECT access_token_enc, registration_pin_enc FROM "messaging".messaging_sender WHERE orga_id = $1`,
      [anna.orgaId],
    );
    expect(row?.access_token_enc).not.toContain('EAAG');
    expect(row?.registration_pin_enc).not.toContain(fake.business.phone(signup.phoneNumberId)?.pin ?? '');

    // the built-in templates and the booking messages in the salon's language (Italian), UTILITY and MARKETING
    await until(() => fake.business.templates(signup.wabaId).length === PER_LANGUAGE, 'the templates reach WhatsApp');
    const submitted = fake.business.templates(signup.wabaId);
    expect(new Set(submitted.map((t) => t.language))).toEqual(new Set(['it']));
    expect(submitted.find((t) => t.name === 'pawline_appointment_reminder_v1')).toMatchObject({ category: 'UTILITY', status: 'PENDING' });
    expect(submitted.find((t) => t.name === 'pawline_come_back_v1')).toMatchObject({ category: 'MARKETING' });
    await until(async () => (await registrations(anna)).length === PER_LANGUAGE, 'the registrations are listed');
    expect((await registrations(anna)).every((r) => r.status === 'pending')).toBe(true);
  });

  it("follows Meta's review through the template-status webhook: approved, rejected with the reason, then paused", async () => {
    const wabaId = (await http(anna, 'GET', msg(anna, 'whatsapp'))).body['waba_id'] as string;
    const reminder = fake.business.templates(wabaId).find((t) => t.name === 'pawline_appointment_reminder_v1');
    const birthday = fake.business.templates(wabaId).find((t) => t.name === 'pawline_pet_birthday_v1');
    if (!reminder || !birthday) throw new Error('templates missing');
    fake.business.review(reminder.id, { status: 'APPROVED' });
    fake.business.review(birthday.id, { status: 'REJECTED', reason: 'INCORRECT_CATEGORY' });
    const statusOf = async (name: string) => (await registrations(anna)).find((r) => r.name === name);
    await until(async () => (await statusOf('pawline_pet_birthday_v1'))?.status === 'rejected', 'the rejection arrives');
    expect(await statusOf('pawline_pet_birthday_v1')).toMatchObject({
      source: 'built_in',
      template_type: 1,
      language: 'it',
      reason: 'INCORRECT_CATEGORY',
    });
    expect(await statusOf('pawline_appointment_reminder_v1')).toMatchObject({ status: 'approved', reason: null });
    const listed = (await http(worker, 'GET', msg(anna, 'templates'))).body['v'] as {
      template_type: number;
      language: string;
      whatsapp: unknown;
    }[];
    expect(listed.find((t) => t.template_type === 1 && t.language === 'it')).toMatchObject({
      status: 'rejected',
      whatsapp: { status: 'rejected', reason: 'INCORRECT_CATEGORY' },
    });
    fake.business.review(reminder.id, { status: 'PAUSED' });
    await until(async () => (await statusOf('pawline_appointment_reminder_v1'))?.status === 'paused', 'the pause arrives');
    expect((await http(anna, 'GET', msg(anna, 'whatsapp'))).body['templates']).toMatchObject({
      paused: 1,
      rejected: 1,
      pending: PER_LANGUAGE - 2,
    });
  });

  it('polls WhatsApp for a review whose webhook never came', async () => {
    const wabaId = (await http(anna, 'GET', msg(anna, 'whatsapp'))).body['waba_id'] as string;
    fake.configure({ webhook: undefined });
    const offer = fake.business.templates(wabaId).find((t) => t.name === 'pawline_come_back_v1');
    if (!offer) throw new Error('no offer template');
    // Meta reviews it, but its webhook is lost
    fake.business.review(offer.id, { status: 'APPROVED' });
    fake.configure({ webhook: { url: `${base}/api/v1/webhooks/whatsapp`, appSecret: APP.secret, batchMs: 20 } });
    const job = service.app.get(TemplateRegistryJob);
    await job.runOnce(new Date(Date.now() + 60 * 60_000));
    expect((await registrations(anna)).find((r) => r.name === 'pawline_come_back_v1')?.status).toBe('approved');
  });

  it("reads the number's quality rating and messaging limit again when the stored answer is old", async () => {
    const account = (await http(anna, 'GET', msg(anna, 'whatsapp'))).body as unknown as WhatsappAccount;
    fake.business.setPhone(account.phone_number_id ?? '', { qualityRating: 'YELLOW', messagingLimitTier: 'TIER_1K' });
    expect((await http(anna, 'GET', msg(anna, 'whatsapp'))).body).toMatchObject({ quality_rating: 'GREEN' });
    await env.query(`UPDATE "messaging".messaging_sender SET number_read_at = now() - interval '1 hour' WHERE orga_id = $1`, [anna.orgaId]);
    expect((await http(worker, 'GET', msg(anna, 'whatsapp'))).body).toMatchObject({ quality_rating: 'YELLOW', messaging_limit: 'TIER_1K' });
  });

  it('connects an existing account by hand only once WhatsApp accepts the number, account and token; one number, one organization', async () => {
    const existing = fake.business.signup({ businessName: 'Hundesalon Bruno', displayPhoneNumber: '+49 30 5550100' });
    const token = fake.business.grantToken(existing.wabaId);
    const wrongToken = await http(
      bruno,
      'POST',
      msg(bruno, 'whatsapp/connect-manual'),
      { phone_number_id: existing.phoneNumberId, waba_id: existing.wabaId, access_token: 'EAAG-wrong-token-0123' },
      'de',
    );
    expect(wrongToken).toMatchObject({
      status: 400,
      body: { code: 'whatsapp_credentials_invalid', message: expect.stringMatching(/^WhatsApp hat diese Angaben nicht akzeptiert/) },
    });
    const wrongNumber = await http(bruno, 'POST', msg(bruno, 'whatsapp/connect-manual'), {
      phone_number_id: '1234567890',
      waba_id: existing.wabaId,
      access_token: token,
    });
    expect(wrongNumber).toMatchObject({ status: 400, body: { code: 'whatsapp_credentials_invalid' } });
    expect((await http(bruno, 'GET', msg(bruno, 'whatsapp'))).body).toMatchObject({ status: 'not_connected' });
    const connected = await http(bruno, 'POST', msg(bruno, 'whatsapp/connect-manual'), {
      phone_number_id: existing.phoneNumberId,
      waba_id: existing.wabaId,
      access_token: token,
    });
    expect(connected).toMatchObject({
      status: 200,
      body: { status: 'connected', connected_via: 'manual', display_name: 'Hundesalon Bruno' },
    });
    // the salon's language is German: its templates are German
    await until(() => fake.business.templates(existing.wabaId).length === PER_LANGUAGE, 'German templates');
    expect(new Set(fake.business.templates(existing.wabaId).map((t) => t.language))).toEqual(new Set(['de']));
    const taken = await http(anna, 'POST', msg(anna, 'whatsapp/connect-manual'), {
      phone_number_id: existing.phoneNumberId,
      waba_id: existing.wabaId,
      access_token: token,
    });
    expect(taken).toMatchObject({ status: 409, body: { code: 'whatsapp_number_in_use' } });
    expect((await http(anna, 'GET', msg(anna, 'whatsapp'))).body).toMatchObject({ connected_via: 'embedded_signup' });
  });

  it('records an error Meta reports about the number without a message (value.errors), shown with the number', async () => {
    const account = (await http(anna, 'GET', msg(anna, 'whatsapp'))).body as unknown as WhatsappAccount;
    expect(
      await fake.reportError(account.phone_number_id ?? '', { code: 131031, title: 'Account has been locked', details: 'Policy' }),
    ).toBe(200);
    await until(
      async () => ((await http(anna, 'GET', msg(anna, 'whatsapp'))).body as unknown as WhatsappAccount).errors.length === 1,
      'the error',
    );
    expect(((await http(anna, 'GET', msg(anna, 'whatsapp'))).body as unknown as WhatsappAccount).errors).toEqual([
      { code: 131031, title: 'Account has been locked', details: 'Policy', at: expect.any(String) },
    ]);
  });

  it('disconnects: the app leaves the webhooks, nothing is sent any more, the templates and messages stay', async () => {
    const before = (await http(anna, 'GET', msg(anna, 'whatsapp'))).body as unknown as WhatsappAccount;
    expect((await http(worker, 'DELETE', msg(anna, 'whatsapp'))).status).toBe(403);
    const after = await http(anna, 'DELETE', msg(anna, 'whatsapp'));
    expect(after).toMatchObject({ status: 200, body: { status: 'disconnected', phone_number_id: before.phone_number_id } });
    expect(fake.business.subscribedApps(before.waba_id ?? '')).toEqual([]);
    const [row] = await env.query<{ access_token_enc: string }>(
      `SELECT access_token_enc FROM "messaging".messaging_sender WHERE orga_id = $1`,
      [anna.orgaId],
    );
    expect(row?.access_token_enc).toBe('');
    const kept = await env.query(`SELECT 1 FROM "messaging".waba_template WHERE orga_id = $1`, [anna.orgaId]);
    expect(kept.length).toBe(PER_LANGUAGE);
  });

  it("posted only webhooks that follow Meta's document", () => {
    expect(fake.webhookBodies().length).toBeGreaterThan(3);
    for (const body of fake.webhookBodies()) expect(meta.webhookProblems(body)).toEqual([]);
  });
});
