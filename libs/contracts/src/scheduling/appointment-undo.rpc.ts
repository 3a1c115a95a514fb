import { z } from 'zod';
import { defineRpc } from '../core';
import { allowConflictSchema } from './appointment-conflict';
import { appointmentListSchema, schedulingStoreScope } from './scheduling-shapes';

const uuid = z.string().uuid();

/**
 * Undoes a change (move, resize, edit, delete, status) within UNDO_WINDOW_MINUTES, through the ordinary events,
 * so every device shows it (ADR 0043): the rows as they were, or, for a delete, the appointments again under new
 * ids. Refused with conflict (409) when the rows changed since, or when the old time collides now (with the
 * colliding appointments; allow_conflict books anyway); not_found once it is undone or too old.
 */
export const undoAppointmentChangeRpc = defineRpc(
  'rpc.scheduling.appointment.undo',
  z.strictObject({ ...schedulingStoreScope, change_id: uuid, allow_conflict: allowConflictSchema }),
  appointmentListSchema.extend({
    /** what the change was */
    kind: z.enum(['update', 'move', 'resize', 'delete', 'status']),
    /** for an undone delete: each deleted id and the id it came back under */
    restored: z.array(z.object({ from: uuid, to: uuid })),
  }),
);

/** How long a change can be undone through the server (the calendar offers it for 10 seconds). */
export const UNDO_WINDOW_MINUTES = 10;
