import { Inject, Injectable, Optional, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager, type ConsumerMessages, type JsMsg } from '@nats-io/jetstream';
import { nanos, type NatsConnection } from '@nats-io/transport-node';
import type { EventContract, EventEnvelope, WorkContract } from '@pawline/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { KIT_CONFIG, prefixed, streamName, unprefixed, type KitConfig } from '../config/kit-config';
import { HandlerDiscovery } from '../discovery/handler-discovery';
import { PawlineLogger } from '../logging/pawline.logger';
import { NATS_CONNECTION } from '../nats/nats.tokens';
import { contextFromHeaders, SpanKind, withSpan } from '../tracing/nats-trace-context';
import { consumerFilter } from './consumer-filter';
import { DeadLetterStore } from './dead-letter.store';
import { DEFAULT_ACK_WAIT_MS, EVENT_HANDLER, retryDelay, type ConsumerOptions } from './event-handler.decorator';
import { readEvent, safeJson } from './read-event';

type Handler = {
  options: ConsumerOptions;
  name: string;
  contracts: Map<string, EventContract | WorkContract>;
  call: (event: EventEnvelope, manager?: EntityManager) => unknown;
};

type Loop = { messages: ConsumerMessages; done: Promise<void> };

/** Runs every @EventHandler (EVENTS stream) and @WorkHandler (WORK stream) as a durable pull consumer with explicit ack. */
@Injectable()
export class EventConsumerRunner implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly loops: Loop[] = [];
  private readonly log: PawlineLogger;
  private stopping = false;

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(KIT_CONFIG) private readonly config: KitConfig,
    private readonly discovery: HandlerDiscovery,
    private readonly deadLetters: DeadLetterStore,
    logger: PawlineLogger,
    @Optional() @Inject(DataSource) private readonly dataSource: DataSource | null,
  ) {
    this.log = logger.child({ context: 'EventConsumerRunner' });
  }

  async onApplicationBootstrap(): Promise<void> {
    const handlers = this.discovery.methodsWith<ConsumerOptions>(EVENT_HANDLER).map((m): Handler => ({
      options: m.metadata,
      name: m.name,
      contracts: new Map(m.metadata.messages.map((e) => [e.subject, e])),
      call: (event, manager) => (manager ? m.call(event, manager) : m.call(event)),
    }));
    const durables = new Set<string>();
    for (const handler of handlers) {
      if (durables.has(handler.options.durable)) throw new Error(`Two @EventHandler share the durable ${handler.options.durable}`);
      durables.add(handler.options.durable);
      if (handler.options.transactional !== false && !this.dataSource) {
        throw new Error(`@EventHandler ${handler.options.durable} needs a database; use transactional: false`);
      }
      this.loops.push(await this.start(handler));
    }
  }

  async onModuleDestroy(): Promise<void> {
    this.stopping = true;
    for (const loop of this.loops) loop.messages.stop();
    await Promise.allSettled(this.loops.map((loop) => loop.done));
  }

  private async start(handler: Handler): Promise<Loop> {
    const stream = streamName(this.config, handler.options.stream);
    const { durable } = handler.options;
    const config = {
      durable_name: durable,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      ack_wait: nanos(handler.options.ackWaitMs ?? DEFAULT_ACK_WAIT_MS),
      // the runner counts deliveries itself and dead-letters; the server never drops silently
      max_deliver: -1,
      ...consumerFilter(
        [...handler.contracts.keys()].map((subject) => prefixed(this.config, subject)),
        this.nc.info?.version,
      ),
    };
    const jsm = await jetstreamManager(this.nc);
    const exists = await jsm.consumers.info(stream, durable).then(
      () => true,
      () => false,
    );
    if (exists) {
      const { durable_name: _name, ack_policy: _ack, deliver_policy: _deliver, ...changeable } = config;
      await jsm.consumers.update(stream, durable, changeable);
    } else {
      await jsm.consumers.add(stream, config);
    }
    const consumer = await jetstream(this.nc).consumers.get(stream, durable);
    const messages = await consumer.consume({ max_messages: 16 });
    const done = (async () => {
      for await (const message of messages) {
        if (this.stopping) {
          message.nak();
          continue;
        }
        await this.process(handler, message).catch((error: unknown) => this.log.error('event processing failed', { err: error, durable }));
      }
    })();
    return { messages, done };
  }

  private async process(handler: Handler, message: JsMsg): Promise<void> {
    const { durable, maxDeliver } = handler.options;
    // it may have waited in the client's buffer: restart its ack-wait clock now that it runs
    message.working();
    const deliveries = message.info.deliveryCount;
    const subject = unprefixed(this.config, message.subject) ?? message.subject;
    const raw = safeJson(message.string());
    const contract = handler.contracts.get(subject);
    if (!contract) {
      // another event on the shared wildcard filter (NATS < 2.10): not ours
      message.ack();
      return;
    }
    const read = readEvent(contract, raw);
    if (!read.ok) {
      await this.giveUp(handler, message, raw, subject, read.reason);
      return;
    }
    const { event } = read;
    if (deliveries > maxDeliver) {
      // delivered more often than allowed: earlier attempts crashed the process
      await this.giveUp(handler, message, raw, subject, `gave up after ${deliveries - 1} deliveries without an outcome`);
      return;
    }
    await withSpan(
      `evt ${subject}`,
      SpanKind.CONSUMER,
      contextFromHeaders(message.headers),
      { 'messaging.destination.name': subject, 'messaging.consumer.group.name': durable, 'messaging.message.id': event.id },
      async () => {
        try {
          await this.apply(handler, event);
          message.ack();
        } catch (error) {
          if (deliveries >= maxDeliver) {
            await this.giveUp(handler, message, raw, subject, describe(error));
            return;
          }
          const delay = retryDelay(handler.options, deliveries);
          this.log.warn('event handler failed, retrying', {
            durable,
            subject,
            eventId: event.id,
            deliveries,
            retryInMs: delay,
            err: describe(error),
          });
          message.nak(delay);
        }
      },
    );
  }

  /** Runs the handler in a transaction that first records (durable, event id): a seen event is skipped. */
  private async apply(handler: Handler, event: EventEnvelope): Promise<void> {
    if (handler.options.transactional === false || !this.dataSource) {
      await handler.call(event);
      return;
    }
    await this.dataSource.transaction(async (manager) => {
      const inserted = await manager.query<unknown[]>(
        `INSERT INTO "${this.config.serviceName}"."processed_event" ("durable", "event_id") VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING "event_id"`,
        [handler.options.durable, event.id],
      );
      if (inserted.length === 0) return;
      await handler.call(event, manager);
    });
  }

  private async giveUp(handler: Handler, message: JsMsg, envelope: unknown, subject: string, error: string): Promise<void> {
    const eventId = eventIdOf(envelope);
    this.log.error('event dead-lettered', {
      durable: handler.options.durable,
      subject,
      eventId,
      deliveries: message.info.deliveryCount,
      error,
    });
    if (eventId) {
      await this.deadLetters.add({
        durable: handler.options.durable,
        eventId,
        subject,
        envelope,
        error,
        deliveries: message.info.deliveryCount,
      });
    }
    message.term(error.slice(0, 200));
  }
}

function eventIdOf(envelope: unknown): string | null {
  const id = (envelope as { id?: unknown } | null)?.id;
  return typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id) ? id : null;
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
