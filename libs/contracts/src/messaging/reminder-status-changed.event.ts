import { z } from 'zod';
import { defineEvent } from '../core';

/**
 * An appointment's reminder moved forward (spec §4 WhatsApp reminder status): messaging publishes it
 * when the worker sends or a provider status arrives; scheduling keeps it on the appointment
 * (reminder_status) and the calendar card shows it.
 */
export const reminderStatusChangedEvent = defineEvent(
  'evt.messaging.reminder.status-changed.v1',
  z.object({
    orga_id: z.string().uuid(),
    store_id: z.string().uuid(),
    appointment_id: z.string().uuid(),
    outbound_id: z.string().uuid(),
    /** REMINDER_STATUS */
    reminder_status: z.number().int().min(0).max(6),
  }),
);
