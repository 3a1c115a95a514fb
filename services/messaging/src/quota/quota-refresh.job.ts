import { Inject, Injectable } from '@nestjs/common';
import { isTrialTier, localDateOf } from '@pawline/domain';
import { PawlineLogger } from '@pawline/nest-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { MESSAGING_CORE_CONFIG, type MessagingCoreConfig } from '../core/messaging-core.config';
import { IntervalJob } from '../leader/interval-job';
import { asLeader } from '../leader/leader-lock';
import { entitlementOf, lockedQuota } from './quota-ledger';

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
      const due = await this.dueForRefresh(manager, now);
      for (const orgaId of due) await this.refresh(manager, orgaId, now);
      return due.length;
    });
  }

  /** R4.23 the organizations whose local time is past 12:30 and that were not refreshed today (local). */
  private async dueForRefresh(manager: EntityManager, now: Date, limit = 500): Promise<string[]> {
    const rows = await manager.query<{ orga_id: string }[]>(
      `SELECT orga_id FROM message_quota
       WHERE ($1::timestamptz AT TIME ZONE time_zone)::time >= $2::time
         AND (refreshed_on IS NULL OR refreshed_on < ($1::timestamptz AT TIME ZONE time_zone)::date)
       ORDER BY orga_id LIMIT $3`,
      [now, '12:30', limit],
    );
    return rows.map((row) => row.orga_id);
  }

  /** R4.23 recomputes one organization's count now: a new month, a new plan; marks the local day done. */
  private async refresh(manager: EntityManager, orgaId: string, now: Date): Promise<void> {
    const row = await lockedQuota(manager, orgaId, now);
    if (!row) return;
    const entitlement = await entitlementOf(manager, orgaId, row.tier, now);
    if (!isTrialTier(row.tier) && entitlement.monthly !== row.msg_entitled) {
      const used = row.msg_entitled - row.msg_left;
      await manager.query(`UPDATE message_quota SET msg_entitled = $2, msg_left = $3, source = $4 WHERE orga_id = $1`, [
        orgaId,
        entitlement.monthly,
        Math.max(0, entitlement.monthly - used),
        entitlement.source,
      ]);
    }
    await manager.query(`UPDATE message_quota SET refreshed_on = $2, refreshed_at = $3 WHERE orga_id = $1`, [
      orgaId,
      localDateOf(now, row.time_zone),
      now,
    ]);
  }
}
