import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { getOrgaRpc, type AuthContext, type MemberAccess, type PlanLimitsView } from '@pawline/contracts';
import {
  agreedMonthlyReminders,
  isOwner,
  isTrialTier,
  quotaPeriodOf,
  startPeriod,
  trialMessagesUntil,
  type Entitlement,
} from '@pawline/domain';
import { NatsRpcClient } from '@pawline/nest-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { entitlementOf, stateOf, type QuotaRow } from './quota-ledger';

export type OrgaFacts = {
  orgaId: string;
  ownerUserId: string | null;
  tier: number;
  createdAt: Date;
  country: string | null;
  /** the first store's zone, when known */
  store: { storeId: string; timeZone: string } | null;
};

/** Until an organization's first store is known its month is counted in UTC. */
const ZONE_UNKNOWN = 'UTC';

/** The organization's row and a store kept before it are decided one at a time, so a zone kept while the row is being made is not missed. */
async function lockOrgaZone(manager: EntityManager, orgaId: string): Promise<void> {
  await manager.query(`SELECT pg_advisory_xact_lock(hashtext('messaging-quota-zone:' || $1))`, [orgaId]);
}

/**
 * What identity says of an organization, kept on its quota row: the row made once (a trial's 50, or a paid
 * tier's month), its tier (a change starts the new entitlement now), its zone (the first store's) and owner.
 */
@Injectable()
export class OrgaQuotaService {
  constructor(
    private readonly db: DataSource,
    private readonly rpc: NatsRpcClient,
  ) {}

  /**
   * The organization's row from identity's facts: created once (a trial's 50, or a paid tier's month),
   * then kept in step with its tier (a change of tier starts the new entitlement now).
   */
  async recordOrga(manager: EntityManager, given: OrgaFacts, now: Date = new Date()): Promise<void> {
    await lockOrgaZone(manager, given.orgaId);
    const facts: OrgaFacts = { ...given, store: given.store ?? (await this.takeEarlyStoreZone(manager, given.orgaId)) };
    const timeZone = facts.store?.timeZone ?? ZONE_UNKNOWN;
    const entitlement = await entitlementOf(manager, facts.orgaId, facts.tier, now);
    const fresh = startPeriod(
      {
        tier: facts.tier,
        msg_left: entitlement.monthly,
        msg_entitled: entitlement.monthly,
        over_plan_free_left: 0,
        over_plan_billed: 0,
        auto_msg: true,
        trial_messages_until: null,
      },
      entitlement.monthly,
    );
    const [inserted] = await manager.query<{ orga_id: string }[]>(
      `INSERT INTO message_quota (orga_id, owner_user_id, tier, orga_created_at, time_zone, zone_store_id, country, period, msg_left,
         msg_entitled, source, over_plan_free_left, over_plan_billed)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 0)
       ON CONFLICT (orga_id) DO NOTHING RETURNING orga_id`,
      [
        facts.orgaId,
        facts.ownerUserId,
        facts.tier,
        facts.createdAt,
        timeZone,
        facts.store?.storeId ?? null,
        facts.country,
        quotaPeriodOf(now, timeZone),
        fresh.msg_left,
        fresh.msg_entitled,
        entitlement.source,
        fresh.over_plan_free_left,
      ],
    );
    if (inserted) {
      await this.recordEntitlement(manager, facts.orgaId, entitlement, isTrialTier(facts.tier) ? facts.createdAt : now, facts.tier);
      return;
    }
    await manager.query(
      `UPDATE message_quota SET owner_user_id = COALESCE(owner_user_id, $2), country = COALESCE(country, $3), orga_created_at = $4
       WHERE orga_id = $1`,
      [facts.orgaId, facts.ownerUserId, facts.country, facts.createdAt],
    );
    if (facts.store) await this.recordStoreZone(manager, facts.orgaId, facts.store.storeId, facts.store.timeZone, true);
    await this.recordTier(manager, facts.orgaId, facts.tier, now);
  }

