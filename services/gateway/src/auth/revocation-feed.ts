import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { DeliverPolicy, jetstream, type ConsumerMessages } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { sessionRevokedEvent } from '@pawline/contracts';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  KIT_CONFIG,
  NATS_CONNECTION,
  PawlineLogger,
  prefixed,
  readEvent,
  safeJson,
  streamName,
  type KitConfig,
} from '@pawline/nest-kit';
import { SESSION_REVOCATIONS } from '../gateway.tokens';
import { MembershipCache } from './membership-cache';
import type { SessionRevocationStore } from './session-revocation.store';

/**
 * Every gateway process keeps the revocations of the last access-token lifetime in memory, fed
 * by identity's session-revoked events: each process reads them all through its own ordered
 * consumer, replayed from 15 minutes back at start (older tokens have expired anyway). Checking a
 * token is then a lookup in memory rather than a Redis round trip on every request; a revocation
 * reaches every gateway as fast as the event does (the same path the Redis copy took before).
 *
 * The gateway's own durable handler of the same event (SessionRevokedHandlers) closes sockets once.
 */
@Injectable()
export class RevocationFeed implements OnApplicationBootstrap, OnModuleDestroy {
  private messages: ConsumerMessages | null = null;
  private loop: Promise<void> = Promise.resolve();
  private readonly log: PawlineLogger;

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(KIT_CONFIG) private readonly config: KitConfig,
    @Inject(SESSION_REVOCATIONS) private readonly revocations: SessionRevocationStore,
    private readonly memberships: MembershipCache,
    logger: PawlineLogger,
  ) {
    this.log = logger.child({ context: 'RevocationFeed' });
  }

  /** Resolves once the replayed revocations are applied: the gateway takes no request before. */
  async onApplicationBootstrap(): Promise<void> {
    const consumer = await jetstream(this.nc).consumers.get(streamName(this.config, 'EVENTS'), {
      filter_subjects: prefixed(this.config, sessionRevokedEvent.subject),
      deliver_policy: DeliverPolicy.StartTime,
      opt_start_time: new Date(Date.now() - ACCESS_TOKEN_TTL_SECONDS * 1000).toISOString(),
    });
    const backlog = (await consumer.info(true)).num_pending;
    const messages = await consumer.consume();
    this.messages = messages;
    await new Promise<void>((caughtUp, failed) => {
      if (backlog === 0) caughtUp();
      this.loop = (async () => {
        for await (const message of messages) {
          this.apply(message.string());
          if (message.info.pending === 0) caughtUp();
        }
      })().catch((error: unknown) => {
        this.log.error('revocation feed stopped', { err: error });
        // before the replay is done this fails the start; afterwards the promise is settled already
        failed(error instanceof Error ? error : new Error(String(error)));
      });
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.messages?.close();
    await this.loop;
  }

  private apply(text: string): void {
    const read = readEvent(sessionRevokedEvent, safeJson(text));
    if (!read.ok) {
      this.log.error('unreadable session-revoked event', { reason: read.reason, text: text.slice(0, 200) });
      return;
    }
    const { user_id, session_ids, revoked_at } = read.event.data;
    const at = new Date(revoked_at);
    void this.revocations.revoke(user_id, session_ids, Number.isNaN(at.getTime()) ? new Date(read.event.occurredAt) : at);
    this.memberships.dropUser(user_id);
  }
}
