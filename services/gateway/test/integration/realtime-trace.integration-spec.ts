import { randomUUID } from 'node:crypto';
import { jetstream } from '@nats-io/jetstream';
import { trace } from '@opentelemetry/api';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { AlwaysOnSampler, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { io as connectSocket, type Socket } from 'socket.io-client';
import type { EventEnvelope } from '@pawline/contracts';
import { headersWithTraceContext, type RunningService } from '@pawline/nest-kit';
import { createTestEnv, type TestEnv } from '@pawline/nest-kit/testing';
import { identityService } from '../../../identity/src/identity.service-definition';
import { gatewayService } from '../../src/gateway.service-definition';
import type { RealtimeMessage } from '../../src/realtime/realtime-message';
import { REALTIME_ATTR } from '../../src/realtime/realtime-tracing';
import { GATEWAY_TEST_SECRET, newOwner, REDIS_URL, waitFor } from './gateway-test-helpers';

jest.setTimeout(60_000);

// every span of the in-process gateways, recorded (their own initTracing records nothing without an exporter)
const exporter = new InMemorySpanExporter();
const sdk = new NodeSDK({
  spanProcessors: [new SimpleSpanProcessor(exporter)],
  sampler: new AlwaysOnSampler(),
  instrumentations: [],
  metricReaders: [],
  autoDetectResources: false,
});

const SUBJECT = 'evt.scheduling.appointment.updated.v1';

/**
 * Issue 17: the reminder's trace reaches the browser. An event published with a trace context in its NATS
 * headers is delivered to sockets on two gateways sharing rooms through Redis; each gateway's delivery is a
 * span of that trace: the one that took the event from NATS a child of the publisher, the other a child of it.
 */
describe('realtime delivery spans in the event’s trace, on two gateways', () => {
  let env: TestEnv;
  let gatewayOne: RunningService;
  let gatewayTwo: RunningService;
  const sockets: Socket[] = [];
  const savedEnv = { ...process.env };

  beforeAll(async () => {
    sdk.start();
    process.env['AUTH_TOKEN_SECRET'] = GATEWAY_TEST_SECRET;
    process.env['MAIL_TRANSPORT'] = 'sandbox';
    process.env['TRUSTED_PROXIES'] = '127.0.0.1, ::1';
    process.env['FRONTENDS_DIR'] = '/nonexistent-frontends';
    env = await createTestEnv();
    await env.start(identityService);
    gatewayOne = await env.start(gatewayService, { httpPort: 0, redisUrl: REDIS_URL });
    gatewayTwo = await env.start(gatewayService, { httpPort: 0, redisUrl: REDIS_URL });
  });

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await env?.dispose();
    await sdk.shutdown();
    process.env = savedEnv;
  });

  /** A socket's realtime messages, and the raw frames its connection received. */
  function connect(
    base: string,
    auth: { token: string; channel: string; device: string },
  ): Promise<{ received: RealtimeMessage[]; frames: string[] }> {
    const socket = connectSocket(base, { path: '/websocket', auth, transports: ['websocket'], reconnection: false, forceNew: true });
    sockets.push(socket);
    const received: RealtimeMessage[] = [];
    const frames: string[] = [];
    socket.on('message', (message: RealtimeMessage) => received.push(message));
    return new Promise((resolve, reject) => {
      socket.once('connect', () => {
        socket.io.engine.on('packet', (packet: { data?: unknown }) => frames.push(String(packet.data)));
        resolve({ received, frames });
      });
      socket.once('connect_error', (error) => reject(error));
    });
  }

  it('each gateway delivers in its own span of the trace: the NATS consumer’s a child of the publisher, the peer’s a child of it', async () => {
    const owner = await newOwner(gatewayOne.httpUrl ?? '');
    const stores = await owner.browser.request('GET', `/api/v1/orga/${owner.orgaId}/store`, { token: owner.token });
    const storeId = (stores.body as { id: string }[])[0]?.id ?? '';
    expect(storeId).not.toBe('');
    const onOne = await connect(gatewayOne.httpUrl ?? '', { token: owner.token, channel: owner.orgaId, device: 'dev-1' });
    const onTwo = await connect(gatewayTwo.httpUrl ?? '', { token: owner.token, channel: owner.orgaId, device: 'dev-2' });

    const appointmentId = randomUUID();
    const envelope: EventEnvelope = {
      id: randomUUID(),
      subject: SUBJECT,
      occurredAt: new Date().toISOString(),
      orgaId: owner.orgaId,
      storeId,
      actor: { userId: owner.userId, deviceId: 'dev-3' },
      data: { id: appointmentId, store_id: storeId },
    };
    // published in a span of a new trace, its context in the headers (as the outbox relay does)
    const publisher = await trace.getTracer('test').startActiveSpan('publisher', { root: true }, async (span) => {
      await jetstream(env.nats()).publish(`${env.subjectPrefix}${SUBJECT}`, JSON.stringify(envelope), {
        msgID: envelope.id,
        headers: headersWithTraceContext(),
      });
      span.end();
      return span.spanContext();
    });

    const got = (client: { received: RealtimeMessage[] }) => client.received.some((m) => m.data === appointmentId);
    await waitFor(() => (got(onOne) && got(onTwo) ? true : undefined));
    const delivered = (): ReadableSpan[] =>
      exporter.getFinishedSpans().filter((span) => span.name === `realtime ${SUBJECT}` && span.spanContext().traceId === publisher.traceId);
    const spans = await waitFor(() => (delivered().length >= 2 ? delivered() : undefined));
    expect(spans).toHaveLength(2);

    const fromNats = spans.find((span) => span.attributes[REALTIME_ATTR.source] === 'nats');
    const fromPeer = spans.find((span) => span.attributes[REALTIME_ATTR.source] === 'peer');
    expect(fromNats?.parentSpanContext?.spanId).toBe(publisher.spanId);
    expect(fromPeer?.parentSpanContext?.spanId).toBe(fromNats?.spanContext().spanId);
    // one room (the store's readers), one socket of this owner on each gateway
    for (const span of [fromNats, fromPeer]) {
      expect(span?.attributes).toMatchObject({
        [REALTIME_ATTR.subject]: SUBJECT,
        [REALTIME_ATTR.scope]: 'appointment',
        [REALTIME_ATTR.rooms]: 1,
        [REALTIME_ATTR.sockets]: 1,
      });
      // no room names, ids or payload: nothing of the organization, the user or the appointment
      const values = JSON.stringify(span?.attributes);
      for (const id of [owner.orgaId, owner.userId, storeId, appointmentId, owner.email]) expect(values).not.toContain(id);
    }
    expect(Object.keys(fromNats?.attributes ?? {}).sort()).toEqual(
      [...Object.values(REALTIME_ATTR), 'messaging.consumer.group.name'].sort(),
    );
    expect(Object.keys(fromPeer?.attributes ?? {}).sort()).toEqual([...Object.values(REALTIME_ATTR)].sort());
    // the browsers got the realtime message only, not the trace context the gateways passed on
    for (const client of [onOne, onTwo]) {
      const frame = client.frames.find((f) => f.includes(appointmentId)) ?? '';
      expect(frame).not.toBe('');
      expect(frame).not.toContain(publisher.traceId);
      expect(frame).not.toContain('pawlineTrace');
    }
    expect(onTwo.received.find((m) => m.data === appointmentId)).toEqual({
      scope: 'appointment',
      channel: owner.orgaId,
      store_id: storeId,
      data: appointmentId,
      event: 'updated',
      user: owner.userId,
      device: 'dev-3',
    });
  });
});
