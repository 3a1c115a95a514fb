import { z } from 'zod';
import { defineRpc } from '../core';
import { allowConflictSchema } from './appointment-conflict';
import { appointmentChangeSchema, recurringScopeSchema, schedulingStoreScope } from './scheduling-shapes';

const uuid = z.string().uuid();

/** Drag the edge: a new duration in minutes. */
export const resizeAppointmentRpc = defineRpc(
  'rpc.scheduling.appointment.resize',
  z.strictObject({
    ...schedulingStoreScope,
    appointment_id: uuid,
    scope: recurringScopeSchema.default('one'),
    duration: z.number().int().min(1).max(1440),
    allow_conflict: allowConflictSchema,
  }),
  appointmentChangeSchema,
);
