import { z } from 'zod';
import { defineEvent } from '../core';

const uuid = z.string().uuid();
const slotPayload = z.object({ orga_id: uuid, store_id: uuid, slot_id: uuid });

/**
 * What messaging tells the customer who booked online (issue 27: request received, confirmed, not possible)
 * is filled from: the request as the customer gave it. Optional on the events: requests older than it get no
 * message.
 */
export const bookingMessageFactsSchema = z.object({
  first_name: z.string().max(100),
  /** as the customer typed it; messaging reads it with the store's country */
  fon: z.string().max(40),
  language: z.string().max(2),
  consent_messages: z.boolean(),
  /** the requested start (ISO 8601) */
  starts_at: z.string(),
  pet_names: z.array(z.string().max(100)).max(5),
  treatment_names: z.array(z.string().max(200)).max(10),
  /** the salon's page with the booking widget (its first allowed origin), null when none is set */
  widget_url: z.string().max(300).nullable(),
});
export type BookingMessageFacts = z.infer<typeof bookingMessageFactsSchema>;

/**
 * R4.19 a customer asked for a slot: the salon fetches it and raises 'New booking request received'. The
 * customer's name and the local day and time ride along (optional) so messaging's notification can show them
 * without asking booking (its admin RPCs need a signed-in member).
 */
export const bookingSlotRequestedEvent = defineEvent(
  'evt.booking.slot.customer_booking.v1',
  slotPayload.extend({
    customer_name: z.string().max(201).optional(),
    date: z.string().optional(),
    time: z.string().optional(),
    customer: bookingMessageFactsSchema.optional(),
  }),
);
/** R4.19 accepted: the request leaves the list; appointment_id is the appointment it became. */
export const bookingSlotAcceptedEvent = defineEvent(
  'evt.booking.slot.accepted.v1',
  slotPayload.extend({ appointment_id: uuid, customer: bookingMessageFactsSchema.optional() }),
);
/**
 * R4.19 deleted: the request leaves the list. R1.09 a deletion tells the customer nothing; `declined` (issue 27) is
 * a refusal the salon chose to tell: messaging sends "not possible" with the way back to the widget.
 */
export const bookingSlotDeletedEvent = defineEvent(
  'evt.booking.slot.deleted.v1',
  slotPayload.extend({ declined: z.boolean().optional(), customer: bookingMessageFactsSchema.optional() }),
);
