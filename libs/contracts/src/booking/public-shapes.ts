import { z } from 'zod';
import { calendarDateSchema } from '../core/input-values';
import { petHairSchema, petSizeSchema, petTypeSchema } from '../crm/crm-shapes';
import { freeSlotSchema } from './booking-shapes';

const uuid = z.string().uuid();

/** The store public id of /api/v1/public/booking/{store public id}: 16 characters of a-z and 0-9. */
export const storePublicIdSchema = z.string().regex(/^[a-z0-9]{16}$/, 'A store public id');

/** A pet as the widget describes it: an existing one (after the phone check) or type, size and coat of a new one. */
export const publicPetInputSchema = z.strictObject({
  pet_id: uuid.nullable().default(null),
  name: z.string().trim().min(1).max(100),
  pet_type: petTypeSchema,
  breed: z.string().trim().max(100).nullable().default(null),
  size: petSizeSchema.nullable().default(null),
  hair: petHairSchema.nullable().default(null),
});
export type PublicPetInput = z.infer<typeof publicPetInputSchema>;

/** What the widget may show of a store. */
export const publicStoreSchema = z.object({
  public_id: z.string(),
  store_name: z.string(),
  time_zone: z.string(),
  enabled: z.boolean(),
  treatments: z.array(z.object({ id: uuid, name: z.string(), duration: z.number().int(), color: z.string().nullable() })),
  /** groomers who have booking hours: first names only */
  staff: z.array(z.object({ user_id: uuid, first_name: z.string() })),
  min_notice_minutes: z.number().int(),
  horizon_days: z.number().int(),
  /** the gateway answers CORS for these origins only */
  allowed_origins: z.array(z.string()),
});
export type PublicStore = z.infer<typeof publicStoreSchema>;

/** Free slots of a run of days. */
export const publicAvailabilitySchema = z.object({
  /** minutes the chosen pets and treatments need (libs/domain serviceMinutes, summed) */
  duration: z.number().int(),
  days: z.array(z.object({ date: calendarDateSchema, slots: z.array(freeSlotSchema) })),
});
export type PublicAvailability = z.infer<typeof publicAvailabilitySchema>;
