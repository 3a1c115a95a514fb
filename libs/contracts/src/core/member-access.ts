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
  share_pets: z.boolean(),
  store_time_zones: z.record(z.string(), z.string()),
});
export type MemberAccess = z.infer<typeof memberAccessSchema>;

/**
 * The membership the gateway looked up and checked for a request, carried in the RPC envelope so
 * the service neither looks it up again nor caches it (docs/adr/0007-access-in-one-place.md).
 */
export const checkedMemberSchema = memberAccessSchema.extend({ user_id: z.string().uuid(), orga_id: z.string().uuid() });
export type CheckedMember = z.infer<typeof checkedMemberSchema>;
