import { randomUUID } from 'node:crypto';
import { io as connectSocket, type Socket } from 'socket.io-client';
import {
  listSandboxMessagesRpc,
  REMINDER_STATUS,
  type AppointmentList,
  type MessageQuotaView,
  type NotificationList,
  type SandboxMessage,
} from '@pawline/contracts';
import type { NatsRpcClient } from '@pawline/nest-kit';
import { call, createTestEnv, type TestEnv } from '@pawline/nest-kit/testing';
import { crmService } from '../../../crm/src/crm.service-definition';
import { gatewayService } from '../../../gateway/src/gateway.service-definition';
import { newOwner, REDIS_URL, waitFor, type Owner } from '../../../gateway/test/integration/gateway-test-helpers';
import { identityService } from '../../../identity/src/identity.service-definition';
import { schedulingService } from '../../../scheduling/src/scheduling.service-definition';
import { messagingWorkerService } from '../../src/messaging-worker.service-definition';
import { messagingService } from '../../src/messaging.service-definition';
import { addDays, formatLocalDate, instantToLocal } from '@pawline/domain';

jest.setTimeout(90_000);

const TICK_MS = 500;
const ROME = 'Europe/Rome';

type RealtimeMessage = { scope: string; event: string; channel: string; store_id: string | null; data: unknown };

/** The local date and HH:MM in a zone (what the salon sees on its wall clock). */
function localNow(zone: string, shiftDays = 0): { date: string; hhmm: string } {
  const now = instantToLocal(Date.now(), zone);
  const two = (n: number) => String(n).padStart(2, '0');
  return { date: formatLocalDate(addDays(now, shiftDays)), hhmm: `${two(now.hour)}:${two(now.min)}` };
}

/**
 * The whole reminder pipeline with the real wiring: identity, crm, scheduling, messaging (directory,
 * scheduler, statuses, inbox), messaging-worker (sandbox provider) and the gateway, on real Postgres,
 * NATS and Redis. The salon acts through the gateway's HTTP routes only; the customer through /dev/whatsapp.
 */
