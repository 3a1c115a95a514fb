import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { isDeepStrictEqual } from 'node:util';
import type { Msg, NatsConnection, Subscription } from '@nats-io/transport-node';
import type { RpcContract } from '@pawline/contracts';
import { KIT_CONFIG, prefixed, type KitConfig } from '../config/kit-config';
import { HandlerDiscovery } from '../discovery/handler-discovery';
import { PawlineLogger } from '../logging/pawline.logger';
import { NATS_CONNECTION } from '../nats/nats.tokens';
import { contextFromHeaders, SpanKind, withSpan } from '../tracing/nats-trace-context';
import { RPC_HANDLER, type RpcCallContext } from './rpc-handler.decorator';
import { TurnBatch } from '../nats/turn-batch';
import { RawJson } from './raw-json';
import { toRpcFailure } from './rpc-error';
import { failureReply, okReply, parseEnvelope } from './rpc-wire';
import { parseOrFail } from './zod-fields';

export type RpcRoute = { contract: RpcContract; name: string; handle: (data: unknown, ctx: RpcCallContext) => unknown };

/** Kit handlers (health, dead letters) register here before bootstrap; @RpcHandler methods are discovered. */
export const KIT_RPC_ROUTES = Symbol('KIT_RPC_ROUTES');

/** Subscribes every RPC handler (queue group = service name) and answers with an RpcReply. */
@Injectable()
export class RpcServer implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly subscriptions: Subscription[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  private readonly log: PawlineLogger;
  private readonly replies = new TurnBatch();

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(KIT_CONFIG) private readonly config: KitConfig,
    private readonly discovery: HandlerDiscovery,
    logger: PawlineLogger,
  ) {
    this.log = logger.child({ context: 'RpcServer' });
  }

  private readonly extraRoutes: RpcRoute[] = [];

  /** Adds a route that is not a decorated method (the kit's own health and dead-letter RPCs). */
  addRoute(route: RpcRoute): void {
    this.extraRoutes.push(route);
  }

  onApplicationBootstrap(): void {
    const routes: RpcRoute[] = [
      ...this.extraRoutes,
      ...this.discovery.methodsWith<RpcContract>(RPC_HANDLER).map((m) => ({
        contract: m.metadata,
        name: m.name,
        handle: (data: unknown, ctx: RpcCallContext) => m.call(data, ctx),
      })),
    ];
    const seen = new Set<string>();
    for (const route of routes) {
      if (seen.has(route.contract.subject)) throw new Error(`Two RPC handlers for ${route.contract.subject}`);
      seen.add(route.contract.subject);
      const subscription = this.nc.subscribe(prefixed(this.config, route.contract.subject), {
        queue: this.config.serviceName,
        callback: (error, msg) => {
          if (error) {
            this.log.error('rpc subscription failed', { err: error, subject: route.contract.subject });
            return;
          }
          const task = this.handle(route, msg);
          this.inFlight.add(task);
          void task.finally(() => this.inFlight.delete(task));
        },
      });
      this.subscriptions.push(subscription);
    }
  }

  async onModuleDestroy(): Promise<void> {
    // stop taking requests, then let the running ones answer
    await Promise.all(this.subscriptions.map((s) => s.drain().catch(() => undefined)));
    await Promise.allSettled([...this.inFlight]);
  }

  private async handle(route: RpcRoute, msg: Msg): Promise<void> {
    const reply = await withSpan(
      `rpc ${route.contract.subject}`,
      SpanKind.SERVER,
      contextFromHeaders(msg.headers),
      { 'messaging.destination.name': route.contract.subject, 'rpc.service': this.config.serviceName },
      () => this.reply(route, msg.string()),
    );
    if (!msg.reply) return;
    // sent with the other replies ready in this turn (one socket write for all), and counted as in flight until then
    await this.replies
      .later(() => msg.respond(reply))
      .catch((error: unknown) => this.log.error('rpc reply failed', { err: error, subject: route.contract.subject }));
  }

  /** The serialized RpcReply. */
  private async reply(route: RpcRoute, body: string): Promise<string> {
    try {
      const envelope = parseEnvelope(body);
      const data = parseOrFail(route.contract.request, envelope.data);
      const result = await route.handle(data, { auth: envelope.auth, lang: envelope.lang });
      if (result instanceof RawJson) {
        if (this.config.checkRawReplies) checkRawReply(route, result);
        return okReply(result.text);
      }
      return okReply(JSON.stringify(stripToResponse(route, result, this.log)));
    } catch (error) {
      const { failure, expected } = toRpcFailure(error);
      if (!expected) this.log.error('rpc handler failed', { err: error, subject: route.contract.subject, handler: route.name });
      return failureReply(failure);
    }
  }
}

/**
 * A programming error, not a caller's: a RawJson answer must be exactly what the response schema describes: valid JSON, every field
 * the schema names with the right type, and nothing more (a stray column would leak otherwise).
 */
export function checkRawReply(route: Pick<RpcRoute, 'contract'>, raw: RawJson): void {
  let value: unknown;
  try {
    value = JSON.parse(raw.text);
  } catch {
    throw new Error(`${route.contract.subject} answered text that is not JSON`);
  }
  const parsed = route.contract.response.safeParse(value);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new Error(`${route.contract.subject} answered off its schema at ${first?.path.join('.') ?? '?'}: ${first?.message ?? ''}`);
  }
  if (!isDeepStrictEqual(parsed.data, value)) {
    throw new Error(`${route.contract.subject} answered fields its schema does not name`);
  }
}

/**
 * Replies carry only what the response schema names. The result is read as it will travel (JSON:
 * Dates become strings); one the schema does not describe is sent as is and logged (no output validation).
 */
function stripToResponse(route: RpcRoute, result: unknown, log: PawlineLogger): unknown {
  const wire: unknown = result === undefined ? null : JSON.parse(JSON.stringify(result));
  const parsed = route.contract.response.safeParse(wire);
  if (parsed.success) return parsed.data;
  log.warn('rpc result does not match its response schema', { subject: route.contract.subject, issues: parsed.error.issues });
  return wire;
}