  /**
   * A tier change (identity's orga-updated event or a request's membership) starts its entitlement now;
   * so does a change of the monthly reminders an operator agreed for a Customized plan (docs/adr/0031).
   */
  async recordTier(
    manager: EntityManager,
    orgaId: string,
    tier: number,
    now: Date = new Date(),
    limits: PlanLimitsView | null = null,
  ): Promise<void> {
    const [row] = await manager.query<QuotaRow[]>(`SELECT * FROM message_quota WHERE orga_id = $1 FOR UPDATE`, [orgaId]);
    if (!row) return;
    const agreedChanged = await this.recordAgreedMonthly(manager, orgaId, agreedMonthlyReminders(tier, limits), now);
    if (row.tier === tier && !agreedChanged) return;
    const entitlement = await entitlementOf(manager, orgaId, tier, now);
    const wasTrial = isTrialTier(row.tier);
    let state = stateOf({ ...row, tier }, true);
    if (isTrialTier(tier)) {
      state = {
        ...state,
        msg_entitled: entitlement.monthly,
        msg_left: Math.min(row.msg_left, entitlement.monthly),
        over_plan_free_left: 0,
      };
    } else if (wasTrial) {
      state = startPeriod(state, entitlement.monthly);
    } else {
      // another paid plan: what was used this month stays used
      const used = row.msg_entitled - row.msg_left;
      state = { ...state, msg_entitled: entitlement.monthly, msg_left: Math.max(0, entitlement.monthly - used) };
    }
    await manager.query(
      `UPDATE message_quota SET tier = $2, source = $3, msg_entitled = $4, msg_left = $5, over_plan_free_left = $6, over_plan_billed = $7,
         period = $8, updated_at = now() WHERE orga_id = $1`,
      [
        orgaId,
        tier,
        entitlement.source,
        state.msg_entitled,
        state.msg_left,
        state.over_plan_free_left,
        state.over_plan_billed,
        quotaPeriodOf(now, row.time_zone),
      ],
    );
    await this.recordEntitlement(manager, orgaId, entitlement, now, tier);
  }

  /**
   * The first store's zone counts the organization's months and its 12:30 (R4.23); a later change of
   * that store's zone follows (onlyIfUnset false). Answers whether the organization is known.
   */
  async recordStoreZone(manager: EntityManager, orgaId: string, storeId: string, timeZone: string, onlyIfUnset = false): Promise<boolean> {
    await lockOrgaZone(manager, orgaId);
    await manager.query(
      `UPDATE message_quota SET time_zone = $3, zone_store_id = $2, updated_at = now()
       WHERE orga_id = $1 AND (zone_store_id IS NULL OR ($4::boolean = false AND zone_store_id = $2))`,
      [orgaId, storeId, timeZone, onlyIfUnset],
    );
    const [row] = await manager.query<unknown[]>(`SELECT 1 FROM message_quota WHERE orga_id = $1`, [orgaId]);
    return row !== undefined;
  }

  /**
   * A store event of an organization messaging does not know yet: its zone is kept (the newest zone of
   * each store) until the organization's row is made, instead of retrying until the organization's own
   * event arrives, which on a busy machine took longer than any retry budget (docs/adr/0018 amendment).
   */
  async keepEarlyStoreZone(manager: EntityManager, orgaId: string, storeId: string, timeZone: string): Promise<void> {
    await manager.query(
      `INSERT INTO early_store_zone (store_id, orga_id, time_zone) VALUES ($1, $2, $3)
       ON CONFLICT (store_id) DO UPDATE SET time_zone = EXCLUDED.time_zone`,
      [storeId, orgaId, timeZone],
    );
  }

  /** The first store kept of an organization about to get its row (with that store's newest zone); the kept zones are dropped. */
  private async takeEarlyStoreZone(manager: EntityManager, orgaId: string): Promise<OrgaFacts['store']> {
    const [first] = await manager.query<{ store_id: string; time_zone: string }[]>(
      `SELECT store_id, time_zone FROM early_store_zone WHERE orga_id = $1 ORDER BY received_at, store_id LIMIT 1`,
      [orgaId],
    );
    if (!first) return null;
    await manager.query(`DELETE FROM early_store_zone WHERE orga_id = $1`, [orgaId]);
    return { storeId: first.store_id, timeZone: first.time_zone };
  }

