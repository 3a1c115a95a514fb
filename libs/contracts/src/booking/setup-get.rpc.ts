import { z } from 'zod';
import { defineRpc } from '../core';
import { bookingSetupSchema, bookingStoreScope } from './booking-shapes';

/** The store's booking setup, made with defaults (off) the first time it is asked for (store readers). */
export const getBookingSetupRpc = defineRpc('rpc.booking.setup.get', z.strictObject(bookingStoreScope), bookingSetupSchema);
