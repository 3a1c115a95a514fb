import { randomUUID } from 'node:crypto';
import { jetstream } from '@nats-io/jetstream';
import { trace } from '@opentelemetry/api';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { AlwaysOnSampler, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { providerStatusReceivedEvent, REMINDER_STATUS, sendMessageWork } from '@pawline/contracts';
import { headersWithTraceContext } from '@pawline/nest-kit';
import { createTestEnv, until, type TestEnv } from '@pawline/nest-kit/testing';
import { seedOutbound } from '../fixtures/outbound-seed';
import { TestProviderServer } from '../fixtures/test-provider-server';
import { testWorkerService } from '../fixtures/test-worker';
import { messagingService } from '../../src/messaging.service-definition';

jest.setTimeout(90_000);

const REDIS_URL = process.env['REDIS_URL'] && process.env['REDIS_URL'] !== 'off' ? process.env['REDIS_URL'] : 'redis://127.0.0.1:6379';

// every span of the in-process services, recorded (the services' own initTracing is not called in tests)
const exporter = new InMemorySpanExporter();
const sdk = new NodeSDK({
  spanProcessors: [new SimpleSpanProcessor(exporter)],
  sampler: new AlwaysOnSampler(),
  instrumentations: [],
  metricReaders: [],
  autoDetectResources: false,
});

const eventually = <T>(probe: () => Promise<T | undefined>, what: string): Promise<T> => until(probe, { timeoutMs: 20_000, what });

/**
 * One trace from the send job through the worker's provider call to the provider's status (issue 17): the worker
 * keeps the provider call's trace context on the outbound message; the status consumer (messaging) continues it
 * and links the webhook's own trace. Real Postgres, NATS and Redis; a test provider over HTTP.
 */
describe('the send trace, continued by the provider status webhook', () => {
  let env: TestEnv;
  let provider: TestProviderServer;
  const saved = { ...process.env };

  beforeAll(async () => {
    sdk.start();
    env = await createTestEnv();
    provider = await new TestProviderServer(5).start();
    Object.assign(process.env, { TEST_PROVIDER_URL: provider.url, TEST_SENDER_CAP: '80' });
    await env.start(messagingService);
    await env.start(testWorkerService, { redisUrl: REDIS_URL });
  });

  afterAll(async () => {
    await env?.dispose();
    await provider?.close();
    await sdk.shutdown();
    process.env = saved;
  });

  const spans = (name: string): ReadableSpan[] => exporter.getFinishedSpans().filter((span) => span.name === name);
  /** Runs `work` in a new trace's root span; answers the trace id. */
  const inRootSpan = (name: string, work: () => Promise<void>): Promise<string> =>
    trace.getTracer('test').startActiveSpan(name, { root: true }, async (span) => {
      await work();
      span.end();
      return span.spanContext().traceId;
    });
  /** An envelope on JetStream with the active trace context in its headers (as the outbox relay publishes). */
  const publish = async (subject: string, id: string, orgaId: string, data: unknown) => {
    const envelope = { id, subject, occurredAt: new Date().toISOString(), orgaId, storeId: null, actor: null, data };
    await jetstream(env.nats()).publish(`${env.subjectPrefix}${subject}`, JSON.stringify(envelope), {
      msgID: id,
      headers: headersWithTraceContext(),
    });
  };

  it('handles "delivered" in a span of the send’s trace, child of the provider call, linked to the webhook’s trace; its events carry that trace', async () => {
    const [message] = await seedOutbound(env, 1);
    if (!message) throw new Error('no seeded message');
    // the scheduler's job, published inside a span (as the reminder run does)
    const jobId = randomUUID();
    const sendTraceId = await inRootSpan('reminder run', () =>
      publish(sendMessageWork.subject, jobId, message.orgaId, { outbound_id: message.id }),
    );

    const row = await eventually(async () => {
      const [found] = await env.query<{ provider_message_id: string | null; send_trace: Record<string, string> | null }>(
        `SELECT provider_message_id, send_trace FROM messaging.outbound_message WHERE id = $1`,
        [message.id],
      );
      return found?.provider_message_id ? found : undefined;
    }, 'the worker to record the send');
    const send = await eventually(async () => spans('whatsapp send').find((s) => s.spanContext().traceId === sendTraceId), 'the send span');
    // the row keeps the provider call's context
    expect(row.send_trace?.['traceparent']).toBe(`00-${sendTraceId}-${send.spanContext().spanId}-01`);

    // the webhook's status event, published in a trace of its own (Meta's request carries none of ours)
    const webhookTraceId = await inRootSpan('POST /api/v1/webhooks/whatsapp', () =>
      publish(providerStatusReceivedEvent.subject, randomUUID(), message.orgaId, {
        orga_id: message.orgaId,
        provider: 'whatsapp_cloud',
        provider_message_id: row.provider_message_id,
        status: 'delivered',
        at: new Date().toISOString(),
        error_code: null,
        error_title: null,
      }),
    );
    expect(webhookTraceId).not.toBe(sendTraceId);

    await eventually(async () => {
      const [found] = await env.query<{ status: number }>(`SELECT status FROM messaging.outbound_message WHERE id = $1`, [message.id]);
      return found?.status === REMINDER_STATUS.delivered ? true : undefined;
    }, 'delivered on the message');
    const status = await eventually(async () => spans('provider status delivered')[0], 'the status span');
    // the kit's consumer span of the webhook's event: in the webhook's trace
    const consumer = spans(`evt ${providerStatusReceivedEvent.subject}`).find((s) => s.spanContext().traceId === webhookTraceId);
    expect(consumer).toBeDefined();

    expect(status.spanContext().traceId).toBe(sendTraceId);
    expect(status.parentSpanContext?.spanId).toBe(send.spanContext().spanId);
    expect(status.links.map((link) => [link.context.traceId, link.context.spanId])).toEqual([
      [webhookTraceId, consumer?.spanContext().spanId],
    ]);
    // the appointment's status event (scheduling, billing) is published with the send's trace
    const events = await env.query<{ headers: Record<string, string> | null; envelope: { data: { reminder_status: number } } }>(
      `SELECT headers, envelope FROM messaging.outbox_event
        WHERE subject = 'evt.messaging.reminder.status-changed.v1' AND envelope->'data'->>'outbound_id' = $1`,
      [message.id],
    );
    const delivered = events.find((e) => e.envelope.data.reminder_status === REMINDER_STATUS.delivered);
    expect(delivered?.headers?.['traceparent']).toBe(`00-${sendTraceId}-${status.spanContext().spanId}-01`);
  });
});
