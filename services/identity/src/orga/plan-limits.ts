import type { PlanLimitsView } from '@pawline/contracts';
import { requirePlanQuota } from '@pawline/nest-kit';
import type { EntityManager } from 'typeorm';

const COUNTS = {
  users: `SELECT count(*) AS n FROM orga_user WHERE orga_id = $1 AND active`,
  stores: `SELECT count(*) AS n FROM store WHERE orga_id = $1`,
} as const;

/**
 * R1.20 the plan's users and stores (docs/adr/0029): one more is refused with plan_required. The
 * organization's row is locked first, so two administrators adding at once cannot both pass.
 */
export async function requireRoomFor(manager: EntityManager, orgaId: string, quota: keyof typeof COUNTS): Promise<void> {
  const [orga] = await manager.query<{ tier: number; plan_limits: PlanLimitsView | null }[]>(
    `SELECT tier, plan_limits FROM organization WHERE id = $1 FOR UPDATE`,
    [orgaId],
  );
  if (!orga) return;
  const [count] = await manager.query<{ n: string }[]>(COUNTS[quota], [orgaId]);
  requirePlanQuota(orga, quota, Number(count?.n ?? 0));
}
