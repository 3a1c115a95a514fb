import { randomUUID } from 'node:crypto';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import {
  bookingSlotRequestedEvent,
  createCustomerRpc,
  createNotificationRpc,
  createPetRpc,
  inboundMessageReceivedEvent,
  type EventEnvelope,
  type EventPayload,
  type MessageAnswerPage,
  type NotificationList,
} from '@pawline/contracts';
import { streamName, type NatsRpcClient } from '@pawline/nest-kit';
import { call, createTestEnv, failureOf, until as pollUntil, type TestEnv } from '@pawline/nest-kit/testing';
import { crmService } from '../../../crm/src/crm.service-definition';
import { gatewayService } from '../../../gateway/src/gateway.service-definition';
import { identityService } from '../../../identity/src/identity.service-definition';
import { schedulingService } from '../../../scheduling/src/scheduling.service-definition';
import { answerIdOf } from '../../src/inbox/answer-id';
import { messagingService } from '../../src/messaging.service-definition';
import { MessagingWithTestPortsModule, TEST_DIRECTORY_TABLE, TEST_MEDIA, TEST_TEMPLATE_ID } from './inbox-test-ports';
import { TEST_SECRET, signUp, type Salon } from './messaging-test-helpers';

jest.setTimeout(240_000);

type Inbound = EventPayload<typeof inboundMessageReceivedEvent>;
type Shop = Salon & { storeId: string };

