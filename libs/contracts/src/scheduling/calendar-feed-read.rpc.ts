import { z } from 'zod';
import { defineRpc } from '../core';
import {} from './scheduling-shapes';

const uuid = z.string().uuid();

/** R1.15 the iCal text (RFC 5545) of a feed token; public, the token is the secret. */
export const readCalendarFeedRpc = defineRpc(
  'rpc.scheduling.calendar-feed.read',
  z.strictObject({ token: uuid }),
  z.object({ content_type: z.string(), body: z.string() }),
);
