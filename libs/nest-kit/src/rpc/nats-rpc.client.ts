import { Inject, Injectable } from '@nestjs/common';
import { context } from '@opentelemetry/api';
import type { NatsConnection } from '@nats-io/transport-node';
import { type AuthContext, type RpcContract, type RpcEnvelope, type RpcReply, type RpcRequest, type RpcResponse } from '@pawline/contracts';
import { KIT_CONFIG, prefixed, type KitConfig } from '../config/kit-config';
import { NATS_CONNECTION } from '../nats/nats.tokens';
import { headersWithTraceContext, SpanKind, withSpan } from '../tracing/nats-trace-context';
import { TurnBatch } from '../nats/turn-batch';
import type { RawJson } from './raw-json';
import { RpcError } from './rpc-error';
import { parseReply, parseReplyRaw } from './rpc-wire';

export type RpcCallOptions = { auth: AuthContext | null; lang: string; timeoutMs?: number };

export const DEFAULT_RPC_TIMEOUT_MS = 10_000;

/** Calls other services over NATS request-reply (subject prefixed), carrying the trace context. */
@Injectable()
export class NatsRpcClient {
  private readonly publishing = new TurnBatch();

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(KIT_CONFIG) private readonly config: Pick<KitConfig, 'subjectPrefix'>,
  ) {}

  async call<C extends RpcContract>(contract: C, data: RpcRequest<C>, options: RpcCallOptions): Promise<RpcResponse<C>> {
    const reply: RpcReply = parseReply(await this.request(contract, data, options));
    if (!reply.ok) throw RpcError.fromFailure(reply.error);
    return reply.data as RpcResponse<C>;
  }

  /**
   * Like call, but the answer stays the JSON text the callee sent: for a caller that passes it on
   * unread (the gateway answering HTTP), which then neither parses nor re-serializes it.
   */
  async callRaw<C extends RpcContract>(contract: C, data: RpcRequest<C>, options: RpcCallOptions): Promise<RawJson<RpcResponse<C>>> {
    const reply = parseReplyRaw(await this.request(contract, data, options));
    if (!reply.ok) throw RpcError.fromFailure(reply.error);
    return reply.data as RawJson<RpcResponse<C>>;
  }

  /** The reply's text; no responders, a timeout or a closed connection are service_unavailable. */
  private async request<C extends RpcContract>(contract: C, data: RpcRequest<C>, options: RpcCallOptions): Promise<string> {
    const envelope: RpcEnvelope = { auth: options.auth, lang: options.lang, data };
    return withSpan(
      `rpc ${contract.subject}`,
      SpanKind.CLIENT,
      context.active(),
      { 'messaging.destination.name': contract.subject },
      async () => {
        try {
          const subject = prefixed(this.config, contract.subject);
          const payload = JSON.stringify(envelope);
          const requestOptions = { timeout: options.timeoutMs ?? DEFAULT_RPC_TIMEOUT_MS, headers: headersWithTraceContext() };
          // published with the other requests of this turn: one socket write for all of them
          const reply = await this.publishing.later(() => this.nc.request(subject, payload, requestOptions));
          return reply.string();
        } catch {
          // no responders, timeout or a closed connection: the caller sees one thing
          throw new RpcError('service_unavailable', { params: { subject: contract.subject } });
        }
      },
    );
  }
}
