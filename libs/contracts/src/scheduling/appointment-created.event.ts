import { defineEvent } from '../core';
import { appointmentEventPayloadSchema } from './scheduling-shapes';

/** R4.17 realtime: appointment created. */
export const appointmentCreatedEvent = defineEvent('evt.scheduling.appointment.created.v1', appointmentEventPayloadSchema);
