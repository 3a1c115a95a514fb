import { randomUUID } from 'node:crypto';
import { jetstream } from '@nats-io/jetstream';
import {
  bookingSlotAcceptedEvent,
  bookingSlotDeletedEvent,
  listSandboxMessagesRpc,
  type BookingMessageFacts,
  type EventEnvelope,
  type SandboxMessage,
} from '@pawline/contracts';
import type { NatsRpcClient } from '@pawline/nest-kit';
import { call, createTestEnv, until, type TestEnv } from '@pawline/nest-kit/testing';
import { identityService } from '../../../identity/src/identity.service-definition';
import { messagingWorkerService } from '../../src/messaging-worker.service-definition';
import { messagingService } from '../../src/messaging.service-definition';
import { TEST_SECRET, signUp, type Salon } from './messaging-test-helpers';

jest.setTimeout(240_000);

const REDIS_URL = process.env['REDIS_URL'] && process.env['REDIS_URL'] !== 'off' ? process.env['REDIS_URL'] : 'redis://127.0.0.1:6379';

type Outbound = {
  id: string;
  kind: string;
  status: number;
  appointment_id: string | null;
  reason_code: string | null;
  content: { templateName?: string };
};

/**
 * Issue 27: booking's request events (published on real NATS as booking's outbox does) become the customer's
 * booking messages, sent by the worker through the sandbox's WhatsApp with the booking templates approved there.
 */
describe("R1.09 booking messages from booking's events (real NATS, Postgres, Redis; the worker sends on the sandbox)", () => {
  let env: TestEnv;
  let client: NatsRpcClient;
  let salon: Salon;
  let storeId = '';
  const saved = { ...process.env };

  const publish = async (subject: string, data: Record<string, unknown>) => {
    const envelope: EventEnvelope = {
      id: randomUUID(),
      subject,
      occurredAt: new Date().toISOString(),
      orgaId: salon.orgaId,
      storeId,
      actor: null,
      data,
    };
    await jetstream(env.nats()).publish(`${env.subjectPrefix}${subject}`, JSON.stringify(envelope), { msgID: envelope.id });
  };
  const facts = (fon: string, changes: Partial<BookingMessageFacts> = {}): BookingMessageFacts => ({
    first_name: 'Giulia',
    fon,
    language: 'it',
    consent_messages: true,
    starts_at: '2029-03-13T13:30:00.000Z',
    pet_names: ['Fido'],
    treatment_names: ['Bagno'],
    widget_url: 'https://www.toelettatura.example',
    ...changes,
  });
  const outbound = (slotId: string) =>
    env.query<Outbound>(
      `SELECT id, kind, status, appointment_id, reason_code, content FROM "messaging".outbound_message WHERE dedupe_key LIKE $1`,
      [`booking:%:${slotId}`],
    );
  const phone = () => `39333${String(1_000_000 + Math.floor(Math.random() * 8_000_000))}`;
  const sandboxMessages = async (customer: string): Promise<SandboxMessage[]> => {
    const [sender] = await env.query<{ phone_number_id: string }>(
      `SELECT phone_number_id FROM "messaging".messaging_sender WHERE orga_id = $1`,
      [salon.orgaId],
    );
    return sender ? call(client, listSandboxMessagesRpc, { phone_number_id: sender.phone_number_id, customer }, null) : [];
  };

  beforeAll(async () => {
    Object.assign(process.env, {
      AUTH_TOKEN_SECRET: TEST_SECRET,
      PAWLINE_SERVICES: 'identity,messaging',
      MESSAGING_PROVIDER: 'sandbox',
      SMS_PROVIDER: 'sandbox',
      MESSAGING_JOB_TICK_MS: '600000',
      REMINDER_TICK_MS: '0',
    });
    env = await createTestEnv();
    await env.start(identityService);
    await env.start(messagingService, { redisUrl: REDIS_URL });
    await env.start(messagingWorkerService, { redisUrl: REDIS_URL });
    client = env.rpcClient();
    salon = await signUp(client, 'Carla');
    const found = await until(
      async () => {
        const [row] = await env.query<{ store_id: string }>(`SELECT store_id FROM "messaging".dir_store WHERE orga_id = $1`, [
          salon.orgaId,
        ]);
        if (!row) throw new Error('no store yet');
        return row;
      },
      { what: "the salon's store in messaging's directory" },
    );
    storeId = found.store_id;
  });

  afterAll(async () => {
    await env?.dispose();
    process.env = saved;
  });

  it('an accepted request sends one "confirmed" to the customer with day, time, pet and treatment, linked to the appointment', async () => {
    const slotId = randomUUID();
    const appointmentId = randomUUID();
    const customer = phone();
    const accepted = { orga_id: salon.orgaId, store_id: storeId, slot_id: slotId, appointment_id: appointmentId };
    // a redelivery or a replay: still one message
    await publish(bookingSlotAcceptedEvent.subject, { ...accepted, customer: facts(`+${customer}`) });
    await publish(bookingSlotAcceptedEvent.subject, { ...accepted, customer: facts(`+${customer}`) });
    const [sent] = await until(
      async () => {
        const messages = await sandboxMessages(customer);
        if (messages.length === 0) throw new Error('nothing reached the sandbox yet');
        return messages;
      },
      { what: 'the confirmation on the sandbox phone' },
    );
    expect(sent?.kind).toBe('template');
    expect(sent?.text).toMatch(
      /^Ciao Giulia, .+ ha confermato l’appuntamento di Fido martedì 13 marzo 2029 alle 14:30\. Trattamento: Bagno\./,
    );
    const rows = await outbound(slotId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'booking',
      appointment_id: appointmentId,
      content: { templateName: 'pawline_booking_confirmed_v1' },
    });
    expect(await sandboxMessages(customer)).toHaveLength(1);
  });

  it('a declined request says "not possible" with the link back; a plain deletion and a customer without consent get nothing', async () => {
    const declinedSlot = randomUUID();
    const deletedSlot = randomUUID();
    const unconsentedSlot = randomUUID();
    const customer = phone();
    const base = { orga_id: salon.orgaId, store_id: storeId };
    await publish(bookingSlotDeletedEvent.subject, { ...base, slot_id: deletedSlot, customer: facts(`+${customer}`) });
    await publish(bookingSlotDeletedEvent.subject, {
      ...base,
      slot_id: unconsentedSlot,
      declined: true,
      customer: facts(`+${customer}`, { consent_messages: false }),
    });
    await publish(bookingSlotDeletedEvent.subject, {
      ...base,
      slot_id: declinedSlot,
      declined: true,
      customer: facts(`+${customer}`, { language: 'en' }),
    });
    const [sent] = await until(
      async () => {
        const messages = await sandboxMessages(customer);
        if (messages.length === 0) throw new Error('nothing reached the sandbox yet');
        return messages;
      },
      { what: 'the refusal on the sandbox phone' },
    );
    // an English customer: the Italian salon's account has its templates in Italian only, so the salon's language
    expect(sent?.text).toMatch(
      /non può accettare la prenotazione per martedì 13 marzo 2029 alle 14:30\. Scegli un altro orario qui: https:\/\/www\.toelettatura\.example Grazie\.$/,
    );
    expect(await outbound(declinedSlot)).toEqual([
      expect.objectContaining({ content: expect.objectContaining({ templateName: 'pawline_booking_not_possible_v1' }) }),
    ]);
    // published before it on the same consumer; a moment more for any late handling of theirs
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await outbound(deletedSlot)).toEqual([]);
    expect(await outbound(unconsentedSlot)).toEqual([]);
    expect(await sandboxMessages(customer)).toHaveLength(1);
  });
});
