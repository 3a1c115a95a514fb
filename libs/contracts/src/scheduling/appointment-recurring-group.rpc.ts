import { z } from 'zod';
import { defineRpc } from '../core';
import { appointmentListSchema, sixDatePartsSchema, schedulingStoreScope } from './scheduling-shapes';

const uuid = z.string().uuid();

/** R7.05 GET .../appointments_recurring_group/{group}/{six date parts}. */
export const listRecurringGroupRpc = defineRpc(
  'rpc.scheduling.appointment.recurring-group',
  z.strictObject({ ...schedulingStoreScope, group_id: uuid, ...sixDatePartsSchema }),
  appointmentListSchema,
);
