import { defineEvent } from '../core';
import { appointmentEventPayloadSchema } from './scheduling-shapes';

/** R4.17 realtime: appointment updated. */
export const appointmentUpdatedEvent = defineEvent('evt.scheduling.appointment.updated.v1', appointmentEventPayloadSchema);
