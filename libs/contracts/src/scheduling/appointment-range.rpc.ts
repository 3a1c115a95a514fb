import { z } from 'zod';
import { defineRpc } from '../core';
import { appointmentWeekSchema, sixDatePartsSchema, schedulingStoreScope } from './scheduling-shapes';

/** R7.05 GET .../store/{store}/appointments/{y}/{m}/{d}/{y2}/{m2}/{d2}: the store's appointments of those local days, both ends included. */
export const listAppointmentRangeRpc = defineRpc(
  'rpc.scheduling.appointment.range',
  z.strictObject({ ...schedulingStoreScope, ...sixDatePartsSchema }),
  appointmentWeekSchema,
);

/**
 * Issue 34: the version the week range would answer with now, without the answer (the gateway asks it for a week
 * it keeps from before its organization's last change: the same version means the kept answer is the answer).
 */
export const appointmentRangeVersionRpc = defineRpc(
  'rpc.scheduling.appointment.range-version',
  z.strictObject({ ...schedulingStoreScope, ...sixDatePartsSchema }),
  z.strictObject({ version: appointmentWeekSchema.shape.version }),
);
