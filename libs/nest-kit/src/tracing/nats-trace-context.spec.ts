import { context, trace } from '@opentelemetry/api';
import { initTracing } from './init-tracing';
import { contextFromHeaders, headersWithTraceContext, traceCarrier } from './nats-trace-context';

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
});
