import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager, type ConsumerMessages } from '@nats-io/jetstream';
import { nanos, type NatsConnection } from '@nats-io/transport-node';
import { eventEnvelopeSchema, type EventEnvelope } from '@pawline/contracts';
import { continueTrace, KIT_CONFIG, NATS_CONNECTION, PawlineLogger, prefixed, streamName, type KitConfig } from '@pawline/nest-kit';
import { toRealtimeMessage } from '../realtime/realtime-message';
import { eventRoomsOf } from '../realtime/realtime-rooms';
import { REALTIME_ATTR, realtimeSpanName } from '../realtime/realtime-tracing';
import { RealtimeServer } from '../realtime/realtime.server';

/** One durable shared by every gateway process: each event is handled once and fanned out through the socket.io adapter. */
export const REALTIME_DURABLE = 'gateway-realtime';

/**
 * Every domain event (evt.>) to the rooms of the members who may read it (realtime-rooms.ts,
 * docs/adr/0012). An identity member/orga/store event first moves the sockets of its
 * organization, on every gateway process, into the rooms of their new access (a removal is told
 * before, to those who had access). The kit's @EventHandler takes a fixed list of contracts; the
 * fan-out needs every subject of every service, so this consumer is our own.
 */
@Injectable()
export class RealtimeEventsConsumer implements OnApplicationBootstrap, OnModuleDestroy {
  private messages: ConsumerMessages | null = null;
  private loop: Promise<void> | null = null;
  private readonly log: PawlineLogger;

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(KIT_CONFIG) private readonly config: KitConfig,
    private readonly realtime: RealtimeServer,
    logger: PawlineLogger,
  ) {
    this.log = logger.child({ context: 'RealtimeEventsConsumer' });
  }

  async onApplicationBootstrap(): Promise<void> {
    const stream = streamName(this.config, 'EVENTS');
    const jsm = await jetstreamManager(this.nc);
    try {
      await jsm.consumers.info(stream, REALTIME_DURABLE);
    } catch {
      await jsm.consumers
        .add(stream, {
          durable_name: REALTIME_DURABLE,
          ack_policy: AckPolicy.Explicit,
          // realtime is about now: a new deployment does not replay history to browsers
          deliver_policy: DeliverPolicy.New,
          ack_wait: nanos(10_000),
          max_deliver: 3,
          filter_subject: prefixed(this.config, 'evt.>'),
        })
        .catch(async (error: unknown) => {
          // another gateway process may have created it at the same moment
          const existing = await jsm.consumers.info(stream, REALTIME_DURABLE).catch(() => null);
          if (!existing) throw error;
        });
    }
    const consumer = await jetstream(this.nc).consumers.get(stream, REALTIME_DURABLE);
    const messages = await consumer.consume({ max_messages: 64 });
    this.messages = messages;
    this.loop = (async () => {
      for await (const message of messages) {
        try {
          const parsed = eventEnvelopeSchema.safeParse(JSON.parse(message.string()));
          if (parsed.success) {
            const envelope = parsed.data;
            // continues the event's trace (traceparent in the NATS headers, as the kit's consumers do)
            await continueTrace(
              realtimeSpanName(envelope.subject),
              message.headers,
              {
                [REALTIME_ATTR.subject]: envelope.subject,
                [REALTIME_ATTR.source]: 'nats',
                'messaging.consumer.group.name': REALTIME_DURABLE,
              },
              () => this.handle(envelope),
            );
          }
        } catch (error) {
          this.log.warn('unreadable event skipped', { subject: message.subject, err: String(error) });
        }
        message.ack();
      }
    })();
  }

  async onModuleDestroy(): Promise<void> {
    this.messages?.stop();
    await this.loop;
  }

  async handle(envelope: EventEnvelope): Promise<void> {
    const message = toRealtimeMessage(envelope);
    const send = (): void => {
      if (message) this.realtime.publish(message, eventRoomsOf(envelope), envelope.subject);
    };
    // this durable reaches one gateway process; membershipChanged reaches the others through the adapter
    const orgaId = membershipChangeOrga(envelope);
    if (!orgaId) return send();
    if (isRemoval(envelope)) {
      send();
      await this.realtime.membershipChanged(orgaId, null);
    } else {
      await this.realtime.membershipChanged(orgaId, null);
      send();
    }
  }
}

/**
 * The organization whose cached memberships an identity event makes stale, or null: member
 * changes (rank, store overrides, active), organization changes (minimum ranks, cancellation)
 * and store changes (the store ids a membership reaches) all feed the guards.
 */
export function membershipChangeOrga(envelope: EventEnvelope): string | null {
  if (!/^evt\.identity\.(member|orga|store)\./.test(envelope.subject)) return null;
  return envelope.orgaId ?? orgaIdOf(envelope.data);
}

function orgaIdOf(data: unknown): string | null {
  const value = typeof data === 'object' && data !== null ? (data as { orga_id?: unknown }).orga_id : undefined;
  return typeof value === 'string' ? value : null;
}

/** A store deleted, an organization cancelled, a member removed: told to those who had access. */
export function isRemoval(envelope: EventEnvelope): boolean {
  if (/\.(deleted|cancelled)\.v[0-9]+$/.test(envelope.subject)) return true;
  const change = typeof envelope.data === 'object' && envelope.data !== null ? (envelope.data as { change?: unknown }).change : undefined;
  return change === 'removed';
}
