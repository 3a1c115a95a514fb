import { context, createContextKey, ROOT_CONTEXT, type Span } from '@opentelemetry/api';
import { RedisAdapter, type RedisAdapterOptions } from '@socket.io/redis-adapter';
import { resumeTrace, SpanKind, traceCarrier } from '@pawline/nest-kit';

/**
 * Spans of the realtime fan-out (issue 17: the reminder's trace reaches the browser). The gateway that takes
 * an event from NATS delivers it in its consumer span `realtime <subject>` (continuing the trace of the
 * message's headers, realtime-events.consumer.ts); the packet it hands to the Redis adapter carries that span's
 * context, and every other gateway with sockets in those rooms delivers it in a span `realtime <subject>` of
 * its own, child of the first. Attributes: the subject, the message's scope, how many rooms and how many of
 * this process's sockets it went to; never a room name (they hold organization and user ids) or the payload.
 */
export type RealtimeDelivery = { subject: string; scope: string };

export const realtimeSpanName = (subject: string) => `realtime ${subject}`;

export const REALTIME_ATTR = {
  subject: 'messaging.destination.name',
  scope: 'pawline.realtime.scope',
  rooms: 'pawline.realtime.rooms',
  sockets: 'pawline.realtime.sockets',
  /** `nats`: this gateway took the event from NATS; `peer`: another gateway relayed it through Redis. */
  source: 'pawline.realtime.source',
} as const;

const DELIVERY = createContextKey('pawline.realtime.delivery');
/** The packet field the trace context travels in between gateways (socket.io's encoder never sends it to browsers). */
const TRACE_FIELD = 'pawlineTrace';

type PacketTrace = RealtimeDelivery & { carrier: Record<string, string> };
type Packet = { [TRACE_FIELD]?: PacketTrace };
type RoomIndex = { rooms: Map<string, Set<string>> };

/** Runs `emit` (synchronous) with the delivery known to the adapter, which passes it on with the trace context. */
export function emitting<T>(delivery: RealtimeDelivery, emit: () => T): T {
  return context.with(context.active().setValue(DELIVERY, delivery), emit);
}

/** This process's sockets in any of `rooms` (each once). */
export function localSocketCount(adapter: RoomIndex, rooms: Iterable<string>): number {
  const ids = new Set<string>();
  for (const room of rooms) for (const id of adapter.rooms.get(room) ?? []) ids.add(id);
  return ids.size;
}

export function recordDelivery(span: Span | undefined, delivery: RealtimeDelivery, rooms: number, sockets: number): void {
  span?.setAttributes({ [REALTIME_ATTR.scope]: delivery.scope, [REALTIME_ATTR.rooms]: rooms, [REALTIME_ATTR.sockets]: sockets });
}

type OnMessage = (pattern: unknown, channel: unknown, msg: unknown) => void;
const redisOnMessage = (RedisAdapter.prototype as unknown as { onmessage: OnMessage }).onmessage;

/**
 * @socket.io/redis-adapter with the realtime span's context on the packets it publishes, and a span around the
 * local delivery of a packet another gateway published.
 */
export class TracedRedisAdapter extends RedisAdapter {
  override broadcast(packet: Packet, opts: Parameters<RedisAdapter['broadcast']>[1]): void {
    const delivery = context.active().getValue(DELIVERY) as RealtimeDelivery | undefined;
    if (delivery && !opts.flags?.local) {
      const carrier = traceCarrier();
      if (carrier['traceparent']) packet[TRACE_FIELD] = { ...delivery, carrier };
    }
    super.broadcast(packet, opts);
  }

  /** What RedisAdapter's subscription handler runs (private there, so set on the prototype below). */
  onPeerMessage(pattern: unknown, channel: unknown, msg: unknown): void {
    const relayed = peek(this.parser.decode.bind(this.parser), msg, this.uid);
    const sockets = relayed ? localSocketCount(this, relayed.rooms) : 0;
    // a gateway without a socket in those rooms delivers nothing: no span
    if (!relayed || sockets === 0) return redisOnMessage.call(this, pattern, channel, msg);
    const { trace: saved } = relayed;
    // the Redis subscription's callback has no span of its own to link to: the relayed context is the parent
    void context
      .with(ROOT_CONTEXT, () =>
        resumeTrace(
          realtimeSpanName(saved.subject),
          SpanKind.CONSUMER,
          saved.carrier,
          { [REALTIME_ATTR.subject]: saved.subject, [REALTIME_ATTR.source]: 'peer' },
          async (span) => {
            recordDelivery(span, saved, relayed.rooms.length, sockets);
            redisOnMessage.call(this, pattern, channel, msg);
          },
        ),
      )
      // a failed delivery is recorded on the span (withSpan); the Redis subscription goes on with the next message
      .catch(() => undefined);
  }
}
Object.defineProperty(TracedRedisAdapter.prototype, 'onmessage', {
  value: TracedRedisAdapter.prototype.onPeerMessage,
  writable: true,
  configurable: true,
});

/** Another gateway's broadcast carrying a realtime span's context, or null. */
function peek(decode: (msg: unknown) => unknown, msg: unknown, ownUid: unknown): { trace: PacketTrace; rooms: string[] } | null {
  let args: unknown;
  try {
    args = decode(msg);
  } catch {
    return null;
  }
  if (!Array.isArray(args)) return null;
  const [uid, packet, opts] = args as [unknown, Packet | undefined, { rooms?: unknown } | undefined];
  const saved = packet?.[TRACE_FIELD];
  if (uid === ownUid || !saved || typeof saved.subject !== 'string' || typeof saved.carrier !== 'object') return null;
  const rooms = Array.isArray(opts?.rooms) ? opts.rooms.filter((room): room is string => typeof room === 'string') : [];
  return { trace: saved, rooms };
}

/** createAdapter of @socket.io/redis-adapter, traced. */
export function createTracedAdapter(
  pub: unknown,
  sub: unknown,
  opts: Partial<RedisAdapterOptions>,
): (nsp: ConstructorParameters<typeof RedisAdapter>[0]) => TracedRedisAdapter {
  // socket.io calls it with `new`: a function, not an arrow
  return function tracedAdapter(nsp) {
    return new TracedRedisAdapter(nsp, pub, sub, opts);
  };
}
