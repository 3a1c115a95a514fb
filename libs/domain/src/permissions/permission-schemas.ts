import { z } from 'zod';
import { RANKS, type MinRanks, type OrgaMember } from './permissions';

// Apart from the rules in permissions.ts so a frontend using only the rules does not bundle zod
// (libs are free of import side effects: an unused module is dropped).

export const rankSchema = z.number().int().min(RANKS.owner).max(RANKS.worker2);

/** An organization user as the REST API sends it (snake_case). */
export const orgaMemberSchema = z.object({
  orga_rank: rankSchema,
  employee_status: z.number().int(),
  store_overrides: z.record(z.string(), rankSchema),
  active: z.boolean(),
}) satisfies z.ZodType<OrgaMember>;

/** The organization's minimum ranks (min_rank_read_store … min_rank_write_pets). */
export const minRanksSchema = z.object({
  read_store: rankSchema,
  write_store: rankSchema,
  read_pets: rankSchema,
  write_pets: rankSchema,
}) satisfies z.ZodType<MinRanks>;
