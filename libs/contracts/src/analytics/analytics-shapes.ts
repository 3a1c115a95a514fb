import { z } from 'zod';
import { ANALYSIS_BUCKETS, ANALYSIS_PERIODS } from '../constants/statistics';

const uuid = z.string().uuid();

/** R1.12 analysis periods and buckets. */
export const analysisPeriodSchema = z.enum(ANALYSIS_PERIODS);
export const analysisBucketSchema = z.enum(ANALYSIS_BUCKETS);

/** The query of every statistics route: the period (default last 30 days) and its buckets (default daily). */
export const analysisQuerySchema = z.strictObject({
  period: analysisPeriodSchema.default('30d'),
  bucket: analysisBucketSchema.default('day'),
});

const periodFields = {
  period: analysisPeriodSchema,
  bucket: analysisBucketSchema,
  /** first and last day of the period, in the store's calendar (YYYY-MM-DD) */
  from: z.string(),
  to: z.string(),
  time_zone: z.string(),
};

const reminderCounts = {
  sent: z.number().int(),
  read: z.number().int(),
  confirmed: z.number().int(),
  declined: z.number().int(),
};
const campaignCounts = {
  campaigns: z.number().int(),
  messages: z.number().int(),
  read: z.number().int(),
  confirmed: z.number().int(),
  unsubscribed: z.number().int(),
};

/** WhatsApp reminders (messaging's statuses) and customers' answers to them, counted when they happened */
const remindersSchema = z.object({
  totals: z.object(reminderCounts),
  series: z.array(z.object({ bucket: z.string(), ...reminderCounts })),
});
/** campaigns sent (marketing) to `customers` customers and their messages (messaging): sent, read, confirmed ('read') or unsubscribed */
const campaignsSchema = z.object({
  totals: z.object({ ...campaignCounts, customers: z.number().int() }),
  series: z.array(z.object({ bucket: z.string(), ...campaignCounts })),
});

/** R1.12 salon statistics of one store over a period. */
export const salonStatisticsSchema = z.object({
  ...periodFields,
  totals: z.object({
    appointments: z.number().int(),
    checked_out: z.number().int(),
    declined: z.number().int(),
    /** appointments the customer did not come to (issue 26); optional for clients built before */
    no_shows: z.number().int().optional(),
    revenue_cents: z.number().int(),
    average_ticket_cents: z.number().int(),
  }),
  series: z.array(
    z.object({
      bucket: z.string(),
      appointments: z.number().int(),
      checked_out: z.number().int(),
      revenue_cents: z.number().int(),
    }),
  ),
  /** ISO weekday 1 Monday … 7 Sunday, every day present */
  weekdays: z.array(z.object({ weekday: z.number().int(), appointments: z.number().int() })),
  /** hours of the day that had appointments, in order */
  hours: z.array(z.object({ hour: z.number().int(), appointments: z.number().int() })),
  treatments: z.array(z.object({ treatment_id: uuid, appointments: z.number().int(), revenue_cents: z.number().int() })),
  /**
   * booked minutes per staff member (null: appointments without one), their share of all booked minutes, the
   * member's working minutes in the period (booking's rules; null: none known) and booked over working minutes
   */
  staff: z.array(
    z.object({
      user_id: uuid.nullable(),
      appointments: z.number().int(),
      minutes: z.number().int(),
      share_percent: z.number(),
      working_minutes: z.number().int().nullable(),
      utilisation_percent: z.number().nullable(),
    }),
  ),
  reminders: remindersSchema,
  campaigns: campaignsSchema,
});
export type SalonStatistics = z.infer<typeof salonStatisticsSchema>;

/** R1.12 customer statistics of one store over a period. */
export const customerStatisticsSchema = z.object({
  ...periodFields,
  totals: z.object({
    customers: z.number().int(),
    new_customers: z.number().int(),
    returning_customers: z.number().int(),
    lost_customers: z.number().int(),
    visits: z.number().int(),
    visits_per_customer: z.number(),
    reminders_confirmed: z.number().int(),
    reminders_declined: z.number().int(),
    booked_appointments: z.number().int(),
    booking_share_percent: z.number(),
  }),
  series: z.array(
    z.object({
      bucket: z.string(),
      customers: z.number().int(),
      new_customers: z.number().int(),
      visits: z.number().int(),
      reminders_confirmed: z.number().int(),
      reminders_declined: z.number().int(),
      booked_appointments: z.number().int(),
    }),
  ),
  /** days without a visit after which a customer counts as lost */
  lost_after_days: z.number().int(),
});
export type CustomerStatistics = z.infer<typeof customerStatisticsSchema>;

/** R1.12 spec §2 /{orgaId}: the organization's statistics, across its stores and per store. */
export const orgaStatisticsSchema = z.object({
  ...periodFields,
  totals: z.object({
    appointments: z.number().int(),
    checked_out: z.number().int(),
    revenue_cents: z.number().int(),
    average_ticket_cents: z.number().int(),
    customers: z.number().int(),
  }),
  series: z.array(z.object({ bucket: z.string(), appointments: z.number().int(), revenue_cents: z.number().int() })),
  stores: z.array(
    z.object({
      store_id: uuid,
      appointments: z.number().int(),
      checked_out: z.number().int(),
      revenue_cents: z.number().int(),
      average_ticket_cents: z.number().int(),
      customers: z.number().int(),
      /** the store's reminders and campaigns over the period, in the organization's calendar */
      reminders: z.object(reminderCounts),
      campaigns: z.object({ ...campaignCounts, customers: z.number().int() }),
    }),
  ),
  /** R1.12 the stores' reminders and campaigns together, per bucket of the organization's calendar */
  reminders: remindersSchema,
  campaigns: campaignsSchema,
});
export type OrgaStatistics = z.infer<typeof orgaStatisticsSchema>;
