import { context, trace } from '@opentelemetry/api';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { AlwaysOnSampler, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { inSpan, resumeTrace, SpanKind, traceCarrier } from './nats-trace-context';

// a recording SDK of its own (initTracing without an exporter records nothing, and links are only seen on recorded spans)
const exporter = new InMemorySpanExporter();
const sdk = new NodeSDK({
  spanProcessors: [new SimpleSpanProcessor(exporter)],
  sampler: new AlwaysOnSampler(),
  instrumentations: [],
  metricReaders: [],
  autoDetectResources: false,
});

describe('resumeTrace: continuing a trace saved with a row, later and elsewhere', () => {
  beforeAll(() => sdk.start());
  afterAll(() => sdk.shutdown());
  beforeEach(() => exporter.reset());

  it('makes the span a child of the saved context and links it to the span that brought the work (another trace)', async () => {
    const saved = await inSpan('whatsapp send', SpanKind.CLIENT, {}, async () => traceCarrier());
    const send = exporter.getFinishedSpans()[0].spanContext();
    const result = await inSpan('evt provider-status', SpanKind.CONSUMER, {}, async (webhook) =>
      resumeTrace('provider status delivered', SpanKind.CONSUMER, saved, { status: 'delivered' }, async (status) => ({
        webhook: webhook.spanContext(),
        status: status.spanContext(),
        // what it writes to the outbox carries the resumed trace
        carried: traceCarrier()['traceparent'],
      })),
    );
    expect(result.webhook.traceId).not.toBe(send.traceId);
    const status = exporter.getFinishedSpans().find((s) => s.name === 'provider status delivered')!;
    expect(status.spanContext().traceId).toBe(send.traceId);
    expect(status.parentSpanContext?.spanId).toBe(send.spanId);
    expect(status.links.map((link) => link.context.spanId)).toEqual([result.webhook.spanId]);
    expect(status.links[0]?.context.traceId).toBe(result.webhook.traceId);
    expect(result.carried).toBe(`00-${send.traceId}-${result.status.spanId}-01`);
  });

  it('is a plain child of the active span when nothing was saved (a row written before the column, or untraced)', async () => {
    for (const saved of [null, {}]) {
      exporter.reset();
      const outer = trace.getTracer('test').startSpan('evt provider-status');
      await context.with(trace.setSpan(context.active(), outer), () =>
        resumeTrace('provider status read', SpanKind.CONSUMER, saved, {}, async () => undefined),
      );
      outer.end();
      const status = exporter.getFinishedSpans().find((s) => s.name === 'provider status read')!;
      expect(status.spanContext().traceId).toBe(outer.spanContext().traceId);
      expect(status.parentSpanContext?.spanId).toBe(outer.spanContext().spanId);
      expect(status.links).toEqual([]);
    }
  });
});
