import { z } from 'zod';
import { defineRpc } from '../core';
import { bookingSetupFieldsSchema, bookingSetupSchema, bookingStoreScope } from './booking-shapes';

/** Changes the store's booking setup (store administrators); new_public_id gives the widget a new id (the old one stops). */
export const updateBookingSetupRpc = defineRpc(
  'rpc.booking.setup.update',
  bookingSetupFieldsSchema.partial().extend({ ...bookingStoreScope, new_public_id: z.boolean().default(false) }),
  bookingSetupSchema,
);
