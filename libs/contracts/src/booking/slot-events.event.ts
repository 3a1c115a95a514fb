import { z } from 'zod';
import { defineEvent } from '../core';

const uuid = z.string().uuid();
const slotPayload = z.object({ orga_id: uuid, store_id: uuid, slot_id: uuid });

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
  }),
);
/** R4.19 accepted: the request leaves the list; appointment_id is the appointment it became. */
export const bookingSlotAcceptedEvent = defineEvent('evt.booking.slot.accepted.v1', slotPayload.extend({ appointment_id: uuid }));
/** R4.19 deleted: the request leaves the list. */
export const bookingSlotDeletedEvent = defineEvent('evt.booking.slot.deleted.v1', slotPayload);
