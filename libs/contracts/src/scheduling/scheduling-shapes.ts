import { z } from 'zod';
import { calendarDateSchema } from '../core/input-values';

const uuid = z.string().uuid();

/**
 * spec §3: status is a number (APPOINTMENT_STATUS of constants/appointments.ts); 2 means declined by the customer
 * (R3.07), 3 the customer did not come (issue 26's no-show: both leave the time free, neither can be checked out).
 */
export const appointmentStatusSchema = z.number().int().min(0).max(9);

/** spec §3: the recurring interval of a group. */
export const recurrenceUnitSchema = z.enum(['day', 'week', 'month']);
export type RecurrenceUnit = z.infer<typeof recurrenceUnitSchema>;

/** Change or delete one appointment of a group, this and the following ones, or all (issue 5). */
export const recurringScopeSchema = z.enum(['one', 'following', 'all']);
export type RecurringScope = z.infer<typeof recurringScopeSchema>;

/** A calendar day as the store sees it. */
export const localDateSchema = calendarDateSchema;

/**
 * The most money one amount holds, in cents (1 000 000,00): far inside the integer columns of
 * prices, discounts and totals (2 147 483 647), so no sum of a few of them overflows either.
 */
export const MONEY_CENTS_MAX = 100_000_000;

/**
 * Amount text as a client sends it: digits, then a dot or comma and one or two decimals. No sign,
 * exponent, grouping or currency: '-5', '1e10' and 'abc' are refused rather than read as 500,
 * 11000 and 0 cents. libs/domain parseMoney reads the same text into cents.
 */
export const AMOUNT_TEXT = /^\s*(\d{1,9})(?:[.,](\d{1,2}))?\s*$/;

function amountTextCents(text: string): number | null {
  const match = AMOUNT_TEXT.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Money travels as integer cents, or as amount text ('12,50', R5.16), both 0 to MONEY_CENTS_MAX cents. */
export const moneyInputSchema = z.union([
  z.number().int().min(0).max(MONEY_CENTS_MAX),
  z.string().refine((text) => {
    const cents = amountTextCents(text);
    return cents !== null && cents <= MONEY_CENTS_MAX;
  }, 'An amount from 0 to 1000000 with at most two decimals'),
]);

export const schedulingStoreScope = { orga_id: uuid, store_id: uuid };

/** Six date parts of a range, as in the path /{y}/{m}/{d}/{y2}/{m2}/{d2} (R7.05). */
export const sixDatePartsSchema = {
  y: z.coerce.number().int().min(1970).max(2200),
  m: z.coerce.number().int().min(1).max(12),
  d: z.coerce.number().int().min(1).max(31),
  y2: z.coerce.number().int().min(1970).max(2200),
  m2: z.coerce.number().int().min(1).max(12),
  d2: z.coerce.number().int().min(1).max(31),
};

export const recurringDataSchema = z.object({
  unit: recurrenceUnitSchema,
  every: z.number().int().min(1).max(52),
  /** null: unlimited (spec §3 "count or none for unlimited") */
  count: z.number().int().min(1).max(500).nullable(),
});
export type RecurringData = z.infer<typeof recurringDataSchema>;

export const recurringInputSchema = z.strictObject({
  unit: recurrenceUnitSchema,
  every: z.number().int().min(1).max(52),
  count: z.number().int().min(2).max(500).nullable(),
  end: localDateSchema.nullable().optional(),
});
export type RecurringInput = z.infer<typeof recurringInputSchema>;

/** A colour as '#rrggbb' (a treatment's colour in the calendar and the booking widget). */
export const HEX_COLOUR_TEXT = /^#[0-9a-fA-F]{6}$/;
export const hexColourSchema = z.string().regex(HEX_COLOUR_TEXT, "A colour as '#rrggbb'");

export const treatmentSchema = z.object({
  id: uuid,
  orga_id: uuid,
  name: z.string(),
  archive: z.boolean(),
  default_duration: z.number().int(),
  default_price: z.number().int(),
  /** '#rrggbb' or null (no colour of its own); always answered, optional for clients built before colours */
  color: z.string().nullable().optional(),
});
export type Treatment = z.infer<typeof treatmentSchema>;

/** R3.07 an appointment: local date parts in the store's time zone and the instant. */
export const appointmentSchema = z.object({
  id: uuid,
  orga_id: uuid,
  store_id: uuid,
  user_id: uuid.nullable(),
  date: localDateSchema,
  year: z.number().int(),
  month: z.number().int(),
  day: z.number().int(),
  hour: z.number().int(),
  min: z.number().int(),
  sec: z.number().int(),
  time_zone: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  duration: z.number().int(),
  color: z.string().nullable(),
  timed: z.boolean(),
  full_day: z.boolean(),
  app_name: z.string().nullable(),
  notes: z.string().nullable(),
  status: z.number().int(),
  discount: z.number().int(),
  /** the check-out's discount as a percentage of the final price, when it was given so (null: an amount) */
  discount_percent: z.number().nullable().optional(),
  price: z.number().int(),
  final_price: z.number().int().nullable(),
  total: z.number().int().nullable(),
  checked_out: z.boolean(),
  cashed_in: z.boolean(),
  recurring_data: recurringDataSchema.nullable(),
  recurring_end: localDateSchema.nullable(),
  recurring_group_id: uuid.nullable(),
  recurring_group_main: z.boolean(),
  reminder_status: z.number().int().nullable(),
  updated_at: z.string(),
});
export type Appointment = z.infer<typeof appointmentSchema>;

export const appointmentTreatmentSchema = z.object({ appointment_id: uuid, treatment_id: uuid, name: z.string() });
export const appointmentPetSchema = z.object({ appointment_id: uuid, pet_id: uuid });

/** spec §7: items, treatments, pets. */
export const appointmentListSchema = z.object({
  items: z.array(appointmentSchema),
  treatments: z.array(appointmentTreatmentSchema),
  pets: z.array(appointmentPetSchema),
});
export type AppointmentList = z.infer<typeof appointmentListSchema>;

/**
 * The week range's answer (R7.05): the list with the version of its days (issue 34). The version is
 * the first field of the JSON text, so the gateway reads it without parsing the answer and serves it
 * as the ETag of the week (`"w<version>"`); it changes with every committed write to the range.
 */
export const appointmentWeekSchema = appointmentListSchema.extend({ version: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/) });
export type AppointmentWeek = z.infer<typeof appointmentWeekSchema>;

