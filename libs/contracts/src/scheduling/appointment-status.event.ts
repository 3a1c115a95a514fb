import { defineEvent } from '../core';
import { appointmentEventPayloadSchema } from './scheduling-shapes';

/** R4.17 realtime: appointment status. */
export const appointmentStatusEvent = defineEvent('evt.scheduling.appointment.status.v1', appointmentEventPayloadSchema);
