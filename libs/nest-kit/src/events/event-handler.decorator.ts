import { applyDecorators, createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import type { EventContract, WorkContract } from '@pawline/contracts';
import { KitEventContext } from '../transport/kit-contexts';

export const EVENT_HANDLER = 'pawline:event-handler';

export type EventHandlerOptions = {
  /** Durable consumer name on the EVENTS stream, unique per purpose (`identity-orga-purge`). */
  durable: string;
  events: EventContract[];
  /** Attempts before the event goes to dead_letter. */
  maxDeliver: number;
  /** false: no transaction and no processed_event (the handler gets `(event)` only and must be idempotent itself). */
  transactional?: boolean;
  /** How long a delivery may run before JetStream redelivers it (default 30 s). */
  ackWaitMs?: number;
  /** Delays before the 1st, 2nd, ... retry after a throw (the last one repeats). */
  backoffMs?: number[];
};

export const DEFAULT_ACK_WAIT_MS = 30_000;
export const DEFAULT_BACKOFF_MS = [1_000, 5_000, 15_000, 30_000, 60_000];

export type WorkHandlerOptions = Omit<EventHandlerOptions, 'events'> & { work: WorkContract };

/** What the consumer runner reads from the metadata of both decorators. */
export type ConsumerOptions = Omit<EventHandlerOptions, 'events'> & {
  stream: 'EVENTS' | 'WORK';
  messages: (EventContract | WorkContract)[];
};

function checked(options: ConsumerOptions): ConsumerOptions {
  if (options.maxDeliver < 1) throw new Error(`consumer ${options.durable}: maxDeliver must be at least 1`);
  if (!/^[A-Za-z0-9_-]+$/.test(options.durable))
    throw new Error(`consumer durable "${options.durable}" may hold letters, digits, - and _ only`);
  return options;
}

/** What the kit's transport reads from an @EventPattern's extras. */
export type ConsumerPatternExtras = { consumer: ConsumerOptions };

/** The pattern of a consumer: one handler per durable (two handlers of one event are two durables). */
export function consumerPattern(durable: string): string {
  return `jetstream:${durable}`;
}

/** The consumer's transaction as a handler parameter (null when the consumer is not transactional). */
export const ConsumerTransaction = createParamDecorator((_data: unknown, ctx: ExecutionContext) => {
  const context = ctx.switchToRpc().getContext<unknown>();
  return context instanceof KitEventContext ? context.manager : null;
});

function consumerDecorator(options: ConsumerOptions): MethodDecorator {
  const extras: ConsumerPatternExtras = { consumer: checked(options) };
  return applyDecorators(
    SetMetadata(EVENT_HANDLER, extras.consumer),
    EventPattern(consumerPattern(options.durable), extras) as MethodDecorator,
    (target: object, key: string | symbol) => {
      // the same as writing `@Payload() event, @ConsumerTransaction() manager` on the method's parameters
      Payload()(target, key, 0);
      ConsumerTransaction()(target, key, 1);
    },
  );
}

/**
 * A controller method as a durable pull consumer of events (see platform-api.md): an
 * `@EventPattern` the kit's transport runs on the EVENTS stream, so guards, interceptors and
 * filters apply as in any Nest microservice.
 */
export function EventHandler({ events, ...options }: EventHandlerOptions): MethodDecorator {
  return consumerDecorator({ ...options, stream: 'EVENTS', messages: events });
}

/**
 * Takes jobs from the WORK stream (work-queue retention: each job goes to one worker and is
 * removed when acked). Jobs are written with `OutboxService.add` like events, so the same
 * processed_event / dead_letter rules apply; several worker processes share the durable.
 */
export function WorkHandler({ work, ...options }: WorkHandlerOptions): MethodDecorator {
  return consumerDecorator({ ...options, stream: 'WORK', messages: [work] });
}

export function retryDelay(options: Pick<EventHandlerOptions, 'backoffMs'>, deliveries: number): number {
  const steps = options.backoffMs?.length ? options.backoffMs : DEFAULT_BACKOFF_MS;
  return steps[Math.min(Math.max(deliveries, 1), steps.length) - 1] ?? 0;
}
