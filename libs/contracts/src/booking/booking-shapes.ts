import { z } from 'zod';
import { calendarDateSchema } from '../core/input-values';
import { petHairSchema, petSizeSchema, petTypeSchema } from '../crm/crm-shapes';

const uuid = z.string().uuid();
const hour = z.number().int().min(0).max(24);
const minute = z.number().int().min(0).max(59);

/** The store a booking call is about (admin side). */
export const bookingStoreScope = { orga_id: uuid, store_id: uuid };

/** spec §3 booking rule kinds: hours a staff member (or the store's office) is open, or an exception that closes them. */
export const bookingRuleKindSchema = z.enum(['open', 'closed']);
export type BookingRuleKind = z.infer<typeof bookingRuleKindSchema>;

/**
 * A booking rule as staff write it (R3.08). `user_id` null is the store's office hours; a weekday
 * (0 Sunday … 6 Saturday) makes it weekly; start_date/end_date (inclusive, local days) bound it, and a rule
 * without dates is filed under the zero-to-zero interval. A 'closed' rule removes the hours it covers
 * (holidays, a day off). end_hour 24 with 0 minutes is the end of the day.
 */
export const bookingRuleInputSchema = z.strictObject({
  user_id: uuid.nullable().default(null),
  kind: bookingRuleKindSchema.default('open'),
  weekday: z.number().int().min(0).max(6).nullable().default(null),
  start_date: calendarDateSchema.nullable().default(null),
  end_date: calendarDateSchema.nullable().default(null),
  start_hour: hour,
  start_min: minute.default(0),
  start_sec: minute.default(0),
  end_hour: hour,
  end_min: minute.default(0),
  end_sec: minute.default(0),
});
export type BookingRuleInput = z.infer<typeof bookingRuleInputSchema>;

/**
 * spec §3: id, date_start, date_end, start_hour/min/sec, end_hour/min/sec and the derived start_date, end_date,
 * start_time, end_time. date_start/date_end are the first and last day as Unix seconds of their UTC midnight,
 * 0 and 0 for a rule without dates (R3.08 the zero-to-zero interval).
 */
export const bookingRuleSchema = z.object({
  id: uuid,
  orga_id: uuid,
  store_id: uuid,
  user_id: uuid.nullable(),
  kind: bookingRuleKindSchema,
  weekday: z.number().int().nullable(),
  date_start: z.number().int(),
  date_end: z.number().int(),
  start_hour: z.number().int(),
  start_min: z.number().int(),
  start_sec: z.number().int(),
  end_hour: z.number().int(),
  end_min: z.number().int(),
  end_sec: z.number().int(),
  start_date: calendarDateSchema.nullable(),
  end_date: calendarDateSchema.nullable(),
  /** 'HH:MM:SS' */
  start_time: z.string(),
  end_time: z.string(),
  created_at: z.string(),
});
export type BookingRule = z.infer<typeof bookingRuleSchema>;

/**
 * R3.09 treatment slot info: the service minutes of a treatment for a pet_type, breed, size and hair.
 * A null breed, size or hair applies to every value of it; the most specific entry wins, then the treatment's
 * default duration (libs/domain serviceMinutes).
 */
export const serviceTimeInputSchema = z.strictObject({
  treatment_id: uuid,
  pet_type: petTypeSchema,
  breed: z.string().trim().min(1).max(100).nullable().default(null),
  size: petSizeSchema.nullable().default(null),
  hair: petHairSchema.nullable().default(null),
  /** null removes the entry */
  minutes: z
    .number()
    .int()
    .min(5)
    .max(12 * 60)
    .nullable(),
});
export type ServiceTimeInput = z.infer<typeof serviceTimeInputSchema>;

export const serviceTimeSchema = z.object({
  id: uuid,
  orga_id: uuid,
  treatment_id: uuid,
  pet_type: z.number().int(),
  breed: z.string().nullable(),
  size: petSizeSchema.nullable(),
  hair: petHairSchema.nullable(),
  minutes: z.number().int(),
});
export type ServiceTime = z.infer<typeof serviceTimeSchema>;