  /** The owner, to ask identity for the tier after an orga-updated event. */
  async ownerOf(orgaId: string): Promise<string | null> {
    const [row] = await this.db.query<{ owner_user_id: string | null }[]>(`SELECT owner_user_id FROM message_quota WHERE orga_id = $1`, [
      orgaId,
    ]);
    return row?.owner_user_id ?? null;
  }

  /**
   * A request of a member: the organization's row exists (identity asked on the caller's behalf when
   * messaging has not seen its creation, e.g. an organization older than this service) and has its tier.
   */
  async ensureForMember(orgaId: string, member: MemberAccess, auth: AuthContext | null, lang: string): Promise<void> {
    const [row] = await this.db.query<{ tier: number }[]>(`SELECT tier FROM message_quota WHERE orga_id = $1`, [orgaId]);
    if (row) {
      if (row.tier !== member.tier)
        await this.db.transaction((manager) => this.recordTier(manager, orgaId, member.tier, new Date(), member.plan_limits ?? null));
      return;
    }
    const orga = await this.rpc.call(getOrgaRpc, { orga_id: orgaId }, { auth, lang });
    const first = [...orga.stores].sort((a, b) => a.id.localeCompare(b.id))[0];
    const owner = orga.users.find((user) => isOwner({ ...user, store_overrides: user.store_override }));
    await this.db.transaction((manager) =>
      this.recordOrga(manager, {
        orgaId,
        ownerUserId: owner?.user_id ?? null,
        tier: orga.tier,
        createdAt: new Date(orga.created_at),
        country: orga.country,
        store: first ? { storeId: first.id, timeZone: first.time_zone } : null,
      }),
    );
  }

  /**
   * The Customized plan's agreed monthly reminders as the 'plan' entitlement from now (null: none, the
   * tier's default applies). Answers whether it changed.
   */
  private async recordAgreedMonthly(manager: EntityManager, orgaId: string, monthly: number | null, now: Date): Promise<boolean> {
    const [open] = await manager.query<{ monthly: number }[]>(
      `SELECT monthly FROM message_entitlement WHERE orga_id = $1 AND source = 'plan' AND valid_until IS NULL ORDER BY valid_from DESC LIMIT 1`,
      [orgaId],
    );
    if ((open?.monthly ?? null) === monthly) return false;
    await manager.query(`UPDATE message_entitlement SET valid_until = $2 WHERE orga_id = $1 AND source = 'plan' AND valid_until IS NULL`, [
      orgaId,
      now,
    ]);
    if (monthly !== null) {
      await manager.query(
        `INSERT INTO message_entitlement (id, orga_id, source, monthly, valid_from, valid_until) VALUES ($1, $2, 'plan', $3, $4, NULL)`,
        [randomUUID(), orgaId, monthly, now],
      );
    }
    return true;
  }

  /** History of where the count came from; the 'plan' rows are the Customized plan's agreed reminders. */
  private async recordEntitlement(
    manager: EntityManager,
    orgaId: string,
    entitlement: Entitlement,
    from: Date,
    tier: number,
  ): Promise<void> {
    if (entitlement.source === 'plan') return;
    const until = isTrialTier(tier) ? trialMessagesUntil(from) : null;
    await manager.query(`UPDATE message_entitlement SET valid_until = $2 WHERE orga_id = $1 AND source <> 'plan' AND valid_until IS NULL`, [
      orgaId,
      from,
    ]);
    await manager.query(
      `INSERT INTO message_entitlement (id, orga_id, source, monthly, valid_from, valid_until) VALUES ($1, $2, $3, $4, $5, $6)`,
      [randomUUID(), orgaId, entitlement.source, entitlement.monthly, from, until],
    );
  }
}
