import { z } from 'zod';
import { defineRpc } from '../core';
import { schedulingStoreScope } from './scheduling-shapes';

const uuid = z.string().uuid();

/** R1.15 a new secret iCal feed URL for the store (user_id null) or one staff member; the old URL stops working. */
export const regenerateCalendarFeedRpc = defineRpc(
  'rpc.scheduling.calendar-feed.regenerate',
  z.strictObject({ ...schedulingStoreScope, user_id: uuid.nullable().default(null) }),
  z.object({ token: uuid, path: z.string() }),
);
