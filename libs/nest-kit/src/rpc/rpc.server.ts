import { isDeepStrictEqual } from 'node:util';
import type { Msg, NatsConnection, Subscription } from '@nats-io/transport-node';
import type { RpcContract } from '@pawline/contracts';
import { isObservable, lastValueFrom } from 'rxjs';
import { prefixed, type KitConfig } from '../config/kit-config';
import type { PawlineLogger } from '../logging/pawline.logger';
import { TurnBatch } from '../nats/turn-batch';
import { contextFromHeaders, SpanKind, withSpan } from '../tracing/nats-trace-context';
import { KitRpcContext } from '../transport/kit-contexts';
import { RawJson } from './raw-json';
import { toRpcFailure } from './rpc-error';
import { failureReply, okReply, parseEnvelope } from './rpc-wire';

/** A Nest message handler as the transport receives it: Nest's pipeline (guards, pipes, interceptors, filters) around the method. */
export type NestRpcHandler = (data: unknown, ctx: KitRpcContext) => Promise<unknown>;

export type RpcRoute = { contract: RpcContract; handle: NestRpcHandler };

/**
 * The request-reply half of the kit's transport: one queue subscription per RPC pattern (queue
 * group = service name, subject prefixed); the envelope is read here, the handler runs through
 * Nest, and the answer goes back as an RpcReply, in the same turn batch as the turn's other replies.
 */
export class RpcResponder {
  private readonly subscriptions: Subscription[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  private readonly replies = new TurnBatch();

  constructor(
    private readonly nc: NatsConnection,
    private readonly config: KitConfig,
    private readonly log: PawlineLogger,
  ) {}

  subscribe(route: RpcRoute): void {
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

  /** Stops taking requests, then lets the running ones answer. */
  async drain(): Promise<void> {
    const subscriptions = this.subscriptions.splice(0);
    await Promise.all(subscriptions.map((s) => s.drain().catch(() => undefined)));
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
      // an unreadable envelope never reaches Nest: there is no payload or context to give a handler
      const envelope = parseEnvelope(body);
      const result = await settle(
        await route.handle(envelope.data, new KitRpcContext(route.contract.subject, envelope.auth, envelope.lang, envelope.member)),
      );
      if (result instanceof RawJson) {
        if (this.config.checkRawReplies) checkRawReply(route, result);
        return okReply(result.text);
      }
      return okReply(JSON.stringify(stripToResponse(route, result, this.log)));
    } catch (error) {
      // the kit's exception filter already turned the handler's throws into RpcErrors (and logged the unexpected ones)
      const { failure, expected } = toRpcFailure(error);
      if (!expected) this.log.error('rpc handler failed', { err: error, subject: route.contract.subject });
      return failureReply(failure);
    }
  }
}

/** A Nest handler's outcome: a plain value, or the last value of the stream interceptors or filters made of it. */
export async function settle(result: unknown): Promise<unknown> {
  return isObservable(result) ? lastValueFrom(result, { defaultValue: undefined }) : result;
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