describe('the inbox: answers, notifications, confirm/decline and replies (real Postgres and NATS, through the gateway)', () => {
  let env: TestEnv;
  let client: NatsRpcClient;
  let base = '';
  let anna: Shop;
  let jurgen: Shop;
  const published: EventEnvelope[] = [];

  const http = async (salon: Shop | null, method: string, path: string, body?: unknown, lang = 'en') => {
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
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
    return { status: response.status, json: json as Record<string, unknown>, text, type: response.headers.get('content-type') ?? '' };
  };
  const store = (salon: Shop) => `/api/v1/orga/${salon.orgaId}/store/${salon.storeId}`;
  const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> => {
    const found = await pollUntil(
      async () => {
        const value = await read();
        if (done(value)) return { value };
        throw new Error(`the last read was ${JSON.stringify(value)}`);
      },
      { what },
    );
    return found.value;
  };
  const publishInbound = async (data: Inbound) => {
    const envelope: EventEnvelope<Inbound> = {
      id: randomUUID(),
      subject: inboundMessageReceivedEvent.subject,
      occurredAt: new Date().toISOString(),
      orgaId: data.orga_id,
      storeId: null,
      actor: null,
      data,
    };
    await jetstream(env.nats()).publish(`${env.subjectPrefix}${envelope.subject}`, JSON.stringify(envelope), { msgID: envelope.id });
  };
  const inbound = (salon: Shop, overrides: Partial<Inbound>): Inbound => ({
    orga_id: salon.orgaId,
    provider: 'sandbox',
    provider_message_id: `wamid.${randomUUID()}`,
    from: '393331234567',
    profile_name: null,
    at: new Date().toISOString(),
    kind: 'text',
    text: 'Ciao',
    button_payload: null,
    context_message_id: null,
    media: [],
    ...overrides,
  });
  const answerRows = (orgaId: string, providerMessageId: string) =>
    env.query<{ id: string; store_id: string | null; customer_id: string | null }>(
      `SELECT id, store_id, customer_id FROM messaging.message_answer WHERE orga_id = $1 AND provider_message_id = $2`,
      [orgaId, providerMessageId],
    );
  const waitAnswer = (salon: Shop, providerMessageId: string) =>
    until(
      () => answerRows(salon.orgaId, providerMessageId),
      (rows) => rows.length > 0,
      `answer ${providerMessageId}`,
    );

  /** A customer in crm (with a pet) and in the test directory, with this phone. */
  const customerOf = async (salon: Shop, firstName: string, phone: string) => {
    const detail = await call(
      client,
      createCustomerRpc,
      {
        orga_id: salon.orgaId,
        store_id: salon.storeId,
        first_name: firstName,
        last_name: 'Bianchi',
        fon: `+${phone}`,
        consent_messages: true,
        consent_reminders: true,
      },
      salon.auth,
    );
    const pet = await call(
      client,
      createPetRpc,
      { orga_id: salon.orgaId, store_id: salon.storeId, customer_id: detail.customer.id, name: `Fido ${firstName}` },
      salon.auth,
    );
    await env.query(
      `INSERT INTO messaging.test_directory_customer (customer_id, orga_id, store_id, first_name, last_name, phone) VALUES ($1, $2, $3, $4, 'Bianchi', $5)`,
      [detail.customer.id, salon.orgaId, salon.storeId, firstName, phone],
    );
    return { customerId: detail.customer.id, petId: pet.pet.id, petName: `Fido ${firstName}` };
  };

  const shop = async (name: string): Promise<Shop> => {
    const salon = await signUp(client, name);
    const [row] = await env.query<{ id: string }>(`SELECT id FROM identity.store WHERE orga_id = $1`, [salon.orgaId]);
    if (!row) throw new Error('no store');
    return { ...salon, storeId: row.id };
  };

  beforeAll(async () => {
    process.env['AUTH_TOKEN_SECRET'] = TEST_SECRET;
    process.env['MESSAGING_FILES_DIR'] = `/tmp/pawline-inbox-test-${randomUUID()}`;
    env = await createTestEnv();
    await env.start(identityService);
    await env.start(crmService);
    await env.start(schedulingService);
    await env.start({ ...messagingService, module: MessagingWithTestPortsModule });
    await env.query(TEST_DIRECTORY_TABLE);
    process.env['PAWLINE_SERVICES'] = 'identity,crm,scheduling,messaging';
    base = (await env.start(gatewayService, { httpPort: 0 })).httpUrl ?? '';
    client = env.rpcClient();
    const events = env.nats().subscribe(`${env.subjectPrefix}evt.messaging.>`);
    void (async () => {
      for await (const message of events) published.push(JSON.parse(message.string()) as EventEnvelope);
    })();
    anna = await shop('Anna');
    jurgen = await shop('Jurgen');
  });

  afterAll(async () => {
    await env?.dispose();
  });

  it("R3.12 R7.09 stores a known customer's text in their store, lists it, raises CUSTOMER_MSG and publishes the realtime event", async () => {
    const maria = await customerOf(anna, 'Maria', '393330000001');
    const message = inbound(anna, { from: '393330000001', text: 'Posso portare anche il gatto?' });
    await publishInbound(message);
    const [row] = await waitAnswer(anna, message.provider_message_id);
    expect(row).toMatchObject({ store_id: anna.storeId, customer_id: maria.customerId });
    const listed = await http(anna, 'GET', `${store(anna)}/customers/msg/0/none`);
    expect(listed.status).toBe(200);
    const page = listed.json as unknown as MessageAnswerPage;
    expect(page.answers.find((answer) => answer.answer_id === row?.id)).toMatchObject({
      first_name: 'Maria',
      last_name: 'Bianchi',
      fon: '393330000001',
      text: 'Posso portare anche il gatto?',
      attachments: -1,
      kind: 'text',
    });
    const notifications = (await http(anna, 'GET', `${store(anna)}/notification/0/none`)).json as unknown as NotificationList;
    expect(notifications.content.find((n) => n.belongs_to === maria.customerId)).toMatchObject({
      notification_type: 'CUSTOMER_MSG',
      seen: null,
      title: 'notificationCustomerMessage',
      params: { name: 'Maria Bianchi', text: 'Posso portare anche il gatto?' },
      local: false,
    });
    await until(
      async () => published,
      (list) =>
        list.some((e) => e.subject === 'evt.messaging.answer.received.v1' && (e.data as { answer_id: string }).answer_id === row?.id),
      'answer event',
    );
    // a second message while the first notification is unseen raises it again instead of adding one
    const second = inbound(anna, { from: '393330000001', text: 'Grazie!' });
    await publishInbound(second);
    await waitAnswer(anna, second.provider_message_id);
    const again = (await http(anna, 'GET', `${store(anna)}/notification/0/none`)).json as unknown as NotificationList;
    expect(again.content.filter((n) => n.belongs_to === maria.customerId)).toHaveLength(1);
    expect(again.content.find((n) => n.belongs_to === maria.customerId)?.params['text']).toBe('Grazie!');
  });

  it('R3.12 keeps an unknown number under the organization (every store lists it) with its profile name, and media as numbered attachments', async () => {
    TEST_MEDIA.set('media-1', { bytes: Buffer.from('first photo bytes'), mimeType: 'image/jpeg' });
    TEST_MEDIA.set('media-2', { bytes: Buffer.alloc(700 * 1024, 7), mimeType: 'application/pdf' });
    const message = inbound(anna, {
      from: '393339999999',
      profile_name: 'Luca',
      kind: 'media',
      text: null,
      media: [
        { media_id: 'media-1', mime_type: 'image/jpeg', caption: 'Il mio cane' },
        { media_id: 'media-2', mime_type: 'application/pdf', caption: null },
      ],
    });
    await publishInbound(message);
    const [row] = await waitAnswer(anna, message.provider_message_id);
    expect(row).toMatchObject({ store_id: null, customer_id: null });
    const single = await http(anna, 'GET', `${store(anna)}/customers/msg_single/${row?.id}`);
    expect(single.status).toBe(200);
    expect(single.json).toMatchObject({
      answers: [{ first_name: 'Luca', fon: '393339999999', attachments: 1, kind: 'media', text: 'Il mio cane' }],
      attachments: [
        { sector: 'msg', subject_id: row?.id, sequence: 0, mime: 'image/jpeg', size: 17, caption: 'Il mio cane' },
        { sector: 'msg', subject_id: row?.id, sequence: 1, mime: 'application/pdf', size: 700 * 1024 },
      ],
    });
    const files = await http(anna, 'GET', `${store(anna)}/attachments/msg/${row?.id}`);
    expect((files.json as unknown as unknown[]).length).toBe(2);
    const photo = await http(anna, 'GET', `${store(anna)}/attachments/msg/${row?.id}/0`);
    expect(photo).toMatchObject({ status: 200, text: 'first photo bytes', type: 'image/jpeg' });
    // larger than one part (512 KiB): the gateway joins the parts
    const pdf = await fetch(`${base}${store(anna)}/attachments/msg/${row?.id}/1`, { headers: { authorization: `Bearer ${anna.token}` } });
    expect(Buffer.from(await pdf.arrayBuffer()).equals(Buffer.alloc(700 * 1024, 7))).toBe(true);
    expect((await http(anna, 'GET', `${store(anna)}/attachments/msg/${row?.id}/2`)).status).toBe(404);
    // another organization sees neither the answer nor its files
    expect((await http(jurgen, 'GET', `${store(jurgen)}/customers/msg_single/${row?.id}`)).status).toBe(404);
    expect((await http(jurgen, 'GET', `${store(jurgen)}/attachments/msg/${row?.id}/0`)).status).toBe(404);
    expect((await http(jurgen, 'GET', `${store(anna)}/attachments/msg/${row?.id}/0`)).status).toBe(403);
  });

  it('R7.09 pages answers by 200 on (answer_time, id) without skipping or repeating equal times', async () => {
    const salon = await shop('Paging');
    const tie = new Date('2026-05-01T10:00:00.000Z');
    const ids: string[] = [];
    for (let i = 0; i < 230; i += 1) {
      const id = randomUUID();
      ids.push(id);
      // 150 share one time: the page boundary falls inside the tie
      const at = i < 150 ? tie : new Date(tie.getTime() - (i - 149) * 1000);
      await env.query(
        `INSERT INTO messaging.message_answer (id, orga_id, store_id, provider, provider_message_id, fon, kind, text, answer_time)
         VALUES ($1, $2, $3, 'sandbox', $4, '393330000000', 'text', 'x', $5)`,
        [id, salon.orgaId, salon.storeId, `p-${i}`, at],
      );
    }
    const first = (await http(salon, 'GET', `${store(salon)}/customers/msg/0/none`)).json as unknown as MessageAnswerPage;
    expect(first.answers).toHaveLength(200);
    const last = first.answers[199];
    const second = await http(
      salon,
      'GET',
      `${store(salon)}/customers/msg/${encodeURIComponent(last?.answer_time ?? '')}/${last?.answer_id}`,
    );
    expect(second.status).toBe(200);
    const rest = (second.json as unknown as MessageAnswerPage).answers;
    expect(rest).toHaveLength(30);
    const seen = [...first.answers, ...rest].map((answer) => answer.answer_id);
    expect(new Set(seen).size).toBe(230);
    expect([...seen].sort()).toEqual([...ids].sort());
    expect((await http(salon, 'GET', `${store(salon)}/customers/msg/yesterday/none`)).status).toBe(400);
  });

  it("R7.09 answers several by id (other organizations' ids left out, at most 200) and one by id", async () => {
    const own = inbound(anna, { from: '393330000002', text: 'uno' });
    const foreign = inbound(jurgen, { from: '393330000002', text: 'due' });
    await Promise.all([publishInbound(own), publishInbound(foreign)]);
    const [mine] = await waitAnswer(anna, own.provider_message_id);
    const [theirs] = await waitAnswer(jurgen, foreign.provider_message_id);
    const multi = await http(anna, 'POST', `${store(anna)}/customers/msg/multi`, { ids: [mine?.id, theirs?.id] });
    expect(multi.status).toBe(200);
    expect((multi.json as unknown as MessageAnswerPage).answers.map((answer) => answer.answer_id)).toEqual([mine?.id]);
    expect((await http(anna, 'GET', `${store(anna)}/customers/msg_single/${theirs?.id}`)).status).toBe(404);
    const tooMany = Array.from({ length: 201 }, () => randomUUID());
    expect((await http(anna, 'POST', `${store(anna)}/customers/msg/multi`, { ids: tooMany })).status).toBe(400);
    expect((await http(jurgen, 'POST', `${store(anna)}/customers/msg/multi`, { ids: [mine?.id] })).status).toBe(403);
  });

  it('R4.12 R4.01 a Declined button sets the appointment to 2 through scheduling, marks our reminder opened and raises APPOINTMENT_STATUS_CHANGE_BY_CUSTOMER with names', async () => {
    const carla = await customerOf(anna, 'Carla', '393330000003');
    await until(
      () => env.query(`SELECT 1 FROM scheduling.pet_ref WHERE pet_id = $1`, [carla.petId]),
      (rows) => rows.length > 0,
      'pet in scheduling',
    );
    const booked = await http(anna, 'POST', `${store(anna)}/appointment`, {
      appointment: { date: '2026-12-02', hour: 10, min: 30, duration: 45, pet_ids: [carla.petId] },
    });
    expect(booked.status).toBe(201);
    const appointmentId = (booked.json['items'] as { id: string }[])[0]?.id ?? '';
    const reminders = [randomUUID(), randomUUID()];
    for (const [i, id] of reminders.entries()) {
      await env.query(
        `INSERT INTO messaging.outbound_message (id, orga_id, store_id, kind, template_type, appointment_id, customer_id, dedupe_key, to_phone, content, status, provider_message_id)
         VALUES ($1, $2, $3, 'reminder', 0, $4, $5, $6, '393330000003', '{"kind":"template"}', 2, $7)`,
        [id, anna.orgaId, anna.storeId, appointmentId, carla.customerId, `test:${id}`, `wamid.out.${i}.${id}`],
      );
    }
    const decline = inbound(anna, { from: '393330000003', kind: 'button', text: 'Declino', button_payload: `decline:${reminders[0]}` });
    await publishInbound(decline);
    const [answer] = await waitAnswer(anna, decline.provider_message_id);
    expect(answer?.customer_id).toBe(carla.customerId);
    const appointment = await until(
      async () => (await http(anna, 'GET', `${store(anna)}/appointment/${appointmentId}`)).json,
      (body) => (body['items'] as { status: number }[])[0]?.status === 2,
      'declined appointment',
    );
    expect((appointment['items'] as { status: number }[])[0]?.status).toBe(2);
    const [outbound] = await env.query<{ status: number }>(`SELECT status FROM messaging.outbound_message WHERE id = $1`, [reminders[0]]);
    expect(outbound?.status).toBe(4);
    const list = await until(
      async () => (await http(anna, 'GET', `${store(anna)}/notification/0/none`)).json as unknown as NotificationList,
      (body) => body.content.some((n) => n.belongs_to === appointmentId),
      'declined notification',
    );
    expect(list.content.find((n) => n.belongs_to === appointmentId)).toMatchObject({
      notification_type: 'APPOINTMENT_STATUS_CHANGE_BY_CUSTOMER',
      title: 'notificationDeclinedTitle',
      text: 'notificationDeclinedText',
      params: { customer: 'Carla Bianchi', pet: carla.petName, date: '2026-12-02', time: '10:30' },
      store_id: anna.storeId,
    });
    // a Confirmed tap on our other reminder of the appointment sets 1 and raises its own notification
    const confirm = inbound(anna, { from: '393330000003', kind: 'button', text: 'Confermo', button_payload: `confirm:${reminders[1]}` });
    await publishInbound(confirm);
    await until(
      async () => (await http(anna, 'GET', `${store(anna)}/appointment/${appointmentId}`)).json,
      (body) => (body['items'] as { status: number }[])[0]?.status === 1,
      'confirmed appointment',
    );
    const confirmed = await until(
      async () => (await http(anna, 'GET', `${store(anna)}/notification/0/none`)).json as unknown as NotificationList,
      (body) => body.content.some((n) => n.belongs_to === appointmentId && n.title === 'notificationConfirmedTitle'),
      'confirmed notification',
    );
    expect(confirmed.content.filter((n) => n.belongs_to === appointmentId)).toHaveLength(2);
  });

  it("turns the customer's consents off in crm on an unsubscribe button", async () => {
    const dario = await customerOf(anna, 'Dario', '393330000004');
    const reminder = randomUUID();
    await env.query(
      `INSERT INTO messaging.outbound_message (id, orga_id, store_id, kind, template_type, customer_id, dedupe_key, to_phone, content, status)
       VALUES ($1, $2, $3, 'reminder', 3, $4, $5, '393330000004', '{"kind":"template"}', 2)`,
      [reminder, anna.orgaId, anna.storeId, dario.customerId, `test:${reminder}`],
    );
    await publishInbound(
      inbound(anna, { from: '393330000004', kind: 'button', text: 'Annulla iscrizione', button_payload: `unsubscribe:${reminder}` }),
    );
    const [consents] = await until(
      () =>
        env.query<{ m: boolean; r: boolean }>(`SELECT consent_messages AS m, consent_reminders AS r FROM crm.customer WHERE id = $1`, [
          dario.customerId,
        ]),
      (rows) => rows[0]?.m === false,
      'consent off',
    );
    expect(consents).toEqual({ m: false, r: false });
  });

  it('R5.11 sends a staff reply of at most 500 characters inside the 24-hour window (outbound row and WORK job), refuses it outside with a clear error, and sends a template at any time', async () => {
    const elena = await customerOf(anna, 'Elena', '393330000005');
    const path = `${store(anna)}/customer/${elena.customerId}`;
    const closed = await http(anna, 'POST', `${path}/msg`, { text: 'Buongiorno!' }, 'it');
    expect(closed.status).toBe(409);
    expect(closed.json).toMatchObject({ code: 'reply_window_closed' });
    expect(String(closed.json['message'])).toContain('24 ore');
    const message = inbound(anna, { from: '393330000005', text: 'A che ora apre?' });
    await publishInbound(message);
    const [answer] = await waitAnswer(anna, message.provider_message_id);
    const sent = await http(anna, 'POST', `${path}/msg`, { text: 'Alle 9:00' });
    expect(sent.status).toBe(202);
    const outboundId = String(sent.json['outbound_id']);
    const [row] = await env.query<{ kind: string; to_phone: string; content: { kind: string; text: string }; customer_id: string }>(
      `SELECT kind, to_phone, content, customer_id FROM messaging.outbound_message WHERE id = $1`,
      [outboundId],
    );
    expect(row).toMatchObject({
      kind: 'reply',
      to_phone: '393330000005',
      customer_id: elena.customerId,
      content: { kind: 'text', text: 'Alle 9:00' },
    });
    const jsm = await jetstreamManager(env.nats());
    const job = await jsm.streams.getMessage(streamName(env.config('messaging'), 'WORK'), {
      last_by_subj: `${env.subjectPrefix}work.messaging.send`,
    });
    expect(JSON.parse(job?.string() ?? 'null')).toEqual({ outbound_id: outboundId });
    expect((await http(anna, 'POST', `${path}/msg`, { text: 'x'.repeat(501) })).status).toBe(400);
    // the conversation interleaves their message and ours, newest first, with the window's end
    const conversation = await http(anna, 'GET', `${path}/conversation/0/none`);
    expect(conversation.status).toBe(200);
    expect((conversation.json['entries'] as { id: string; direction: string }[]).map((e) => [e.direction, e.id])).toEqual([
      ['out', outboundId],
      ['in', answer?.id],
    ]);
    expect(conversation.json['reply_window_until']).not.toBeNull();
    // issue 27 a message of ours that was not sent says why (staff read it in their language); theirs have no reason
    await env.query(`UPDATE messaging.outbound_message SET status = 5, reason_code = 'provider_refused' WHERE id = $1`, [outboundId]);
    const unsent = await http(anna, 'GET', `${path}/conversation/0/none`);
    expect(
      (unsent.json['entries'] as { direction: string; status: number | null; reason: string | null }[]).map((e) => [
        e.direction,
        e.status,
        e.reason,
      ]),
    ).toEqual([
      ['out', 5, 'provider_refused'],
      ['in', null, null],
    ]);
    // 25 hours later the window is closed again
    await env.query(`UPDATE messaging.message_answer SET answer_time = now() - interval '25 hours' WHERE customer_id = $1`, [
      elena.customerId,
    ]);
    expect((await http(anna, 'POST', `${path}/msg`, { text: 'Ancora?' })).status).toBe(409);
    const template = await http(anna, 'POST', `${path}/msg/template`, { template_id: TEST_TEMPLATE_ID, addition: 'Ti aspettiamo' });
    expect(template.status).toBe(202);
    const [templated] = await env.query<{ content: { kind: string; renderedText: string; to: string } }>(
      `SELECT content FROM messaging.outbound_message WHERE id = $1`,
      [template.json['outbound_id']],
    );
    expect(templated?.content).toMatchObject({ kind: 'template', to: '393330000005', renderedText: 'Ciao! Ti aspettiamo' });
    expect((await http(anna, 'POST', `${path}/msg/template`, { template_id: randomUUID(), addition: '' })).status).toBe(404);
    // another organization's customer: not found in this store
    expect((await http(jurgen, 'POST', `${store(jurgen)}/customer/${elena.customerId}/msg`, { text: 'x' })).status).toBe(404);
  });

  it('R7.03 R4.04 R3.16 R4.01 pages NEW_BOOKING notifications made by another service by 50, lowers new_notifications when seen, deletes by belongs_to and type', async () => {
    const salon = await shop('Bell');
    const bookings = Array.from({ length: 55 }, () => randomUUID());
    for (const [i, booking] of bookings.entries()) {
      await call(
        client,
        createNotificationRpc,
        {
          orga_id: salon.orgaId,
          store_id: salon.storeId,
          notification_type: 'NEW_BOOKING',
          belongs_to: booking,
          title: 'notificationNewBooking',
          text: 'notificationNewBooking',
          params: { n: String(i) },
          dedupe_key: booking,
        },
        null,
      );
    }
    // the same dedupe key again: still 55
    await call(
      client,
      createNotificationRpc,
      {
        orga_id: salon.orgaId,
        store_id: salon.storeId,
        notification_type: 'NEW_BOOKING',
        belongs_to: bookings[0] ?? '',
        title: 'a',
        text: 'b',
        dedupe_key: bookings[0] ?? '',
      },
      null,
    );
    expect(
      (
        await failureOf(
          client,
          createNotificationRpc,
          {
            orga_id: salon.orgaId,
            store_id: salon.storeId,
            notification_type: 'NEW_BOOKING',
            belongs_to: randomUUID(),
            title: 'a',
            text: 'b',
            dedupe_key: 'x',
          },
          salon.auth,
        )
      ).code,
    ).toBe('forbidden');
    const first = (await http(salon, 'GET', `${store(salon)}/notification/0/none`)).json as unknown as NotificationList;
    expect(first.content).toHaveLength(50);
    expect(first.new_notifications).toBe(55);
    const last = first.content[49];
    const second = (await http(salon, 'GET', `${store(salon)}/notification/${encodeURIComponent(last?.time ?? '')}/${last?.id}`))
      .json as unknown as NotificationList;
    expect(second.content).toHaveLength(5);
    expect(new Set([...first.content, ...second.content].map((n) => n.belongs_to)).size).toBe(55);
    const target = first.content[0]?.belongs_to ?? '';
    const seen = await http(salon, 'PATCH', `${store(salon)}/notification/seen/${target}/NEW_BOOKING`);
    expect(seen).toMatchObject({ status: 200, json: { changed: 1, new_notifications: 54 } });
    expect((await http(salon, 'PATCH', `${store(salon)}/notification/seen/${target}/NEW_BOOKING`)).json).toMatchObject({
      changed: 0,
      new_notifications: 54,
    });
    const after = (await http(salon, 'GET', `${store(salon)}/notification/0/none`)).json as unknown as NotificationList;
    expect(after.content.find((n) => n.belongs_to === target)?.seen).not.toBeNull();
    expect((await http(salon, 'DELETE', `${store(salon)}/notification/${bookings[1]}/NEW_BOOKING`)).json).toMatchObject({
      deleted: 1,
      new_notifications: 53,
    });
    const left = (await http(salon, 'GET', `${store(salon)}/notification/0/none`)).json as unknown as NotificationList;
    expect(left.content.some((n) => n.belongs_to === bookings[1])).toBe(false);
    expect((await http(salon, 'PATCH', `${store(salon)}/notification/seen/${target}/SOMETHING`)).status).toBe(400);
    // another organization: refused at the gateway, and its own store sees none of these
    expect((await http(jurgen, 'GET', `${store(salon)}/notification/0/none`)).status).toBe(403);
    expect((await http(jurgen, 'DELETE', `${store(salon)}/notification/${bookings[2]}/NEW_BOOKING`)).status).toBe(403);
    expect((await http(jurgen, 'DELETE', `${store(jurgen)}/notification/${bookings[2]}/NEW_BOOKING`)).json).toMatchObject({ deleted: 0 });
  });

  it('stores one answer and one notification for two identical inbound events delivered in parallel', async () => {
    const message = inbound(anna, { from: '393330000006', profile_name: 'Twin', text: 'doppio' });
    await Promise.all([publishInbound(message), publishInbound(message), publishInbound(message)]);
    const [row] = await waitAnswer(anna, message.provider_message_id);
    expect(row?.id).toBe(answerIdOf(anna.orgaId, 'sandbox', message.provider_message_id));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await answerRows(anna.orgaId, message.provider_message_id)).toHaveLength(1);
    const notes = await env.query(`SELECT id FROM messaging.notification WHERE orga_id = $1 AND belongs_to = '393330000006'`, [
      anna.orgaId,
    ]);
    expect(notes).toHaveLength(1);
  });
  it("R4.19 a customer's booking request (booking's customer_booking) raises one NEW_BOOKING 'New booking request received' with name, day and time", async () => {
    const salon = await shop('Booked');
    const slotId = randomUUID();
    const customerBooking = async () => {
      const envelope = {
        id: randomUUID(),
        subject: bookingSlotRequestedEvent.subject,
        occurredAt: new Date().toISOString(),
        orgaId: salon.orgaId,
        storeId: salon.storeId,
        actor: null,
        data: {
          orga_id: salon.orgaId,
          store_id: salon.storeId,
          slot_id: slotId,
          customer_name: 'Maria Bianchi',
          date: '2026-12-03',
          time: '10:30',
        },
      };
      await jetstream(env.nats()).publish(`${env.subjectPrefix}${envelope.subject}`, JSON.stringify(envelope), { msgID: envelope.id });
    };
    // the event twice (a redelivery or a replay): still one notification
    await customerBooking();
    await customerBooking();
    const list = await until(
      async () => ((await http(salon, 'GET', `${store(salon)}/notification/0/none`)).json as unknown as NotificationList).content,
      (content) => content.some((n) => n.belongs_to === slotId),
      'the NEW_BOOKING notification',
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    const again = ((await http(salon, 'GET', `${store(salon)}/notification/0/none`)).json as unknown as NotificationList).content;
    expect(again.filter((n) => n.belongs_to === slotId)).toHaveLength(1);
    expect(list.find((n) => n.belongs_to === slotId)).toMatchObject({
      notification_type: 'NEW_BOOKING',
      seen: null,
      title: 'notificationNewBooking',
      text: 'notificationNewBookingText',
      params: { customer: 'Maria Bianchi', date: '2026-12-03', time: '10:30' },
    });
  });
});
