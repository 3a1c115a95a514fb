import { z } from 'zod';
import { defineRpc } from '../core';
import { allowConflictSchema } from './appointment-conflict';
import { appointmentChangeSchema, localDateSchema, recurringScopeSchema, schedulingStoreScope } from './scheduling-shapes';

const uuid = z.string().uuid();

/** Drag to move: a new local date and time (and staff column); a scope shifts the others by the same days. */
export const moveAppointmentRpc = defineRpc(
  'rpc.scheduling.appointment.move',
  z.strictObject({
    ...schedulingStoreScope,
    appointment_id: uuid,
    scope: recurringScopeSchema.default('one'),
    date: localDateSchema,
    hour: z.number().int().min(0).max(23),
    min: z.number().int().min(0).max(59),
    user_id: uuid.nullable().optional(),
    allow_conflict: allowConflictSchema,
  }),
  appointmentChangeSchema,
);
