import { Injectable } from '@nestjs/common';
import type { MessageQuotaView } from '@pawline/contracts';
import { OVER_PLAN_PRICE_CENTS, allocateMessages, applyAllocation, quotaWarning, releaseMessages } from '@pawline/domain';
import { PawlineLogger } from '@pawline/nest-kit';
import { DataSource } from 'typeorm';
import type { MessageQuota } from '../ports';
import { autoMsgOf, lockedQuota, stateOf, writeQuota } from './quota-ledger';

/**
 * msg_left / msg_entitled per organization (spec §3, §8, §9; the MessageQuota port). Every change
 * happens in a transaction holding the organization's row (SELECT … FOR UPDATE), so concurrent
 * reserves queue on the row and never spend more than there is.
 */
@Injectable()
export class MessageQuotaService implements MessageQuota {
  constructor(
    private readonly db: DataSource,
    private readonly log: PawlineLogger,
  ) {}

  async reserve(orgaId: string, count: number, now: Date = new Date()): Promise<number> {
    if (count <= 0) return 0;
    return this.db.transaction(async (manager) => {
      const row = await lockedQuota(manager, orgaId, now);
      if (!row) {
        // identity's orga-created event not seen yet: nothing is granted rather than something unaccounted
        this.log.warn(`message quota of unknown organization ${orgaId}: nothing reserved`);
        return 0;
      }
      const state = stateOf(row, await autoMsgOf(manager, orgaId));
      const allocation = allocateMessages(state, count, now);
      if (allocation.granted > 0) await writeQuota(manager, row, applyAllocation(state, allocation));
      return allocation.granted;
    });
  }

  async release(orgaId: string, count: number, now: Date = new Date()): Promise<void> {
    if (count <= 0) return;
    await this.db.transaction(async (manager) => {
      const row = await lockedQuota(manager, orgaId, now);
      if (!row) return;
      const state = stateOf(row, await autoMsgOf(manager, orgaId));
      await writeQuota(manager, row, releaseMessages(state, count));
    });
  }

  /** GET .../msg/msg_left: the count as of now (a new month already counted), with the plan warning. */
  async view(orgaId: string, now: Date = new Date()): Promise<MessageQuotaView | null> {
    return this.db.transaction(async (manager) => {
      const row = await lockedQuota(manager, orgaId, now);
      if (!row) return null;
      const autoMsg = await autoMsgOf(manager, orgaId);
      const state = stateOf(row, autoMsg);
      return {
        orga_id: orgaId,
        tier: row.tier,
        msg_left: row.msg_left,
        msg_entitled: row.msg_entitled,
        source: row.source,
        period: row.period,
        over_plan_free_left: row.over_plan_free_left,
        over_plan_billed: row.over_plan_billed,
        over_plan_price_cents: row.over_plan_billed * OVER_PLAN_PRICE_CENTS,
        trial_messages_until: state.trial_messages_until?.toISOString() ?? null,
        auto_msg: autoMsg,
        warning: quotaWarning(state, now),
        refreshed_at: row.refreshed_at ? new Date(row.refreshed_at).toISOString() : null,
      };
    });
  }
}
