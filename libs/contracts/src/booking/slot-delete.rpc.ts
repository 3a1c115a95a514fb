import { z } from 'zod';
import { defineRpc } from '../core';
import { bookingStoreScope } from './booking-shapes';

/** R1.09 deletes a request and frees its slot; the customer is sent nothing (store writers). Publishes slot.deleted. */
export const deleteBookingSlotRpc = defineRpc(
  'rpc.booking.slot.delete',
  z.strictObject({ ...bookingStoreScope, slot_id: z.string().uuid() }),
  z.object({ id: z.string().uuid() }),
);
