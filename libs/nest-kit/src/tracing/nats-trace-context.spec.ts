import { context, trace } from '@opentelemetry/api';
import { initTracing } from './init-tracing';
import { contextFromHeaders, continueTrace, headersWithTraceContext, inSpan, SpanKind, traceCarrier } from './nats-trace-context';

describe('W3C trace context in NATS headers', () => {
  beforeAll(() => {
    initTracing({ otlpEndpoint: null });
    initTracing({ otlpEndpoint: null }); // a second call is a no-op
  });

  it('injects traceparent on the way out and continues the same trace on the way in', () => {
    trace.getTracer('test').startActiveSpan('caller', (span) => {
      const headers = headersWithTraceContext();
      const traceId = span.spanContext().traceId;
      expect(headers.get('traceparent')).toContain(traceId);
      expect(traceCarrier()['traceparent']).toContain(traceId);
      const extracted = trace.getSpanContext(contextFromHeaders(headers));
      expect(extracted?.traceId).toBe(traceId);
      expect(extracted?.spanId).toBe(span.spanContext().spanId);
      span.end();
    });
  });

  it('adds nothing outside a span', () => {
    const headers = context.with(context.active(), () => headersWithTraceContext());
    expect(headers.has('traceparent')).toBe(false);
  });

  it('continues the trace of a message read by hand, and what it publishes carries the consumer span', async () => {
    const { traceId, spanId, headers } = trace.getTracer('test').startActiveSpan('scheduler', (span) => {
      span.end();
      return { ...span.spanContext(), headers: headersWithTraceContext() };
    });
    const inner = await continueTrace('work messaging.send', headers, { outbound: 'x' }, async (consumer) =>
      inSpan('whatsapp send', SpanKind.CLIENT, {}, async (client) => ({
        consumer: consumer.spanContext(),
        client: client.spanContext(),
        carried: traceCarrier()['traceparent'] ?? '',
      })),
    );
    expect(inner.consumer.traceId).toBe(traceId);
    expect(inner.consumer.spanId).not.toBe(spanId);
    expect(inner.client.traceId).toBe(traceId);
    expect(inner.client.spanId).not.toBe(inner.consumer.spanId);
    // what the worker writes to its outbox names the client span as parent
    expect(inner.carried).toBe(`00-${traceId}-${inner.client.spanId}-00`);
  });

  it('starts a new trace when the message carries no context', async () => {
    const outer = trace.getTracer('test').startSpan('unrelated');
    const id = await context.with(trace.setSpan(context.active(), outer), () =>
      continueTrace('work', undefined, {}, async (span) => span.spanContext().traceId),
    );
    // contextFromHeaders(undefined) is the active context: the span is its child
    expect(id).toBe(outer.spanContext().traceId);
    outer.end();
    const fresh = await continueTrace('work', headersWithTraceContext(), {}, async (span) => span.spanContext().traceId);
    expect(fresh).toMatch(/^[0-9a-f]{32}$/);
    expect(fresh).not.toBe(outer.spanContext().traceId);
  });
});
