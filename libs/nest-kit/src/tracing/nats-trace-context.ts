import { context, propagation, SpanKind, SpanStatusCode, trace, type Context, type Span } from '@opentelemetry/api';
import { headers as natsHeaders, type MsgHdrs } from '@nats-io/transport-node';

const tracer = () => trace.getTracer('@pawline/nest-kit');

/** NATS headers carrying the active W3C trace context (traceparent, tracestate). */
export function headersWithTraceContext(ctx: Context = context.active()): MsgHdrs {
  const hdrs = natsHeaders();
  propagation.inject(ctx, hdrs, { set: (carrier, key, value) => carrier.set(key, value) });
  return hdrs;
}

/** The current trace context as a plain object (stored with an outbox row, published later). */
export function traceCarrier(): Record<string, string> {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier;
}

export function contextFromHeaders(hdrs: MsgHdrs | undefined): Context {
  if (!hdrs) return context.active();
  return propagation.extract(context.active(), hdrs, {
    get: (carrier, key) => (carrier.has(key) ? carrier.get(key) : undefined),
    keys: (carrier) => carrier.keys(),
  });
}

/** Runs `work` inside a span that continues the trace carried by the message headers. */
export async function withSpan<T>(
  name: string,
  kind: SpanKind,
  parent: Context,
  attributes: Record<string, string | number>,
  work: (span: Span) => Promise<T>,
): Promise<T> {
  return tracer().startActiveSpan(name, { kind, attributes }, parent, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}

export { SpanKind };
