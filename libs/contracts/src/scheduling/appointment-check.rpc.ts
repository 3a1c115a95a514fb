import { z } from 'zod';
import { defineRpc } from '../core';
import { collisionSchema, conflictAppointmentSchema } from './appointment-conflict';
import { localDateSchema, schedulingStoreScope } from './scheduling-shapes';

const uuid = z.string().uuid();

/**
 * What an appointment would collide with, before saving it (the dialog's warning and its staff default): the
 * collisions of the appointment as written and, of `candidate_user_ids`, the groomers free to take it.
 * `appointment_id`: the one being edited, which collides with nothing of itself.
 */
export const checkAppointmentRpc = defineRpc(
  'rpc.scheduling.appointment.check',
  z.strictObject({
    ...schedulingStoreScope,
    appointment_id: uuid.nullable().default(null),
    appointment: z.strictObject({
      user_id: uuid.nullable().default(null),
      date: localDateSchema,
      hour: z.number().int().min(0).max(23),
      min: z.number().int().min(0).max(59),
      duration: z
        .number()
        .int()
        .min(1)
        .max(24 * 60),
      full_day: z.boolean().default(false),
      pet_ids: z.array(uuid).max(20).default([]),
    }),
    candidate_user_ids: z.array(uuid).max(100).default([]),
  }),
  z.object({
    collisions: z.array(collisionSchema),
    conflicts: z.array(conflictAppointmentSchema),
    free_user_ids: z.array(uuid),
  }),
);
