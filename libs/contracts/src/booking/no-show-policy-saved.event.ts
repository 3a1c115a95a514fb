import { z } from 'zod';
import { defineEvent } from '../core';

/** Issue 30 a store's no-show policy was saved: its screen refetches on every device. */
export const noShowPolicySavedEvent = defineEvent(
  'evt.booking.no-show-policy.saved.v1',
  z.object({ orga_id: z.string().uuid(), store_id: z.string().uuid() }),
);
