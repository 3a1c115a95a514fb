import { z } from 'zod';
import { defineEvent } from '../core';
import { appointmentEventPayloadSchema, localDateSchema } from './scheduling-shapes';

/**
 * R4.17 R4.18 the customer changed the status; status 2 makes clients raise 'Declined appointment'
 * with this date and time and the names of the customer and pets (pets by id, names from crm).
 */
export const appointmentStatusByCustomerEvent = defineEvent(
  'evt.scheduling.appointment.status_by_customer.v1',
  appointmentEventPayloadSchema.extend({ status: z.number().int(), date: localDateSchema, hour: z.number().int(), min: z.number().int() }),
);
