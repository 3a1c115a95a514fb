import { randomUUID } from 'node:crypto';
import { jetstream } from '@nats-io/jetstream';
import { io as connectSocket } from 'socket.io-client';
import { loginRpc, providerStatusReceivedEvent, REMINDER_STATUS, type Appointment, type EventPayload } from '@pawline/contracts';
import { createTestEnv, until as pollUntil, type TestEnv } from '@pawline/nest-kit/testing';
import { identityService } from '../../../identity/src/identity.service-definition';
import { schedulingService } from '../../../scheduling/src/scheduling.service-definition';
import { call, petOf, signUp, TEST_SECRET, type Salon } from '../../../scheduling/test/integration/scheduling-test-helpers';
import { gatewayService } from '../../../gateway/src/gateway.service-definition';
import { messagingService } from '../../src/messaging.service-definition';

jest.setTimeout(120_000);

type Message = { scope: string; event: string; data: string | null; store_id: string | null };

describe('provider statuses onto the reminder and the calendar card (webhook event → messaging → scheduling → gateway)', () => {
  let env: TestEnv;
  let base = '';
  let anna: Salon;
  let token = '';

  beforeAll(async () => {
    process.env['AUTH_TOKEN_SECRET'] = TEST_SECRET;
    env = await createTestEnv();
    await env.start(identityService);
    await env.start(schedulingService);
    await env.start(messagingService);
    base = (await env.start(gatewayService, { httpPort: 0 })).httpUrl ?? '';
    const client = env.rpcClient();
    anna = await signUp(env, client, 'Anna');
    token = (await call(client, loginRpc, { username: anna.email, password: anna.password }, null)).access_token;
  });

  afterAll(async () => {
    await env?.dispose();
  });

  const storePath = () => `/api/v1/orga/${anna.orgaId}/store/${anna.storeId}`;
  const reminderStatus = async (appointmentId: string) => {
    const res = await fetch(`${base}${storePath()}/appointment/${appointmentId}`, { headers: { authorization: `Bearer ${token}` } });
    return ((await res.json()) as { items: Appointment[] }).items[0]?.reminder_status ?? null;
  };
  /** What the WhatsApp webhook publishes for one status of one message. */
  const webhookStatus = async (providerMessageId: string, status: EventPayload<typeof providerStatusReceivedEvent>['status']) => {
    const id = randomUUID();
    const envelope = {
      id,
      subject: providerStatusReceivedEvent.subject,
      occurredAt: new Date().toISOString(),
      orgaId: anna.orgaId,
      storeId: null,
      actor: null,
      data: {
        orga_id: anna.orgaId,
        provider: 'whatsapp_cloud',
        provider_message_id: providerMessageId,
        status,
        at: new Date().toISOString(),
        error_code: status === 'failed' ? 131026 : null,
        error_title: status === 'failed' ? 'Message undeliverable' : null,
      },
    };
    await jetstream(env.nats()).publish(`${env.subjectPrefix}${providerStatusReceivedEvent.subject}`, JSON.stringify(envelope), {
      msgID: id,
    });
  };
  const until = (probe: () => Promise<boolean>, what: string) => pollUntil(probe, { what });

  /** An appointment booked through the gateway and its reminder as the worker left it: sent, with the provider's id. */
  const bookedWithSentReminder = async (date: string) => {
    const pet = await petOf(env, anna);
    const created = await fetch(`${base}${storePath()}/appointment`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ appointment: { date, hour: 10, min: 0, duration: 30, pet_ids: [pet] } }),
    });
    const appointmentId = ((await created.json()) as { items: Appointment[] }).items[0]?.id ?? '';
    const providerMessageId = `wamid.${randomUUID()}`;
    await env.query(
      `INSERT INTO messaging.outbound_message (id, orga_id, store_id, kind, template_type, appointment_id, dedupe_key, to_phone, content,
         status, provider, provider_message_id, sent_at)
       VALUES ($1, $2, $3, 'reminder', 0, $4, $5, '393401234567', '{"kind":"text","to":"393401234567","text":"A domani!"}', $6,
         'whatsapp_cloud', $7, now())`,
      [randomUUID(), anna.orgaId, anna.storeId, appointmentId, `r:${appointmentId}`, REMINDER_STATUS.sent, providerMessageId],
    );
    return { appointmentId, providerMessageId };
  };

  it('R4.12 shows delivered then read on the appointment, live on the calendar, and ignores late and repeated statuses', async () => {
    const { appointmentId, providerMessageId } = await bookedWithSentReminder('2026-12-09');
    const received: Message[] = [];
    const socket = connectSocket(base, {
      path: '/websocket',
      auth: { token, channel: anna.orgaId, device: 'tablet' },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    socket.on('message', (message: Message) => received.push(message));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', (error) => reject(error));
    });
    const cardUpdates = () => received.filter((m) => m.scope === 'appointment' && m.event === 'updated' && m.data === appointmentId);
    try {
      await webhookStatus(providerMessageId, 'delivered');
      await until(async () => (await reminderStatus(appointmentId)) === REMINDER_STATUS.delivered, 'delivered on the appointment');
      await until(async () => cardUpdates().length === 1, 'the card to hear of it');
      expect(cardUpdates()[0]?.store_id).toBe(anna.storeId);

      // a repeated delivered and a late sent change nothing; read moves it on
      await webhookStatus(providerMessageId, 'delivered');
      await webhookStatus(providerMessageId, 'sent');
      await webhookStatus(providerMessageId, 'read');
      await until(async () => (await reminderStatus(appointmentId)) === REMINDER_STATUS.read, 'read on the appointment');
      await until(async () => cardUpdates().length === 2, 'the card to hear of read');
      // a failure after the phone had it is ignored too
      await webhookStatus(providerMessageId, 'failed');
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(await reminderStatus(appointmentId)).toBe(REMINDER_STATUS.read);
      expect(cardUpdates()).toHaveLength(2);
      const [outbound] = await env.query<{ status: number }>(
        `SELECT status FROM messaging.outbound_message WHERE provider_message_id = $1`,
        [providerMessageId],
      );
      expect(outbound?.status).toBe(REMINDER_STATUS.read);
    } finally {
      socket.disconnect();
    }
  });

  it("R4.12 shows 'WhatsApp failed, SMS will be sent' when the provider fails a sent reminder, also when it is read out of order before", async () => {
    const failed = await bookedWithSentReminder('2026-12-10');
    await webhookStatus(failed.providerMessageId, 'failed');
    await until(async () => (await reminderStatus(failed.appointmentId)) === REMINDER_STATUS.failed, 'failed on the appointment');
    // and its SMS is queued for the worker, in the transaction that recorded the failure
    const [outbound] = await env.query<{ id: string }>(`SELECT id FROM messaging.outbound_message WHERE provider_message_id = $1`, [
      failed.providerMessageId,
    ]);
    const jobs = await env.query<{ envelope: { data: unknown } }>(
      `SELECT envelope FROM messaging.outbox_event WHERE subject = 'work.messaging.send' AND envelope->'data'->>'outbound_id' = $1`,
      [outbound?.id],
    );
    expect(jobs.map((job) => job.envelope.data)).toEqual([{ outbound_id: outbound?.id, sms_fallback: true }]);

    // read arrives before delivered (webhooks are not ordered): it stays read
    const early = await bookedWithSentReminder('2026-12-11');
    await webhookStatus(early.providerMessageId, 'read');
    await webhookStatus(early.providerMessageId, 'delivered');
    await until(async () => (await reminderStatus(early.appointmentId)) === REMINDER_STATUS.read, 'read on the appointment');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await reminderStatus(early.appointmentId)).toBe(REMINDER_STATUS.read);
  });
});
