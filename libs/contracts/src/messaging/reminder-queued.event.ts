import { z } from 'zod';
import { defineEvent } from '../core';

/**
 * Reminders of one store written by the scheduler, in the transaction that wrote them (spec §4 'in the process
 * of sending'; over the plan's limit 'failed'): scheduling shows that status on each appointment that has none
 * yet, so the card tells the salon a reminder is on its way before the worker sends it. One event per store
 * and batch, not one per reminder: the noon peak writes 100,000 rows in a few hundred events.
 */
export const reminderQueuedEvent = defineEvent(
  'evt.messaging.reminder.queued.v1',
  z.object({
    orga_id: z.string().uuid(),
    store_id: z.string().uuid(),
    reminders: z
      .array(
        z.object({
          appointment_id: z.string().uuid(),
          outbound_id: z.string().uuid(),
          /** REMINDER_STATUS: in_process, or failed when the plan's messages ran out */
          reminder_status: z.number().int().min(0).max(6),
        }),
      )
      .min(1)
      .max(1000),
  }),
);
