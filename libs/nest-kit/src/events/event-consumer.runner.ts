import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager, type ConsumerMessages, type JsMsg } from '@nats-io/jetstream';
import { nanos, type NatsConnection } from '@nats-io/transport-node';
import type { EventContract, EventEnvelope, WorkContract } from '@pawline/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { prefixed, streamName, unprefixed, type KitConfig } from '../config/kit-config';
import type { PawlineLogger } from '../logging/pawline.logger';
import { contextFromHeaders, SpanKind, withSpan } from '../tracing/nats-trace-context';
import { consumerFilter } from './consumer-filter';
import type { DeadLetterStore } from './dead-letter.store';
import { DEFAULT_ACK_WAIT_MS, retryDelay, type ConsumerOptions } from './event-handler.decorator';
import { readEvent, safeJson } from './read-event';

/** One consumer: its options and the Nest handler (guards, interceptors, filters around the method) it runs. */
export type ConsumerHandler = {
  options: ConsumerOptions;
  contracts: Map<string, EventContract | WorkContract>;
  /** Resolves when the handler succeeded, rejects with what it threw. */
  call: (event: EventEnvelope, delivery: { subject: string; deliveries: number; manager: EntityManager | null }) => Promise<void>;
};

export type ConsumerRunnerDeps = {
  nc: NatsConnection;
  config: KitConfig;
  deadLetters: DeadLetterStore;
  log: PawlineLogger;
  dataSource: DataSource | null;
};

type Loop = { messages: ConsumerMessages; done: Promise<void> };

/**
 * The JetStream half of the kit's transport: every @EventHandler (EVENTS stream) and @WorkHandler
 * (WORK stream) as a durable pull consumer with explicit ack, processed_event in the handler's
 * transaction, nak with backoff and dead_letter after maxDeliver.
 */
export class EventConsumerRunner {
  private readonly loops: Loop[] = [];
  private readonly nc: NatsConnection;
  private readonly config: KitConfig;
  private readonly deadLetters: DeadLetterStore;
  private readonly log: PawlineLogger;
  private readonly dataSource: DataSource | null;
  private stopping = false;

  constructor(deps: ConsumerRunnerDeps) {
    ({ nc: this.nc, config: this.config, deadLetters: this.deadLetters, log: this.log, dataSource: this.dataSource } = deps);
  }

  /** Checks every consumer's options before any starts (a bad one stops the service from loading), then starts them. */
  async startAll(handlers: ConsumerHandler[]): Promise<void> {
    const durables = new Set<string>();
    for (const handler of handlers) {
      if (durables.has(handler.options.durable)) throw new Error(`Two @EventHandler share the durable ${handler.options.durable}`);
      durables.add(handler.options.durable);
      if (handler.options.transactional !== false && !this.dataSource) {
        throw new Error(`@EventHandler ${handler.options.durable} needs a database; use transactional: false`);
      }
    }
    for (const handler of handlers) this.loops.push(await this.start(handler));
  }

  async stop(): Promise<void> {
    this.stopping = true;
    const loops = this.loops.splice(0);
    for (const loop of loops) loop.messages.stop();
    await Promise.allSettled(loops.map((loop) => loop.done));
  }

  private async start(handler: ConsumerHandler): Promise<Loop> {
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

  private async process(handler: ConsumerHandler, message: JsMsg): Promise<void> {
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
          await this.apply(handler, event, { subject, deliveries });
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
  private async apply(handler: ConsumerHandler, event: EventEnvelope, delivery: { subject: string; deliveries: number }): Promise<void> {
    if (handler.options.transactional === false || !this.dataSource) {
      await handler.call(event, { ...delivery, manager: null });
      return;
    }
    await this.dataSource.transaction(async (manager) => {
      const inserted = await manager.query<unknown[]>(
        `INSERT INTO "${this.config.schema}"."processed_event" ("durable", "event_id") VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING "event_id"`,
        [handler.options.durable, event.id],
      );
      if (inserted.length === 0) return;
      await handler.call(event, { ...delivery, manager });
    });
  }

  private async giveUp(handler: ConsumerHandler, message: JsMsg, envelope: unknown, subject: string, error: string): Promise<void> {
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
