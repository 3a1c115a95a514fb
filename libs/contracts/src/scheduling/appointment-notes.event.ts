import { defineEvent } from '../core';
import { appointmentEventPayloadSchema } from './scheduling-shapes';

/** R4.17 realtime: appointment notes. */
export const appointmentNotesEvent = defineEvent('evt.scheduling.appointment.notes.v1', appointmentEventPayloadSchema);
