import {
  OVER_PLAN_FREE_MESSAGES,
  entitlementFor,
  isTrialTier,
  quotaPeriodOf,
  startPeriod,
  trialMessagesUntil,
  type Entitlement,
  type QuotaState,
} from '@pawline/domain';
import type { EntityManager } from 'typeorm';

// The message_quota row as every quota job reads and writes it: locked, with a new month already started.

export type QuotaRow = {
  orga_id: string;
  owner_user_id: string | null;
  tier: number;
  orga_created_at: Date;
  time_zone: string;
  zone_store_id: string | null;
  country: string | null;
  period: string;
  msg_left: number;
  msg_entitled: number;
  source: string;
  over_plan_free_left: number;
  over_plan_billed: number;
  refreshed_on: string | null;
  refreshed_at: Date | null;
};

export function stateOf(row: QuotaRow, autoMsg: boolean): QuotaState {
  return {
    tier: row.tier,
    msg_left: row.msg_left,
    msg_entitled: row.msg_entitled,
    over_plan_free_left: row.over_plan_free_left,
    over_plan_billed: row.over_plan_billed,
    auto_msg: autoMsg,
    trial_messages_until: isTrialTier(row.tier) ? trialMessagesUntil(row.orga_created_at) : null,
  };
}

/** A plan billing recorded (valid now) for a paid tier, else the tier's own entitlement. */
export async function entitlementOf(manager: EntityManager, orgaId: string, tier: number, now: Date): Promise<Entitlement> {
  if (isTrialTier(tier)) return entitlementFor(tier, null);
  const [plan] = await manager.query<{ monthly: number }[]>(
    `SELECT monthly FROM message_entitlement WHERE orga_id = $1 AND source = 'plan' AND valid_from <= $2 AND (valid_until IS NULL OR valid_until > $2)
     ORDER BY valid_from DESC, created_at DESC LIMIT 1`,
    [orgaId, now],
  );
  return entitlementFor(tier, plan?.monthly ?? null);
}

/** The row, locked, with a new month already started (paid tiers): each reader and writer sees this month's count. */
export async function lockedQuota(manager: EntityManager, orgaId: string, now: Date): Promise<QuotaRow | null> {
  const [row] = await manager.query<QuotaRow[]>(`SELECT * FROM message_quota WHERE orga_id = $1 FOR UPDATE`, [orgaId]);
  if (!row) return null;
  const period = quotaPeriodOf(now, row.time_zone);
  if (period === row.period || isTrialTier(row.tier)) return row;
  const entitlement = await entitlementOf(manager, orgaId, row.tier, now);
  const next = startPeriod(stateOf(row, true), entitlement.monthly);
  await manager.query(
    `UPDATE message_quota SET period = $2, msg_entitled = $3, msg_left = $4, over_plan_free_left = $5, over_plan_billed = 0, source = $6,
       updated_at = now() WHERE orga_id = $1`,
    [orgaId, period, next.msg_entitled, next.msg_left, OVER_PLAN_FREE_MESSAGES, entitlement.source],
  );
  return {
    ...row,
    period,
    msg_entitled: next.msg_entitled,
    msg_left: next.msg_left,
    over_plan_free_left: OVER_PLAN_FREE_MESSAGES,
    over_plan_billed: 0,
    source: entitlement.source,
  };
}

export async function writeQuota(manager: EntityManager, row: QuotaRow, state: QuotaState): Promise<void> {
  await manager.query(
    `UPDATE message_quota SET msg_left = $2, over_plan_free_left = $3, over_plan_billed = $4, updated_at = now() WHERE orga_id = $1`,
    [row.orga_id, state.msg_left, state.over_plan_free_left, state.over_plan_billed],
  );
}

/** spec §3 auto_msg (the reminder settings'): whether reminders go on past the free extras, billed. */
export async function autoMsgOf(manager: EntityManager, orgaId: string): Promise<boolean> {
  const [row] = await manager.query<{ auto_msg: boolean }[]>(`SELECT auto_msg FROM reminder_settings WHERE orga_id = $1`, [orgaId]);
  return row?.auto_msg ?? true;
}
