import { defineEvent } from '../core';
import { appointmentEventPayloadSchema } from './scheduling-shapes';

/** R4.17 realtime: appointment deleted. */
export const appointmentDeletedEvent = defineEvent('evt.scheduling.appointment.deleted.v1', appointmentEventPayloadSchema);
