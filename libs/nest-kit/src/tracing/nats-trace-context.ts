import { context, propagation, SpanKind, SpanStatusCode, trace, type Context, type Link, type Span } from '@opentelemetry/api';
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
  links: Link[] = [],
): Promise<T> {
  return tracer().startActiveSpan(name, { kind, attributes, links }, parent, async (span) => {
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

/**
 * Runs `work` in a CONSUMER span continuing the trace of a message's headers (a new trace when they carry
 * none): for consumers that read JetStream themselves instead of through the kit's runners.
 */
export function continueTrace<T>(
  name: string,
  hdrs: MsgHdrs | undefined,
  attributes: Record<string, string | number>,
  work: (span: Span) => Promise<T>,
): Promise<T> {
  return withSpan(name, SpanKind.CONSUMER, contextFromHeaders(hdrs), attributes, work);
}

/** Runs `work` in a child span of the active one (a root span when none is active). */
export function inSpan<T>(
  name: string,
  kind: SpanKind,
  attributes: Record<string, string | number>,
  work: (span: Span) => Promise<T>,
): Promise<T> {
  return withSpan(name, kind, context.active(), attributes, work);
}

/**
 * Runs `work` in a span continuing a trace saved earlier with a row (`traceCarrier()` then, this carrier now),
 * with a span link to the active span: what brought the work here (another trace) stays one click away.
 * Without a valid saved context it is a plain child of the active span.
 */
export function resumeTrace<T>(
  name: string,
  kind: SpanKind,
  saved: Record<string, string> | null | undefined,
  attributes: Record<string, string | number>,
  work: (span: Span) => Promise<T>,
): Promise<T> {
  const parent = saved ? propagation.extract(context.active(), saved) : context.active();
  const resumed = trace.getSpanContext(parent);
  const here = trace.getSpanContext(context.active());
  if (!saved || !resumed || resumed === here) return withSpan(name, kind, context.active(), attributes, work);
  const links: Link[] = here && trace.isSpanContextValid(here) && here.traceId !== resumed.traceId ? [{ context: here }] : [];
  return withSpan(name, kind, parent, attributes, work, links);
}

export { SpanKind };
