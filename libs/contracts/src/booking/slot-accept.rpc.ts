import { z } from 'zod';
import { defineRpc } from '../core';
import { bookingSlotSchema, bookingStoreScope } from './booking-shapes';

/**
 * R1.09 confirms a request (store writers): the customer is matched in crm by phone or e-mail or created with
 * the consents given, new pets are created, and scheduling books the appointment. Publishes slot.accepted.
 * A time that collides by now (capacity, ADR 0044) is refused with scheduling's 409 conflict unless allow_conflict.
 */
export const acceptBookingSlotRpc = defineRpc(
  'rpc.booking.slot.accept',
  z.strictObject({ ...bookingStoreScope, slot_id: z.string().uuid(), allow_conflict: z.boolean().default(false) }),
  z.object({ slot: bookingSlotSchema, appointment_id: z.string().uuid(), customer_id: z.string().uuid() }),
);
