import { z } from 'zod';
import { defineRpc } from '../core';
import { bookingStoreScope } from './booking-shapes';

/** R1.09 deletes a request and frees its slot; the customer is sent nothing (store writers). Publishes slot.deleted. */
export const deleteBookingSlotRpc = defineRpc(
  'rpc.booking.slot.delete',
  z.strictObject({ ...bookingStoreScope, slot_id: z.string().uuid() }),
  z.object({ id: z.string().uuid() }),
);

/**
 * Issue 27: refuses a request and frees its slot (store writers); unlike a deletion the customer is told: messaging
 * sends "not possible" with the way back to the widget. Publishes slot.deleted with `declined`.
 */
export const declineBookingSlotRpc = defineRpc(
  'rpc.booking.slot.decline',
  z.strictObject({ ...bookingStoreScope, slot_id: z.string().uuid() }),
  z.object({ id: z.string().uuid() }),
);
