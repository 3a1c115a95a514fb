import { z } from 'zod';
import { defineRpc } from '../core';
import { appointmentWeekSchema, sixDatePartsSchema, schedulingStoreScope } from './scheduling-shapes';

/** R7.05 GET .../store/{store}/appointments/{y}/{m}/{d}/{y2}/{m2}/{d2}: the store's appointments of those local days, both ends included. */
export const listAppointmentRangeRpc = defineRpc(
  'rpc.scheduling.appointment.range',
  z.strictObject({ ...schedulingStoreScope, ...sixDatePartsSchema }),
  appointmentWeekSchema,
);