/** The fields a client writes when booking or editing. */
export const appointmentFieldsSchema = z.strictObject({
  user_id: uuid.nullable().optional(),
  date: localDateSchema,
  hour: z.number().int().min(0).max(23),
  min: z.number().int().min(0).max(59),
  sec: z.number().int().min(0).max(59).default(0),
  duration: z
    .number()
    .int()
    .min(1)
    .max(24 * 60),
  color: z.string().max(40).nullable().optional(),
  timed: z.boolean().default(true),
  full_day: z.boolean().default(false),
  app_name: z.string().trim().max(200).nullable().optional(),
  notes: z.string().max(5000).nullable().optional(),
  discount: moneyInputSchema.optional(),
  price: moneyInputSchema.optional(),
  treatment_ids: z.array(uuid).max(30).default([]),
  pet_ids: z.array(uuid).min(1).max(20),
});

/**
 * What undoes a change through the server for a while (move, resize, edit, delete, status; ADR 0043): POST
 * .../appointment_change/{change_id}/undo. Always answered; optional for clients built before it.
 */
export const changeIdSchema = uuid.optional();

/** The appointment and the ids of every row a change touched (a recurring scope touches several). */
export const appointmentChangeSchema = z.object({ appointment: appointmentSchema, affected_ids: z.array(uuid), change_id: changeIdSchema });

/**
 * One appointment as a change left it, for services that keep a copy (messaging's reminders): the local day
 * and time, the instant, the status and the pets. `version` is the source's clock after the row was changed
 * under its lock, so the newest version wins whatever order events arrive in.
 */
export const appointmentEventSnapshotSchema = z.object({
  id: uuid,
  date: localDateSchema,
  hour: z.number().int(),
  min: z.number().int(),
  starts_at: z.string(),
  full_day: z.boolean(),
  status: z.number().int(),
  pet_ids: z.array(uuid),
  version: z.string(),
  /** the groomer and the end (booking's busy times); optional: events written before they were carried lack them */
  user_id: uuid.nullable().optional(),
  ends_at: z.string().optional(),
  /** analytics' read model (issue 15): money in cents, check-out, length and treatments; optional as above */
  duration: z.number().int().optional(),
  price: z.number().int().optional(),
  discount: z.number().int().optional(),
  final_price: z.number().int().nullable().optional(),
  total: z.number().int().nullable().optional(),
  checked_out: z.boolean().optional(),
  treatment_ids: z.array(uuid).optional(),
});
export type AppointmentEventSnapshot = z.infer<typeof appointmentEventSnapshotSchema>;

export const appointmentEventPayloadSchema = z.object({
  orga_id: uuid,
  store_id: uuid,
  appointment_id: uuid,
  /** every appointment the change touched (recurring scopes) */
  appointment_ids: z.array(uuid),
  recurring_group_id: uuid.nullable(),
  recurring_group_main: z.boolean(),
  pet_ids: z.array(uuid),
  /** each appointment the change left in place, as it is now (absent on deletion: appointment_ids are gone) */
  appointments: z.array(appointmentEventSnapshotSchema).optional(),
});

const WEEK_VERSION_PREFIX = '{"version":"';

/** The week's JSON text from its version and the JSON text of its list (an object): the version first (issue 34). */
export function weekAnswerText(version: string, listJson: string): string {
  return `${WEEK_VERSION_PREFIX}${version}",${listJson.slice(1)}`;
}

/** The version of a week answer's JSON text as weekAnswerText writes it, read without parsing the rest; null otherwise. */
export function versionOfWeekAnswer(text: string): string | null {
  if (!text.startsWith(WEEK_VERSION_PREFIX)) return null;
  const end = text.indexOf('"', WEEK_VERSION_PREFIX.length);
  const version = end < 0 ? '' : text.slice(WEEK_VERSION_PREFIX.length, end);
  return /^[A-Za-z0-9_-]{1,40}$/.test(version) ? version : null;
}
