import { randomUUID } from 'node:crypto';
import {
  cancelOrgaRpc,
  createAppointmentRpc,
  createCustomerRpc,
  createPetRpc,
  orgaCreatedEvent,
  storeCreatedEvent,
  type MessageQuotaView,
  type MessageTemplate,
  type ReminderSettings,
} from '@pawline/contracts';
import { builtInTemplateId } from '@pawline/domain';
import { FILE_STORAGE, StoredFileMissing, type FileStorage, type NatsRpcClient, type RunningService } from '@pawline/nest-kit';
import { call, createTestEnv, emitEvent, until, type TestEnv } from '@pawline/nest-kit/testing';
import { confirmWhatsappProfileRpc, type MessagingFile, type WhatsappProfile } from '@pawline/contracts';
import { crmService } from '../../../crm/src/crm.service-definition';
import { gatewayService } from '../../../gateway/src/gateway.service-definition';
import { identityService } from '../../../identity/src/identity.service-definition';
import { schedulingService } from '../../../scheduling/src/scheduling.service-definition';
import { MessageQuotaService } from '../../src/quota/message-quota.service';
import { SandboxReviewJob } from '../../src/profile/sandbox-review.job';
import { QuotaRefreshJob } from '../../src/quota/quota-refresh.job';
import { messagingService } from '../../src/messaging.service-definition';
import { TEST_SECRET, hireWorker, signUp, type Salon } from './messaging-test-helpers';

jest.setTimeout(240_000);

type Answer = { status: number; body: Record<string, unknown> };

