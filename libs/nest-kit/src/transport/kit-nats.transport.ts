import type { OnModuleDestroy } from '@nestjs/common';
import { Server, type CustomTransportStrategy, type MessageHandler } from '@nestjs/microservices';
import type { NatsConnection } from '@nats-io/transport-node';
import type { DataSource } from 'typeorm';
import type { KitConfig } from '../config/kit-config';
import type { DeadLetterStore } from '../events/dead-letter.store';
import { EventConsumerRunner, type ConsumerHandler } from '../events/event-consumer.runner';
import type { ConsumerPatternExtras } from '../events/event-handler.decorator';
import type { PawlineLogger } from '../logging/pawline.logger';
import { RpcResponder, settle } from '../rpc/rpc.server';
import type { RpcPatternExtras } from '../rpc/rpc-handler.decorator';
import { KitEventContext } from './kit-contexts';

export type KitTransportDeps = {
  nc: NatsConnection;
  config: KitConfig;
  logger: PawlineLogger;
  deadLetters: DeadLetterStore;
  dataSource: DataSource | null;
};

export const KIT_TRANSPORT_ID = Symbol('pawline-nats');

/**
 * The kit's Nest microservice transport (`app.connectMicroservice({ strategy })`): every
 * `@RpcHandler` (a @MessagePattern) becomes a NATS queue subscription answering RpcReplies, every
 * `@EventHandler` / `@WorkHandler` (an @EventPattern) a durable JetStream pull consumer. Nest's
 * pipeline runs around each handler; what stays here is the wire: envelopes, the turn batch,
 * RawJson, acks, retries and dead letters.
 */
export class KitNatsTransport extends Server implements CustomTransportStrategy, OnModuleDestroy {
  override readonly transportId = KIT_TRANSPORT_ID;
  // the consumer runner awaits every handler and naks on a failure: it is told, nothing is lost
  override readonly propagatesEventHandlerErrors = true;
  private readonly responder: RpcResponder;
  private readonly consumers: EventConsumerRunner;
  private closing: Promise<void> | null = null;

  constructor(private readonly deps: KitTransportDeps) {
    super();
    const log = deps.logger.child({ context: 'KitNatsTransport' });
    this.responder = new RpcResponder(deps.nc, deps.config, log);
    this.consumers = new EventConsumerRunner({ ...deps, log });
  }

  /** One handler per pattern: two for one subject (or durable) is a mistake found at load, not a second call. */
  override addHandler(pattern: unknown, callback: MessageHandler, isEventHandler = false, extras: Record<string, unknown> = {}): void {
    const route = this.normalizePattern(pattern as string);
    if (this.messageHandlers.has(route)) {
      throw new Error(isEventHandler ? `Two @EventHandler share the durable ${route}` : `Two RPC handlers for ${route}`);
    }
    super.addHandler(pattern, callback, isEventHandler, extras);
  }

  async listen(callback: (error?: unknown) => void): Promise<void> {
    try {
      const consumers: ConsumerHandler[] = [];
      for (const [pattern, handler] of this.messageHandlers) {
        const extras = handler.extras as Partial<RpcPatternExtras & ConsumerPatternExtras> | undefined;
        if (handler.isEventHandler && extras?.consumer) {
          consumers.push(this.consumerOf({ consumer: extras.consumer }, handler));
        } else if (!handler.isEventHandler && extras?.rpc) {
          this.responder.subscribe({ contract: extras.rpc, handle: handler });
        } else {
          throw new Error(`${pattern}: the kit's transport serves @RpcHandler, @EventHandler and @WorkHandler methods only`);
        }
      }
      // the server has every subscription once it answers a ping: a request sent the moment this service says it
      // started finds its responder instead of "no responders" (seen as a 503 on a busy machine)
      await this.deps.nc.flush();
      await this.consumers.startAll(consumers);
      callback();
    } catch (error) {
      callback(error);
    }
  }

  private consumerOf({ consumer }: ConsumerPatternExtras, handler: MessageHandler): ConsumerHandler {
    return {
      options: consumer,
      contracts: new Map(consumer.messages.map((m) => [m.subject, m])),
      call: async (event, delivery) => {
        const context = new KitEventContext(delivery.subject, consumer.durable, delivery.deliveries, delivery.manager);
        await settle(await handler(event, context));
      },
    };
  }

  /** Stops taking requests and deliveries, then lets the running ones finish (before the database closes). */
  close(): Promise<void> {
    return (this.closing ??= Promise.all([this.responder.drain(), this.consumers.stop()]).then(() => undefined));
  }

  onModuleDestroy(): Promise<void> {
    return this.close();
  }

  on(): never {
    throw new Error('KitNatsTransport has no events to listen to');
  }

  unwrap<T>(): T {
    return this.deps.nc as T;
  }
}
