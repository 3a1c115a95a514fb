import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import { eventEnvelopeSchema } from '@pawline/contracts';
import { KIT_CONFIG, NATS_CONNECTION, PawlineLogger, prefixed, safeJson, type KitConfig } from '@pawline/nest-kit';
import { WeekAnswers } from '../http/week-answers';

/**
 * Marks this gateway process's kept weeks of an organization to be checked on every scheduling event of it
 * (issue 34): the events realtime sends to the browsers, which scheduling writes in the same
 * transaction as the change (outbox). Every process keeps weeks of its own, so each needs every
 * such event: a plain core subscription, as MembershipFeed, not the realtime fan-out's durable.
 */
@Injectable()
export class WeekAnswersFeed implements OnApplicationBootstrap, OnModuleDestroy {
  private subscription: Subscription | null = null;
  private readonly log: PawlineLogger;

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(KIT_CONFIG) private readonly config: KitConfig,
    private readonly weeks: WeekAnswers,
    logger: PawlineLogger,
  ) {
    this.log = logger.child({ context: 'WeekAnswersFeed' });
  }

  onApplicationBootstrap(): void {
    this.subscription = this.nc.subscribe(prefixed(this.config, 'evt.scheduling.>'), {
      callback: (error, msg) => {
        if (error) {
          this.log.warn('week answers feed subscription failed', { err: String(error) });
          return;
        }
        const parsed = eventEnvelopeSchema.safeParse(safeJson(msg.string()));
        if (parsed.success && parsed.data.orgaId) this.weeks.organizationChanged(parsed.data.orgaId);
      },
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.drain().catch(() => undefined);
  }
}
