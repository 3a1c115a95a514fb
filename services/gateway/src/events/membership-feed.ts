import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import { eventEnvelopeSchema } from '@pawline/contracts';
import { KIT_CONFIG, NATS_CONNECTION, PawlineLogger, prefixed, safeJson, type KitConfig } from '@pawline/nest-kit';
import { MembershipCache } from '../auth/membership-cache';
import { membershipChangeOrga } from './realtime-events.consumer';

/**
 * Drops this gateway process's kept memberships on identity's member, organization and store
 * events, for the changes another gateway process proxied (the one that proxied it dropped them
 * before answering). Every process needs every such event, so this is a plain subscription of its
 * own rather than the realtime fan-out's shared durable: nothing is to be replayed, the cache of a
 * new process is empty.
 */
@Injectable()
export class MembershipFeed implements OnApplicationBootstrap, OnModuleDestroy {
  private subscription: Subscription | null = null;
  private readonly log: PawlineLogger;

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(KIT_CONFIG) private readonly config: KitConfig,
    private readonly memberships: MembershipCache,
    logger: PawlineLogger,
  ) {
    this.log = logger.child({ context: 'MembershipFeed' });
  }

  onApplicationBootstrap(): void {
    // JetStream's EVENTS stream stores what the relay publishes; a core subscriber sees the same publish
    this.subscription = this.nc.subscribe(prefixed(this.config, 'evt.identity.>'), {
      callback: (error, msg) => {
        if (error) {
          this.log.warn('membership feed subscription failed', { err: String(error) });
          return;
        }
        const parsed = eventEnvelopeSchema.safeParse(safeJson(msg.string()));
        const orgaId = parsed.success ? membershipChangeOrga(parsed.data) : null;
        if (orgaId) this.memberships.dropOrganization(orgaId);
      },
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.drain().catch(() => undefined);
  }
}
