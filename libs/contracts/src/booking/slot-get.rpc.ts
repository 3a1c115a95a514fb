import { z } from 'zod';
import { defineRpc } from '../core';
import { bookingSlotSchema, bookingStoreScope } from './booking-shapes';

/** R7.06 GET .../booking/admin/slot/{id} (store readers). */
export const getBookingSlotRpc = defineRpc(
  'rpc.booking.slot.get',
  z.strictObject({ ...bookingStoreScope, slot_id: z.string().uuid() }),
  bookingSlotSchema,
);
