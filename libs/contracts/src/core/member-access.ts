import { z } from 'zod';

/** spec §6: owner 0, admin 1, moderator 2, worker 3, worker2 4. */
const rank = z.number().int().min(0).max(4);

/** The organization's minimum ranks for reading / writing stores and pets (spec §6, R6.03). */
export const minRanksSchema = z.object({
  read_store: rank,
  write_store: rank,
  read_pets: rank,
  write_pets: rank,
});

const limit = z.number().int().min(0).nullable().optional();

/**
 * The limits an operator agreed for an organization on the Customized plan (tier 5), in place of the
 * plan's defaults; a missing key keeps the default, null is unlimited (docs/adr/0031).
 */
export const planLimitsSchema = z.object({
  users: limit,
  stores: limit,
  tags: limit,
  attachments: limit,
  pet_images: z.number().int().min(0).max(4).optional(),
  monthly_reminders: z.number().int().min(0).optional(),
});
export type PlanLimitsView = z.infer<typeof planLimitsSchema>;

/**
 * A user's membership of one organization: everything the access rules of spec §6 need
 * (platform-api.md "Membership for guards"), and the facts handlers scope by: whether pets and
 * customers are shared across stores (R6.08) and each reachable store's IANA time zone.
 */
export const memberAccessSchema = z.object({
  member: z.boolean(),
  active: z.boolean(),
  orga_rank: rank,
  employee_status: z.number().int(),
  store_overrides: z.record(z.string(), rank),
  store_ids: z.array(z.string().uuid()),
  min_ranks: minRanksSchema,
  tier: z.number().int().min(0),
  /** the Customized plan's agreed limits (tier 5 only; absent or null: the tier's defaults) */
  plan_limits: planLimitsSchema.nullable().optional(),
  share_pets: z.boolean(),
  store_time_zones: z.record(z.string(), z.string()),
  /**
   * Where the organization's subscription stands (identity's mirror of billing, ADR 0028), so the
   * gateway can block an expired trial or a lapsed Premium (R4.09, R6.07, ADR 0030) without
   * asking anyone: the organization's creation, first payment and end of the trial or paid period
   * (ISO timestamps). Optional: absent in answers of older identity builds (then nothing is blocked).
   */
  created_at: z.string().optional(),
  subscribed_since: z.string().nullable().optional(),
  subscribed_until: z.string().nullable().optional(),
});
export type MemberAccess = z.infer<typeof memberAccessSchema>;

/**
 * The membership the gateway looked up and checked for a request, carried in the RPC envelope so
 * the service neither looks it up again nor caches it (docs/adr/0007-access-in-one-place.md).
 */
export const checkedMemberSchema = memberAccessSchema.extend({ user_id: z.string().uuid(), orga_id: z.string().uuid() });
export type CheckedMember = z.infer<typeof checkedMemberSchema>;
