import { Inject, Injectable } from '@nestjs/common';
import { PawlineLogger } from '@pawline/nest-kit';
import { DataSource } from 'typeorm';
import { MESSAGING_CORE_CONFIG, type MessagingCoreConfig } from '../core/messaging-core.config';
import { IntervalJob } from '../leader/interval-job';
import { asLeader } from '../leader/leader-lock';
import { MessageQuotaService } from './message-quota.service';

/**
 * R4.23 at 12:30 local time (the organization's first store's zone), then every 24 hours, the message
 * count is recomputed: a new month, a changed plan. Every instance ticks; the one holding the advisory
 * lock does the turn, and each organization is done once per local day (refreshed_on).
 */
@Injectable()
export class QuotaRefreshJob extends IntervalJob {
  protected readonly jobName = 'messaging-quota-refresh';

  constructor(
    private readonly db: DataSource,
    private readonly quota: MessageQuotaService,
    private readonly log: PawlineLogger,
    @Inject(MESSAGING_CORE_CONFIG) private readonly config: MessagingCoreConfig,
  ) {
    super();
  }

  protected everyMs(): number {
    return this.config.jobTickMs;
  }

  protected logger(): PawlineLogger {
    return this.log;
  }

  /** Refreshes the organizations due at `now`; answers how many (null when another instance leads). */
  async runOnce(now: Date): Promise<number | null> {
    return asLeader(this.db, this.jobName, async (manager) => {
      const due = await this.quota.dueForRefresh(manager, now);
      for (const orgaId of due) await this.quota.refresh(manager, orgaId, now);
      return due.length;
    });
  }
}
