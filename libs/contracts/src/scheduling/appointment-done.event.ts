import { defineEvent } from '../core';
import { appointmentEventPayloadSchema } from './scheduling-shapes';

/** R4.17 realtime: appointment done. */
export const appointmentDoneEvent = defineEvent('evt.scheduling.appointment.done.v1', appointmentEventPayloadSchema);
