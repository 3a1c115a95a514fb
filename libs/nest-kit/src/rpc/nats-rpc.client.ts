import { Inject, Injectable } from '@nestjs/common';
import { context } from '@opentelemetry/api';
import type { NatsConnection } from '@nats-io/transport-node';
import { type AuthContext, type RpcContract, type RpcEnvelope, type RpcReply, type RpcRequest, type RpcResponse } from '@pawline/contracts';
import { KIT_CONFIG, prefixed, type KitConfig } from '../config/kit-config';
import { NATS_CONNECTION } from '../nats/nats.tokens';
import { headersWithTraceContext, SpanKind, withSpan } from '../tracing/nats-trace-context';
import { RpcError } from './rpc-error';
import { parseReply } from './rpc-wire';

export type RpcCallOptions = { auth: AuthContext | null; lang: string; timeoutMs?: number };

export const DEFAULT_RPC_TIMEOUT_MS = 10_000;

/** Calls other services over NATS request-reply (subject prefixed), carrying the trace context. */
@Injectable()
export class NatsRpcClient {
  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(KIT_CONFIG) private readonly config: Pick<KitConfig, 'subjectPrefix'>,
  ) {}

  async call<C extends RpcContract>(contract: C, data: RpcRequest<C>, options: RpcCallOptions): Promise<RpcResponse<C>> {
    const envelope: RpcEnvelope = { auth: options.auth, lang: options.lang, data };
    return withSpan(`rpc ${contract.subject}`, SpanKind.CLIENT, context.active(), { 'messaging.destination.name': contract.subject }, async () => {
      let raw: string;
      try {
        const reply = await this.nc.request(prefixed(this.config, contract.subject), JSON.stringify(envelope), {
          timeout: options.timeoutMs ?? DEFAULT_RPC_TIMEOUT_MS,
          headers: headersWithTraceContext(),
        });
        raw = reply.string();
      } catch {
        // no responders, timeout or a closed connection: the caller sees one thing
        throw new RpcError('service_unavailable', { params: { subject: contract.subject } });
      }
      const reply: RpcReply = parseReply(raw);
      if (!reply.ok) throw RpcError.fromFailure(reply.error);
      return reply.data as RpcResponse<C>;
    });
  }
}
