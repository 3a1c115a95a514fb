import { z } from 'zod';
import { defineRpc } from '../core';
import { calendarDateSchema } from '../core/input-values';
import { LANGUAGES } from '../core/languages';
import { bookingStoreScope } from './booking-shapes';
import { publicPetInputSchema, storePublicIdSchema } from './public-shapes';

// Issue 30 the waitlist that fills itself (ADR 0063): customers who found no time join it from the widget, staff add
// them by phone; when a time frees up booking offers it over WhatsApp and the first "Take it" gets a booking request.

const uuid = z.string().uuid();
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'A time like 09:30');

export const WAITLIST_ENTRY_STATUSES = ['waiting', 'booked', 'removed'] as const;
export const WAITLIST_OFFER_STATUSES = ['offered', 'taken', 'expired', 'gone'] as const;

/** What the customer wants and when they can come. */
export const waitlistEntryInputSchema = z.strictObject({
  treatment_ids: z.array(uuid).min(1).max(10),
  pets: z.array(publicPetInputSchema).min(1).max(5),
  /** the groomer asked for; null: any */
  user_id: uuid.nullable().default(null),
  /** preferred weekdays, 0 Sunday … 6 Saturday; empty: any day */
  weekdays: z.array(z.number().int().min(0).max(6)).max(7).default([]),
  /** preferred earliest and latest start (local); null: any time */
  from_time: clock.nullable().default(null),
  to_time: clock.nullable().default(null),
  /** the last day they want a time on */
  until: calendarDateSchema,
  first_name: z.string().trim().min(1).max(100),
  last_name: z.string().trim().min(1).max(100),
  fon: z.string().trim().min(5).max(40),
  email: z.string().trim().email().max(254).nullable().default(null),
  notes: z.string().trim().max(500).nullable().default(null),
  /** offers go by WhatsApp: without this consent nobody is written to */
  consent_messages: z.boolean().default(false),
  language: z.enum(LANGUAGES).default('en'),
});
export type WaitlistEntryInput = z.infer<typeof waitlistEntryInputSchema>;

export const waitlistOfferSchema = z.object({
  id: uuid,
  status: z.enum(WAITLIST_OFFER_STATUSES),
  /** the time offered (ISO 8601) and its local day and time */
  starts_at: z.string(),
  date: z.string(),
  time: z.string(),
  duration: z.number().int(),
  user_id: uuid.nullable(),
  offered_at: z.string(),
  expires_at: z.string(),
  /** the booking request a take made */
  slot_id: uuid.nullable(),
});
export type WaitlistOffer = z.infer<typeof waitlistOfferSchema>;

export const waitlistEntrySchema = z.object({
  id: uuid,
  orga_id: uuid,
  store_id: uuid,
  status: z.enum(WAITLIST_ENTRY_STATUSES),
  source: z.enum(['widget', 'staff']),
  treatment_ids: z.array(uuid),
  pets: z.array(z.object({ pet_id: uuid.nullable(), name: z.string(), pet_type: z.number().int() })),
  user_id: uuid.nullable(),
  weekdays: z.array(z.number().int()),
  from_time: z.string().nullable(),
  to_time: z.string().nullable(),
  until: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  fon: z.string(),
  email: z.string().nullable(),
  notes: z.string().nullable(),
  consent_messages: z.boolean(),
  language: z.string(),
  /** the minutes the job takes (R3.09), computed when they joined */
  duration: z.number().int(),
  created_at: z.string(),
  /** newest first */
  offers: z.array(waitlistOfferSchema),
});
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;

/** The store's waitlist: waiting and booked entries whose day has not passed, longest waiting first (store readers). */
export const listWaitlistRpc = defineRpc(
  'rpc.booking.waitlist.list',
  z.strictObject(bookingStoreScope),
  z.object({ entries: z.array(waitlistEntrySchema) }),
);

/** Staff add a customer who called (store writers). */
export const createWaitlistEntryRpc = defineRpc(
  'rpc.booking.waitlist.create',
  waitlistEntryInputSchema.extend(bookingStoreScope),
  waitlistEntrySchema,
);

/** Staff take a customer off the list; their open offers close (store writers). */
export const deleteWaitlistEntryRpc = defineRpc(
  'rpc.booking.waitlist.delete',
  z.strictObject({ ...bookingStoreScope, entry_id: uuid }),
  z.object({ id: uuid }),
);

/** The widget: a customer who found no time joins the waitlist (no login, a solved challenge, the privacy terms). */
export const joinPublicWaitlistRpc = defineRpc(
  'rpc.booking.public.waitlist-join',
  waitlistEntryInputSchema.extend({
    public_id: storePublicIdSchema,
    accept_privacy: z.literal(true),
    challenge: z.string().min(10).max(500),
    nonce: z.string().min(1).max(40),
  }),
  z.object({ entry_id: uuid, until: z.string() }),
);

/**
 * A tap on an offer's "Take it" (messaging calls it as a service, auth null): the first tap on an open offer of a
 * time still free gets a booking request made the way the widget's are; every other tap, however many arrive at
 * once, hears 'gone'.
 */
export const takeWaitlistOfferRpc = defineRpc(
  'rpc.booking.waitlist-offer.take',
  z.strictObject({ orga_id: uuid, offer_id: uuid }),
  z.object({ outcome: z.enum(['taken', 'gone']), slot_id: uuid.nullable() }),
);
