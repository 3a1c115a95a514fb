import { Inject, Injectable } from '@nestjs/common';
import { ClientProxy, type MsPattern, type ReadPacket, type WritePacket } from '@nestjs/microservices';
import { context } from '@opentelemetry/api';
import type { NatsConnection } from '@nats-io/transport-node';
import {
  type AuthContext,
  type CheckedMember,
  type RpcContract,
  type RpcEnvelope,
  type RpcReply,
  type RpcRequest,
  type RpcResponse,
} from '@pawline/contracts';
import { KIT_CONFIG, prefixed, type KitConfig } from '../config/kit-config';
import { NATS_CONNECTION } from '../nats/nats.tokens';
import { headersWithTraceContext, SpanKind, withSpan } from '../tracing/nats-trace-context';
import { TurnBatch } from '../nats/turn-batch';
import type { RawJson } from './raw-json';
import { RpcError } from './rpc-error';
import { parseReply, parseReplyRaw } from './rpc-wire';

/** `member`: the membership the gateway checked for this request, passed on so the service need not look it up (ADR 0007). */
export type RpcCallOptions = { auth: AuthContext | null; lang: string; member?: CheckedMember | undefined; timeoutMs?: number };

export const DEFAULT_RPC_TIMEOUT_MS = 10_000;

/**
 * The kit's Nest microservice client: calls other services over NATS request-reply (subject
 * prefixed), carrying the trace context. `call`/`callRaw` are the typed way in; Nest's
 * `send(subject, envelope)` / `emit(subject, data)` work too and share the same request path.
 */
@Injectable()
export class NatsRpcClient extends ClientProxy {
  private readonly publishing = new TurnBatch();

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(KIT_CONFIG) private readonly config: Pick<KitConfig, 'subjectPrefix'>,
  ) {
    super();
  }

  async call<C extends RpcContract>(contract: C, data: RpcRequest<C>, options: RpcCallOptions): Promise<RpcResponse<C>> {
    const reply: RpcReply = parseReply(await this.request(contract.subject, envelopeOf(data, options), options.timeoutMs));
    if (!reply.ok) throw RpcError.fromFailure(reply.error);
    return reply.data as RpcResponse<C>;
  }

  /**
   * Like call, but the answer stays the JSON text the callee sent: for a caller that passes it on
   * unread (the gateway answering HTTP), which then neither parses nor re-serializes it.
   */
  async callRaw<C extends RpcContract>(contract: C, data: RpcRequest<C>, options: RpcCallOptions): Promise<RawJson<RpcResponse<C>>> {
    const reply = parseReplyRaw(await this.request(contract.subject, envelopeOf(data, options), options.timeoutMs));
    if (!reply.ok) throw RpcError.fromFailure(reply.error);
    return reply.data as RawJson<RpcResponse<C>>;
  }

  /** The connection is the kit's, opened before Nest starts and drained when the service closes. */
  connect(): Promise<NatsConnection> {
    return Promise.resolve(this.nc);
  }

  close(): void {}

  unwrap<T>(): T {
    return this.nc as T;
  }

  /** Nest's `send(subject, envelope)`: the reply's data, or an RpcError for a failure. */
  protected publish(packet: ReadPacket<RpcEnvelope>, callback: (packet: WritePacket) => void): () => void {
    this.request(this.normalizePattern(packet.pattern as MsPattern), packet.data).then(
      (text) => {
        const reply = parseReply(text);
        callback(reply.ok ? { response: reply.data, isDisposed: true } : { err: RpcError.fromFailure(reply.error), isDisposed: true });
      },
      (error: unknown) => callback({ err: error, isDisposed: true }),
    );
    // a NATS request cannot be taken back; an unsubscribed caller just never sees the reply
    return () => undefined;
  }

  /** Nest's `emit(subject, data)`: a core NATS publish, no reply (domain events go through the outbox instead). */
  protected async dispatchEvent<T = undefined>(packet: ReadPacket): Promise<T> {
    const subject = prefixed(this.config, this.normalizePattern(packet.pattern as MsPattern));
    await this.publishing.later(() =>
      this.nc.publish(subject, JSON.stringify(packet.data ?? null), { headers: headersWithTraceContext() }),
    );
    return undefined as T;
  }

  /** The reply's text; no responders, a timeout or a closed connection are service_unavailable. */
  private async request(subject: string, envelope: RpcEnvelope, timeoutMs = DEFAULT_RPC_TIMEOUT_MS): Promise<string> {
    return withSpan(`rpc ${subject}`, SpanKind.CLIENT, context.active(), { 'messaging.destination.name': subject }, async () => {
      try {
        const payload = JSON.stringify(envelope);
        const requestOptions = { timeout: timeoutMs, headers: headersWithTraceContext() };
        // published with the other requests of this turn: one socket write for all of them
        const reply = await this.publishing.later(() => this.nc.request(prefixed(this.config, subject), payload, requestOptions));
        return reply.string();
      } catch {
        // no responders, timeout or a closed connection: the caller sees one thing
        throw new RpcError('service_unavailable', { params: { subject } });
      }
    });
  }
}

function envelopeOf(data: unknown, { auth, lang, member }: RpcCallOptions): RpcEnvelope {
  return member ? { auth, lang, data, member } : { auth, lang, data };
}
