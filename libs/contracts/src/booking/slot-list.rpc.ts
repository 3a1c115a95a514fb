import { z } from 'zod';
import { defineRpc } from '../core';
import { bookingSlotSchema, bookingStoreScope } from './booking-shapes';

/**
 * R7.06 R9.05 GET .../booking/admin/slots/{created_time or 0}/{last id or none}: pending requests, newest first,
 * 100 a page, after the given (created_time, id) (store readers).
 */
export const listBookingSlotsRpc = defineRpc(
  'rpc.booking.slot.list',
  z.strictObject({ ...bookingStoreScope, created_time: z.number().int().min(0), last_id: z.string().uuid().nullable() }),
  z.object({ v: z.array(bookingSlotSchema) }),
);