/** How a store takes bookings: the widget's public id, where it may be embedded, and the slot policy. */
export const bookingSetupFieldsSchema = z.strictObject({
  enabled: z.boolean(),
  /** origins allowed to call the public API from a browser (CORS), e.g. https://salon-example.it */
  allowed_origins: z
    .array(
      z
        .string()
        .trim()
        .max(200)
        .regex(/^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i, 'An origin: scheme, host and optional port'),
    )
    .max(10),
  /** a customer cannot book closer to now than this */
  min_notice_minutes: z
    .number()
    .int()
    .min(0)
    .max(14 * 24 * 60),
  /** nor further ahead than this */
  horizon_days: z.number().int().min(1).max(365),
  /** kept free after each appointment */
  buffer_minutes: z.number().int().min(0).max(240),
  /** slots start on multiples of this, from the opening time */
  slot_step_minutes: z.union([z.literal(5), z.literal(10), z.literal(15), z.literal(20), z.literal(30), z.literal(60)]),
});
export type BookingSetupFields = z.infer<typeof bookingSetupFieldsSchema>;

export const bookingSetupSchema = bookingSetupFieldsSchema.extend({
  orga_id: uuid,
  store_id: uuid,
  /** the store public id of /api/v1/public/booking/{store public id} and <pawline-booking store="…"> */
  public_id: z.string(),
  time_zone: z.string(),
});
export type BookingSetup = z.infer<typeof bookingSetupSchema>;

/** A pet of a booking request: one of the customer's (pet_id) or described for a new one. */
export const bookingPetSchema = z.object({
  pet_id: uuid.nullable(),
  name: z.string().trim().min(1).max(100),
  pet_type: petTypeSchema,
  breed: z.string().trim().max(100).nullable(),
  size: petSizeSchema.nullable(),
  hair: petHairSchema.nullable(),
});
export type BookingPet = z.infer<typeof bookingPetSchema>;

export const bookingRequestStatusSchema = z.enum(['pending', 'accepted', 'deleted']);

/** spec §3 booking slot (a booking request): id, created_time, treatment_ids as a JSON list string and as a list (R3.10). */
export const bookingSlotSchema = z.object({
  id: uuid,
  orga_id: uuid,
  store_id: uuid,
  /** Unix milliseconds, the paging key with the id (R7.06) */
  created_time: z.number().int(),
  status: bookingRequestStatusSchema,
  /** the groomer the slot is held with (the customer's choice, or the one 'any' gave) */
  user_id: uuid,
  starts_at: z.string(),
  ends_at: z.string(),
  date: calendarDateSchema,
  hour: z.number().int(),
  min: z.number().int(),
  duration: z.number().int(),
  /** R3.10 a JSON list string, as the spec keeps it */
  treatment_ids: z.string(),
  treatment_id_list: z.array(uuid),
  pets: z.array(bookingPetSchema),
  customer_id: uuid.nullable(),
  first_name: z.string(),
  last_name: z.string(),
  fon: z.string(),
  email: z.string().nullable(),
  notes: z.string().nullable(),
  consent_messages: z.boolean(),
  consent_reminders: z.boolean(),
  consent_marketing: z.boolean(),
  language: z.string(),
  /** the appointment accepting it created */
  appointment_id: uuid.nullable(),
});
export type BookingSlot = z.infer<typeof bookingSlotSchema>;

/** One free start time: local day and time in the store's zone, the instant, and the groomers free then. */
export const freeSlotSchema = z.object({
  date: calendarDateSchema,
  /** 'HH:MM' local */
  time: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  user_ids: z.array(uuid),
  /** HMAC over store, start, duration and the groomers, valid 15 minutes: the request must bring it back */
  token: z.string(),
});
export type FreeSlot = z.infer<typeof freeSlotSchema>;