describe('messaging core through the gateway (real Postgres, NATS, identity, crm, scheduling)', () => {
  let env: TestEnv;
  let service: RunningService;
  let client: NatsRpcClient;
  let base = '';
  let anna: Salon;
  let worker: Salon;
  let jurgen: Salon;
  let annaStore = '';

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
  const quotaRow = async (orgaId: string) =>
    (
      await env.query<{ msg_left: number; over_plan_free_left: number; over_plan_billed: number }>(
        `SELECT * FROM "messaging".message_quota WHERE orga_id = $1`,
        [orgaId],
      )
    )[0];

  beforeAll(async () => {
    process.env['AUTH_TOKEN_SECRET'] = TEST_SECRET;
    env = await createTestEnv();
    await env.start(identityService);
    await env.start(crmService);
    await env.start(schedulingService);
    service = await env.start(messagingService, { httpPort: 0 });
    process.env['PAWLINE_SERVICES'] = 'identity,crm,scheduling,messaging';
    base = (await env.start(gatewayService, { httpPort: 0 })).httpUrl ?? '';
    client = env.rpcClient();
    anna = await signUp(client, 'Anna');
    jurgen = await signUp(client, 'Jurgen', 'DE');
    worker = await hireWorker(client, anna, 'Walter');
    const [store] = await env.query<{ id: string }>(`SELECT id FROM identity.store WHERE orga_id = $1`, [anna.orgaId]);
    annaStore = store.id;
  });

  afterAll(async () => {
    await env.dispose();
  });

  it('answers GET /health with postgres and nats up', async () => {
    const response = await fetch(`${service.httpUrl}/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'up', service: 'messaging', checks: { postgres: 'up', nats: 'up' } });
  });

  it('R3.13 lists the built-in templates of every type and language as {v}, and the organization writes its own', async () => {
    const listed = await http(worker, 'GET', msg(anna, 'templates'));
    expect(listed.status).toBe(200);
    const builtIn = (listed.body['v'] as MessageTemplate[]).filter((template) => template.built_in);
    expect(builtIn).toHaveLength(20);
    expect(new Set(builtIn.map((template) => template.template_type))).toEqual(new Set([0, 1, 2, 3, 4]));
    expect(builtIn.find((template) => template.template_type === 0 && template.language === 'it')).toMatchObject({
      button: 1,
      frequency: 'day_before',
    });

    const own = {
      template_type: 4,
      title: 'Tra qualche giorno',
      template_text: 'Ciao {{1}}, {{2}} ti aspetta {{3}}. A presto!',
      variables_str: 'first_name/pet_name/date',
      button: 1,
      frequency: 'days_before',
      language: 'it',
    };
    const created = await http(anna, 'POST', msg(anna, 'template'), own);
    expect(created).toMatchObject({ status: 201, body: { ...own, status: 'pending', built_in: false, orga_id: anna.orgaId } });
    const id = created.body['id'] as string;
    expect(((await http(anna, 'GET', msg(anna, 'templates'))).body['v'] as MessageTemplate[]).map((t) => t.id)).toContain(id);
    // another organization sees only the built-in ones
    expect(((await http(jurgen, 'GET', msg(jurgen, 'templates'))).body['v'] as MessageTemplate[]).map((t) => t.id)).not.toContain(id);

    const changed = await http(anna, 'PUT', msg(anna, `template/${id}`), { ...own, title: 'Promemoria' });
    expect(changed).toMatchObject({ status: 200, body: { id, title: 'Promemoria', status: 'pending' } });
    expect((await http(anna, 'DELETE', msg(anna, `template/${builtInTemplateId(0, 'it')}`))).status).toBe(404);
    expect(await http(anna, 'DELETE', msg(anna, `template/${id}`))).toMatchObject({
      status: 200,
      body: { deleted: true, template_id: id },
    });
    expect((await http(anna, 'DELETE', msg(anna, `template/${id}`))).status).toBe(404);
  });

  it('R3.13 refuses a template WhatsApp would not take with 400 in the caller language, and writes nothing', async () => {
    const before = (await env.query(`SELECT id FROM "messaging".message_template WHERE orga_id = $1`, [anna.orgaId])).length;
    const bad = await http(
      anna,
      'POST',
      msg(anna, 'template'),
      { template_type: 0, title: 'x', template_text: 'Ciao {{1}}, ci vediamo {{3}}.', variables_str: 'first_name/date', language: 'it' },
      'it',
    );
    expect(bad).toMatchObject({ status: 400, body: { code: 'validation_failed', message: 'Alcuni campi non sono validi.' } });
    expect((bad.body['fields'] as Record<string, string>)['template_text']).toContain('placeholders_not_numbered_in_order');
    const unknown = await http(
      anna,
      'POST',
      msg(anna, 'template'),
      { template_type: 0, title: 'x', template_text: 'Hi {{1}} ok', variables_str: 'nickname', language: 'en' },
      'de',
    );
    expect(unknown).toMatchObject({ status: 400, body: { code: 'validation_failed', message: 'Einige Felder sind ungültig.' } });
    expect((await env.query(`SELECT id FROM "messaging".message_template WHERE orga_id = $1`, [anna.orgaId])).length).toBe(before);
  });

  it('R1.06 R9.03 R3.14 answers the default settings: the appointment reminder on at 12:00 the day before, pre-appointment 2 days', async () => {
    const settings = await http(worker, 'GET', msg(anna, 'settings'));
    expect(settings.status).toBe(200);
    expect(settings.body).toMatchObject({
      appointment_reminder_enabled: 1,
      msg_slot: '12:00',
      message_template: builtInTemplateId(0, 'it'),
      pre_appointment_reminder_enabled: 2,
      pre_appointment_days: 2,
      language: 'it',
      reminder_to_book_frequency: 'quarterly',
    });
    // a German salon's customers get German templates
    expect((await http(jurgen, 'GET', msg(jurgen, 'settings'))).body).toMatchObject({
      language: 'de',
      message_template: builtInTemplateId(0, 'de'),
    });
  });

  it('R5.12 raises pre-appointment reminder days below 2 to 2; R3.14 turns a type off with 2', async () => {
    const saved = await http(anna, 'PUT', msg(anna, 'settings'), {
      pre_appointment_reminder_enabled: 1,
      pre_appointment_days: 1,
      appointment_reminder_enabled: 2,
      msg_slot: '09:30',
    });
    expect(saved).toMatchObject({
      status: 200,
      body: { pre_appointment_reminder_enabled: 1, pre_appointment_days: 2, appointment_reminder_enabled: 2, msg_slot: '09:30' },
    });
    expect((await http(anna, 'PUT', msg(anna, 'settings'), { pre_appointment_days: -5 })).body['pre_appointment_days']).toBe(2);
    expect((await http(anna, 'PUT', msg(anna, 'settings'), { pre_appointment_days: 5 })).body['pre_appointment_days']).toBe(5);
    expect((await http(worker, 'GET', msg(anna, 'settings'))).body).toMatchObject({
      pre_appointment_days: 5,
      appointment_reminder_enabled: 2,
    });
  });

  it('R5.11 refuses a free text over 500 characters with 400 in the caller language and keeps the settings', async () => {
    const before = (await http(anna, 'GET', msg(anna, 'settings'))).body as ReminderSettings;
    const refused = await http(anna, 'PUT', msg(anna, 'settings'), { message_template_addition: 'x'.repeat(501) }, 'it');
    expect(refused).toMatchObject({ status: 400, body: { code: 'validation_failed', message: 'Alcuni campi non sono validi.' } });
    expect(Object.keys(refused.body['fields'] as object)).toContain('message_template_addition');
    expect(
      (await http(anna, 'PUT', msg(anna, 'settings'), { message_template_addition: 'y'.repeat(500) })).body['message_template_addition'],
    ).toHaveLength(500);
    // a template of another type, or of another organization, is not a valid choice
    const wrongType = await http(anna, 'PUT', msg(anna, 'settings'), { message_template: builtInTemplateId(1, 'it') });
    expect(wrongType.status).toBe(400);
    expect((await http(anna, 'GET', msg(anna, 'settings'))).body['message_template']).toBe(before.message_template);
  });

  it('R6.05 refuses writes to non-administrators and every route of another organization', async () => {
    expect((await http(worker, 'PUT', msg(anna, 'settings'), { msg_slot: '10:00' })).status).toBe(403);
    expect(
      (
        await http(worker, 'POST', msg(anna, 'template'), {
          template_type: 0,
          title: 'x',
          template_text: 'Hi {{1}} ok',
          variables_str: 'first_name',
          language: 'en',
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await http(worker, 'POST', msg(anna, 'whatsapp/connect-manual'), {
          phone_number_id: '123456789',
          waba_id: '123456780',
          access_token: 'EAAG-0123456789',
        })
      ).status,
    ).toBe(403);
    for (const path of ['templates', 'settings', 'msg_left', 'sender', 'whatsapp_profile', 'whatsapp', 'whatsapp/templates']) {
      expect((await http(jurgen, 'GET', msg(anna, path))).status).toBe(403);
    }
    expect((await http(jurgen, 'PUT', msg(anna, 'settings'), { msg_slot: '10:00' })).status).toBe(403);
    expect((await http(null, 'GET', msg(anna, 'msg_left'))).status).toBe(401);
  });

  it('R3.15 previews a template with a real appointment: customer, pet, store and time in the store zone', async () => {
    const scope = { orga_id: anna.orgaId, store_id: annaStore };
    const { customer } = await call(client, createCustomerRpc, { ...scope, first_name: 'Giulia', last_name: 'Bianchi' }, anna.auth);
    const { pet } = await call(client, createPetRpc, { ...scope, customer_id: customer.id, name: 'Fido', pet_type: 1 }, anna.auth);
    // scheduling learns of the pet from crm's event
    const appointment = await until(
      () =>
        call(
          client,
          createAppointmentRpc,
          { ...scope, appointment: { date: '2031-03-13', hour: 14, min: 30, duration: 60, pet_ids: [pet.id] } },
          anna.auth,
        ),
      { timeoutMs: 10_000, what: 'the appointment booked' },
    );
    const appointmentId = appointment.items[0].id;
    const preview = await http(worker, 'POST', `/api/v1/orga/${anna.orgaId}/store/${annaStore}/msg/preview`, {
      template_id: builtInTemplateId(0, 'it'),
      appointment_id: appointmentId,
      addition: 'Porta il guinzaglio.',
    });
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({
      text: "Ciao Giulia, ti ricordiamo l'appuntamento di Fido presso Salone Anna giovedì 13 marzo 2031 alle 14:30. Porta il guinzaglio. Conferma o disdici qui sotto.",
      parameters: ['Giulia', 'Fido', 'Salone Anna', 'giovedì 13 marzo 2031', '14:30', 'Porta il guinzaglio.'],
      appointment_id: appointmentId,
    });
    // a text being written, with the store's next appointment (two days from now)
    const { pet: rex } = await call(client, createPetRpc, { ...scope, customer_id: customer.id, name: 'Rex', pet_type: 1 }, anna.auth);
    const soon = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const next = await until(
      () =>
        call(
          client,
          createAppointmentRpc,
          { ...scope, appointment: { date: soon, hour: 12, min: 0, duration: 30, pet_ids: [rex.id] } },
          anna.auth,
        ),
      { timeoutMs: 10_000, what: 'the next appointment booked' },
    );
    const draft = await http(anna, 'POST', `/api/v1/orga/${anna.orgaId}/store/${annaStore}/msg/preview`, {
      template_text: 'Ciao {{1}} e {{2}}!',
      variables_str: 'first_name/pet_name',
    });
    expect(draft).toMatchObject({ status: 200, body: { text: 'Ciao Giulia e Rex!', appointment_id: next.items[0].id } });
    expect(
      (
        await http(jurgen, 'POST', `/api/v1/orga/${anna.orgaId}/store/${annaStore}/msg/preview`, {
          template_text: 'Hi {{1}}!',
          variables_str: 'first_name',
        })
      ).status,
    ).toBe(403);
    expect((await http(anna, 'POST', `/api/v1/orga/${anna.orgaId}/store/${annaStore}/msg/preview`, {})).status).toBe(400);
  });

  it('R4.10 R8.09 answers msg_left for a trial: 50 in the first 30 days, a low warning under 10', async () => {
    const quota = await http(worker, 'GET', msg(anna, 'msg_left'));
    expect(quota).toMatchObject({
      status: 200,
      body: { orga_id: anna.orgaId, tier: 0, msg_left: 50, msg_entitled: 50, source: 'trial', warning: null },
    });
    const quotas = service.app.get(MessageQuotaService);
    expect(await quotas.reserve(anna.orgaId, 45)).toBe(45);
    expect((await http(anna, 'GET', msg(anna, 'msg_left'))).body).toMatchObject({ msg_left: 5, warning: 'low' });
    expect(await quotas.reserve(anna.orgaId, 10)).toBe(5);
    expect((await http(anna, 'GET', msg(anna, 'msg_left'))).body as MessageQuotaView).toMatchObject({
      msg_left: 0,
      warning: 'trial_limit',
    });
    await quotas.release(anna.orgaId, 50);
    expect((await http(anna, 'GET', msg(anna, 'msg_left'))).body).toMatchObject({ msg_left: 50, warning: null });
  });

  it('never overspends when reserves race: 60 parallel reserves of 1 grant exactly the 50 left', async () => {
    const quotas = service.app.get(MessageQuotaService);
    const granted = await Promise.all(Array.from({ length: 60 }, () => quotas.reserve(anna.orgaId, 1)));
    expect(granted.reduce((sum, n) => sum + n, 0)).toBe(50);
    expect((await quotaRow(anna.orgaId))?.msg_left).toBe(0);
    await quotas.release(anna.orgaId, 50);
  });

  it('R8.09 a paid plan: monthly messages, then 10 free, then billed at €0.20; a new month starts again (R4.23 at 12:30 local)', async () => {
    const quotas = service.app.get(MessageQuotaService);
    // billing (a later issue) moves tiers; here the row is set as a paid organization's would be
    await env.query(
      `UPDATE "messaging".message_quota SET tier = 4, msg_entitled = 500, msg_left = 3, over_plan_free_left = 10, over_plan_billed = 0, source = 'tier_default' WHERE orga_id = $1`,
      [jurgen.orgaId],
    );
    expect(await quotas.reserve(jurgen.orgaId, 20)).toBe(20);
    expect(await quotaRow(jurgen.orgaId)).toMatchObject({ msg_left: 0, over_plan_free_left: 0, over_plan_billed: 7 });
    expect(await quotas.view(jurgen.orgaId)).toMatchObject({ warning: 'plan_limit', over_plan_price_cents: 140 });

    // the daily job: not before 12:30 in the organization's zone (Europe/Berlin), then once that day
    const job = service.app.get(QuotaRefreshJob);
    await env.query(`UPDATE "messaging".message_quota SET period = '2031-02', refreshed_on = NULL WHERE orga_id = $1`, [jurgen.orgaId]);
    // the zone comes with identity's organization and store events, which may still be on their way on a busy
    // machine (21 s seen in CI); whichever comes first, the row gets the store's zone (the next test)
    await until(
      async () => {
        const [row] = await env.query<{ time_zone: string }>(`SELECT time_zone FROM "messaging".message_quota WHERE orga_id = $1`, [
          jurgen.orgaId,
        ]);
        expect(row?.time_zone).toBe('Europe/Berlin');
        return true;
      },
      { timeoutMs: 90_000, what: "the quota row in the store's zone" },
    );
    await job.runOnce(new Date('2031-03-03T11:00:00Z')); // 12:00 in Berlin
    expect(await quotaRow(jurgen.orgaId)).toMatchObject({ msg_left: 0, refreshed_on: null });
    await job.runOnce(new Date('2031-03-03T11:31:00Z')); // 12:31 in Berlin
    expect(await quotaRow(jurgen.orgaId)).toMatchObject({ msg_left: 500, over_plan_free_left: 10, over_plan_billed: 0, period: '2031-03' });
    const [refreshed] = await env.query<{ refreshed_on: string }>(
      `SELECT to_char(refreshed_on, 'YYYY-MM-DD') AS refreshed_on FROM "messaging".message_quota WHERE orga_id = $1`,
      [jurgen.orgaId],
    );
    expect(refreshed?.refreshed_on).toBe('2031-03-03');
  }, 120_000);

  it("counts an organization's month in its first store's zone even when the store's event comes first (two consumers)", async () => {
    const orgaId = randomUUID();
    const storeId = randomUUID();
    await emitEvent(env, storeCreatedEvent, {
      orga_id: orgaId,
      store_id: storeId,
      name: 'Early store',
      time_zone: 'America/New_York',
      phone: '+1 212 555 0100',
      country: 'US',
    });
    // the store is kept for an organization not known yet, and its handler does not fail
    await until(async () => (await env.query(`SELECT 1 FROM "messaging".early_store_zone WHERE store_id = $1`, [storeId])).length > 0);
    await emitEvent(env, orgaCreatedEvent, {
      orga_id: orgaId,
      owner_user_id: randomUUID(),
      name: 'Late organization',
      country: 'US',
      tier: 0,
      created_at: '2031-01-10T15:00:00Z',
      trial_ends_at: '2031-01-25T15:00:00Z',
    });
    const row = await until(async () => quotaRow(orgaId));
    expect(row).toMatchObject({ time_zone: 'America/New_York', zone_store_id: storeId });
    expect(await env.query(`SELECT 1 FROM "messaging".early_store_zone WHERE orga_id = $1`, [orgaId])).toHaveLength(0);
    // a later store of the same organization does not move the zone
    const second = await emitEvent(env, storeCreatedEvent, {
      orga_id: orgaId,
      store_id: randomUUID(),
      name: 'Second store',
      time_zone: 'Asia/Tokyo',
      phone: '+1 212 555 0101',
      country: 'US',
    });
    await until(
      async () =>
        (
          await env.query(`SELECT 1 FROM "messaging".processed_event WHERE durable = 'messaging-quota-store' AND event_id = $1`, [
            second.id,
          ])
        ).length > 0,
    );
    expect(await quotaRow(orgaId)).toMatchObject({ time_zone: 'America/New_York' });
    expect(await env.query(`SELECT 1 FROM "messaging".early_store_zone WHERE orga_id = $1`, [orgaId])).toHaveLength(0);
  });

  const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
  const upload = async (salon: Salon, bytes: Buffer, name: string, lang = 'en') => {
    const response = await fetch(`${base}${msg(anna, 'whatsapp_profile_image')}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${salon.token}`,
        'content-type': 'application/octet-stream',
        'x-file-name': name,
        'accept-language': lang,
      },
      body: new Uint8Array(bytes),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it('R9.04 keeps one WhatsApp profile image, jpg or png by content, at most 1 MB; members download it, others do not', async () => {
    expect((await upload(worker, PNG, 'logo.png')).status).toBe(403);
    const wrong = await upload(anna, Buffer.from('%PDF-1.4 not an image'), 'logo.png');
    expect(wrong).toMatchObject({ status: 400, body: { fields: { file: 'errors.uploadWrongType' } } });
    const big = await upload(anna, Buffer.concat([PNG, Buffer.alloc(1_048_577 - PNG.length)]), 'big.png');
    expect(big.status).toBe(413);
    const stored = await upload(anna, PNG, 'logo.png');
    expect(stored).toMatchObject({
      status: 201,
      body: { kind: 'whatsapp_profile', mime: 'image/png', size: PNG.length, file_name: 'logo.png' },
    });
    const again = await upload(anna, PNG, 'logo2.png');
    expect(again).toMatchObject({ status: 400, body: { fields: { file: 'errors.uploadTooMany' } } });
    const listed = await http(worker, 'GET', msg(anna, 'whatsapp_profile_images'));
    expect(listed.status).toBe(200);
    expect((listed.body as unknown as MessagingFile[]).map((file) => file.id)).toEqual([stored.body['id']]);
    const item = `/api/v1/orga/whatsapp_profile_image/${stored.body['id'] as string}`;
    const download = await fetch(`${base}${item}`, { headers: { authorization: `Bearer ${worker.token}` } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toContain('image/png');
    expect(Buffer.from(await download.arrayBuffer()).equals(PNG)).toBe(true);
    const foreign = await fetch(`${base}${item}`, { headers: { authorization: `Bearer ${jurgen.token}` } });
    expect([403, 404]).toContain(foreign.status);
    expect((await http(jurgen, 'DELETE', msg(anna, 'whatsapp_profile_image'))).status).toBe(403);
  });

  it('R4.14 a profile update request is in progress, due 7 working days later (Monday to Saturday), until it goes live', async () => {
    const [image] = (await http(anna, 'GET', msg(anna, 'whatsapp_profile_images'))).body as unknown as MessagingFile[];
    expect(
      (
        await http(anna, 'PUT', msg(anna, 'whatsapp_profile'), {
          name: 'Salone Anna',
          about: 'Toelettatura',
          image_file_id: '7d1c0c54-4c3e-4a55-9c4f-7b1a1b2c3d4e',
        })
      ).status,
    ).toBe(400);
    expect((await http(worker, 'PUT', msg(anna, 'whatsapp_profile'), { name: 'Salone Anna' })).status).toBe(403);
    const requested = await http(anna, 'PUT', msg(anna, 'whatsapp_profile'), {
      name: 'Salone Anna',
      about: 'Toelettatura a Roma',
      image_file_id: image.id,
    });
    expect(requested.status).toBe(200);
    const profile = requested.body as unknown as WhatsappProfile;
    expect(profile.live).toBeNull();
    expect(profile.request).toMatchObject({ status: 'in_progress', name: 'Salone Anna', image_file_id: image.id });
    const start = new Date(profile.request!.requested_at);
    const days = (Date.parse(profile.request!.due_by) - Date.parse(start.toISOString().slice(0, 10))) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(7);
    expect(days).toBeLessThanOrEqual(9);
    expect(new Date(`${profile.request!.due_by}T12:00:00Z`).getUTCDay()).not.toBe(0);
    // the sandbox's review: nothing before its delay, live after it
    const review = service.app.get(SandboxReviewJob);
    await review.runOnce(new Date(start.getTime() + 1000));
    expect(((await http(worker, 'GET', msg(anna, 'whatsapp_profile'))).body as unknown as WhatsappProfile).request?.status).toBe(
      'in_progress',
    );
    await review.runOnce(new Date(start.getTime() + 10 * 60_000));
    const live = (await http(worker, 'GET', msg(anna, 'whatsapp_profile'))).body as unknown as WhatsappProfile;
    expect(live).toMatchObject({
      live: { name: 'Salone Anna', about: 'Toelettatura a Roma', image_file_id: image.id },
      request: { status: 'live' },
    });
    // a provider's confirmation is service to service only
    await expect(
      call(client, confirmWhatsappProfileRpc, { orga_id: anna.orgaId, request_id: live.request!.id }, anna.auth),
    ).rejects.toMatchObject({ code: 'forbidden' });
    expect((await http(anna, 'DELETE', msg(anna, 'whatsapp_profile_image'))).body).toEqual({ deleted: true, file_id: image.id });
  });

  it("R1.17 purges a cancelled organization's messaging rows and keeps the others'", async () => {
    const rows = async (orgaId: string) =>
      Number((await env.query<{ n: string }>(`SELECT count(*) AS n FROM "messaging".message_quota WHERE orga_id = $1`, [orgaId]))[0]?.n);
    expect(await rows(jurgen.orgaId)).toBe(1);
    // jurgen's WhatsApp profile image: its row and its stored bytes go with the organization
    const image = await fetch(`${base}${msg(jurgen, 'whatsapp_profile_image')}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${jurgen.token}`, 'content-type': 'application/octet-stream', 'x-file-name': 'logo.png' },
      body: new Uint8Array(PNG),
    });
    expect(image.status).toBe(201);
    const [file] = await env.query<{ storage_key: string }>(`SELECT storage_key FROM "messaging".messaging_file WHERE orga_id = $1`, [
      jurgen.orgaId,
    ]);
    const storage = service.app.get<FileStorage>(FILE_STORAGE, { strict: false });
    expect((await storage.get(file.storage_key)).equals(PNG)).toBe(true);
    await call(client, cancelOrgaRpc, { orga_id: jurgen.orgaId, confirm_name: jurgen.orgaName }, jurgen.auth);
    await until(async () => (await rows(jurgen.orgaId)) === 0, { timeoutMs: 10_000, what: "the cancelled organization's rows purged" });
    expect(await rows(anna.orgaId)).toBe(1);
    expect(await env.query(`SELECT id FROM "messaging".messaging_file WHERE orga_id = $1`, [jurgen.orgaId])).toEqual([]);
    await expect(storage.get(file.storage_key)).rejects.toBeInstanceOf(StoredFileMissing);
  });
});
