import { z } from 'zod';
import { defineEvent } from '../core';
import { appointmentEventPayloadSchema } from './scheduling-shapes';

/**
 * R4.17 realtime: appointment status (staff declined it, marked a no-show, confirmed, or restored it). `previous_status`
 * is the status it had (2 or 3 back to 0: a declined appointment or a no-show restored); absent in events written before.
 */
export const appointmentStatusEvent = defineEvent(
  'evt.scheduling.appointment.status.v1',
  appointmentEventPayloadSchema.extend({ previous_status: z.number().int().optional() }),
);