describe('the reminder pipeline end to end (real services, sandbox provider)', () => {
  let env: TestEnv;
  let client: NatsRpcClient;
  let base = '';
  let owner: Owner;
  let storeId = '';
  let appointmentId = '';
  let customerPhone = '';
  let reminder: SandboxMessage;
  let socket: Socket | undefined;
  const heard: RealtimeMessage[] = [];
  const savedEnv = { ...process.env };

  const as = () => ({ token: owner.token });
  const store = () => `/api/v1/orga/${owner.orgaId}/store/${storeId}`;
  const appointment = async () => {
    const answer = await owner.browser.request('GET', `${store()}/appointment/${appointmentId}`, as());
    expect(answer.status).toBe(200);
    const item = (answer.body as AppointmentList).items[0];
    if (!item) throw new Error('the appointment is not answered');
    return item;
  };
  const msgLeft = async () => {
    const answer = await owner.browser.request('GET', `/api/v1/orga/${owner.orgaId}/msg/msg_left`, as());
    expect(answer.status).toBe(200);
    return (answer.body as MessageQuotaView).msg_left;
  };
  const sandboxMessages = async (): Promise<SandboxMessage[]> => {
    const [sender] = await env.query<{ phone_number_id: string }>(
      `SELECT phone_number_id FROM "messaging".messaging_sender WHERE orga_id = $1`,
      [owner.orgaId],
    );
    if (!sender) return [];
    return call(client, listSandboxMessagesRpc, { phone_number_id: sender.phone_number_id, customer: customerPhone }, null);
  };

  beforeAll(async () => {
    Object.assign(process.env, {
      AUTH_TOKEN_SECRET: 'reminder-pipeline-secret-0123456789abcdef',
      MAIL_TRANSPORT: 'sandbox',
      TRUSTED_PROXIES: '127.0.0.1, ::1',
      FRONTENDS_DIR: '/nonexistent-frontends',
      PAWLINE_SERVICES: 'identity,crm,scheduling,messaging',
      MESSAGING_PROVIDER: 'sandbox',
      SMS_PROVIDER: 'sandbox',
      SANDBOX_DELIVERED_AFTER_MS: '300',
      SANDBOX_READ_AFTER_MS: '600',
      REMINDER_TICK_MS: String(TICK_MS),
    });
    env = await createTestEnv();
    await env.start(identityService);
    await env.start(crmService);
    await env.start(schedulingService);
    await env.start(messagingService, { redisUrl: REDIS_URL });
    // the worker paces senders in Redis, as in production
    await env.start(messagingWorkerService, { redisUrl: REDIS_URL });
    base = (await env.start(gatewayService, { httpPort: 0, redisUrl: REDIS_URL })).httpUrl ?? '';
    client = env.rpcClient();
  });

  afterAll(async () => {
    socket?.disconnect();
    await env?.dispose();
    process.env = savedEnv;
  });

  it('R1.06 R4.12 sends the appointment reminder at the salon’s slot in Rome, once, and follows it to sent, delivered and read', async () => {
    owner = await newOwner(base);
    const stores = await owner.browser.request('GET', `/api/v1/orga/${owner.orgaId}/store`, as());
    const [first] = stores.body as { id: string; time_zone: string }[];
    expect(first?.time_zone).toBe(ROME);
    storeId = first?.id ?? '';
    // the default slot (12:00) must not run today's reminders before the appointment exists
    const parked = await owner.browser.request('PUT', `/api/v1/orga/${owner.orgaId}/msg/settings`, {
      ...as(),
      body: { appointment_reminder_enabled: 2 },
    });
    expect(parked.status).toBe(200);

    const suffix = String(1_000_000 + Math.floor(Math.random() * 8_000_000));
    customerPhone = `39333${suffix}`;
    const customer = await owner.browser.request('POST', `${store()}/customer`, {
      ...as(),
      body: {
        first_name: 'Marta',
        last_name: 'Bianchi',
        fon: `+39 333 ${suffix}`,
        consent_messages: true,
        consent_reminders: true,
      },
    });
    expect(customer.status).toBe(201);
    const customerId = (customer.body as { customer: { id: string } }).customer.id;
    const pet = await owner.browser.request('POST', `${store()}/pet`, {
      ...as(),
      body: { customer_id: customerId, name: 'Nuvola', pet_type: 2 },
    });
    expect(pet.status).toBe(201);
    const petId = (pet.body as { pet: { id: string } }).pet.id;
    const treatment = await owner.browser.request('POST', `/api/v1/orga/${owner.orgaId}/treatment`, {
      ...as(),
      body: { name: 'Bagno', default_duration: 60 },
    });
    expect(treatment.status).toBe(201);
    const tomorrow = localNow(ROME, 1).date;
    const booked = await owner.browser.request('POST', `${store()}/appointment`, {
      ...as(),
      body: {
        appointment: {
          date: tomorrow,
          hour: 10,
          min: 30,
          duration: 60,
          pet_ids: [petId],
          treatment_ids: [(treatment.body as { id: string }).id],
        },
      },
    });
    expect(booked.status).toBe(201);
    appointmentId = (booked.body as AppointmentList).items[0]?.id ?? '';
    expect(appointmentId).not.toBe('');
    const quotaBefore = await msgLeft();

    // messaging's directory learns the customer, the pet and the appointment from their events
    await waitFor(async () => {
      const rows = await env.query(
        `SELECT 1 FROM "messaging".dir_appointment a
           JOIN "messaging".dir_appointment_pet p USING (appointment_id)
           JOIN "messaging".dir_customer c ON c.customer_id = $2
          WHERE a.appointment_id = $1`,
        [appointmentId, customerId],
      );
      return rows.length > 0 ? true : undefined;
    }, 15_000);

    const slot = localNow(ROME).hhmm;
    const saved = await owner.browser.request('PUT', `/api/v1/orga/${owner.orgaId}/msg/settings`, {
      ...as(),
      body: { appointment_reminder_enabled: 1, msg_slot: slot },
    });
    expect(saved).toMatchObject({ status: 200, body: { appointment_reminder_enabled: 1, msg_slot: slot } });

    const watch = async (status: number) =>
      waitFor(async () => {
        const current = (await appointment()).reminder_status;
        return current !== null && current >= status ? current : undefined;
      }, 20_000);
    expect(await watch(REMINDER_STATUS.sent)).toBeGreaterThanOrEqual(REMINDER_STATUS.sent);
    expect(await watch(REMINDER_STATUS.delivered)).toBeGreaterThanOrEqual(REMINDER_STATUS.delivered);
    expect(await watch(REMINDER_STATUS.read)).toBe(REMINDER_STATUS.read);

    expect(await msgLeft()).toBe(quotaBefore - 1);
    const messages = await sandboxMessages();
    expect(messages).toHaveLength(1);
    reminder = messages[0];
    expect(reminder).toMatchObject({ direction: 'out', channel: 'whatsapp', kind: 'template', status: 'read' });
    expect(reminder.text).toContain('Marta');
    expect(reminder.text).toContain('Nuvola');
  });

  it('R4.12 R3.07 R4.01 the customer taps Decline in WhatsApp: the appointment becomes 2 with its reminder opened, the store gets APPOINTMENT_STATUS_CHANGE_BY_CUSTOMER and hears it live', async () => {
    expect(reminder).toBeDefined();
    const connected = connectSocket(base, {
      path: '/websocket',
      auth: { token: owner.token, channel: owner.orgaId, device: 'front-desk' },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    socket = connected;
    connected.on('message', (message: RealtimeMessage) => heard.push(message));
    await new Promise<void>((resolve, reject) => {
      connected.once('connect', () => resolve());
      connected.once('connect_error', (error) => reject(error));
    });

    const decline = reminder.buttons.find((button) => button.payload.startsWith('decline:'));
    expect(decline).toBeDefined();
    const [sender] = await env.query<{ phone_number_id: string }>(
      `SELECT phone_number_id FROM "messaging".messaging_sender WHERE orga_id = $1`,
      [owner.orgaId],
    );
    // the sandbox phone answers this machine only: no forwarded address, as the developer's own browser
    const tapped = await fetch(`${base}/dev/whatsapp/reply`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        kind: 'button',
        phone_number_id: sender?.phone_number_id,
        customer: customerPhone,
        message_id: reminder.id,
        payload: decline?.payload,
      }),
    });
    expect(tapped.status).toBe(201);

    const declined = await waitFor(async () => {
      const current = await appointment();
      return current.status === 2 && current.reminder_status === REMINDER_STATUS.opened ? current : undefined;
    }, 15_000);
    // declined by the customer, and the reminder was answered (opened)
    expect(declined).toMatchObject({ status: 2, reminder_status: REMINDER_STATUS.opened });

    const notified = await waitFor(async () => {
      const answer = await owner.browser.request('GET', `${store()}/notification/0/none`, as());
      expect(answer.status).toBe(200);
      const list = answer.body as NotificationList;
      return list.content.find((n) => n.notification_type === 'APPOINTMENT_STATUS_CHANGE_BY_CUSTOMER') ? list : undefined;
    }, 15_000);
    expect(notified.new_notifications).toBeGreaterThanOrEqual(1);

    const live = await waitFor(() => heard.find((m) => m.scope === 'appointment' && m.data === appointmentId), 15_000);
    expect(live).toMatchObject({ channel: owner.orgaId, store_id: storeId });
  });

  it('R1.06 two more scheduler ticks send no second reminder for the same appointment', async () => {
    await new Promise((resolve) => setTimeout(resolve, 2 * TICK_MS + 200));
    // the customer's tap is in the conversation too; the salon's reminders are the outgoing templates
    const templates = (await sandboxMessages()).filter((m) => m.direction === 'out' && m.kind === 'template');
    expect(templates).toEqual([expect.objectContaining({ id: reminder.id })]);
    const rows = await env.query<{ n: string }>(
      `SELECT count(*) AS n FROM "messaging".outbound_message WHERE appointment_id = $1 AND template_type = 0`,
      [appointmentId],
    );
    expect(Number(rows[0]?.n)).toBe(1);
  });

  it('issue 27 R1.06 staff send the appointment’s reminder now from its dialog: a second one, Confirm and Decline for this appointment', async () => {
    const path = `${store()}/appointment/${appointmentId}/msg/reminder`;
    const sent = await owner.browser.request('POST', path, as());
    expect(sent.status).toBe(202);
    const outboundId = (sent.body as { outbound_id: string }).outbound_id;
    const now = await waitFor(async () => {
      const templates = (await sandboxMessages()).filter((m) => m.direction === 'out' && m.kind === 'template');
      return templates.length === 2 ? templates.find((m) => m.id !== reminder.id) : undefined;
    }, 20_000);
    expect(now.text).toContain('Nuvola');
    // its buttons name this message, whose appointment a tap confirms or declines
    expect(now.buttons.map((button) => button.payload)).toEqual([expect.stringContaining(outboundId), expect.stringContaining(outboundId)]);
    const [row] = await env.query<{ kind: string; appointment_id: string; template_type: number }>(
      `SELECT kind, appointment_id, template_type FROM "messaging".outbound_message WHERE id = $1`,
      [outboundId],
    );
    expect(row).toEqual({ kind: 'reminder', appointment_id: appointmentId, template_type: 0 });
    // an appointment messaging does not know: 404, nothing sent
    const unknown = await owner.browser.request('POST', `${store()}/appointment/${randomUUID()}/msg/reminder`, as());
    expect(unknown.status).toBe(404);
  });
});
