import { z } from 'zod';
import { defineRpc } from '../core';
import { changeIdSchema, recurringScopeSchema, schedulingStoreScope } from './scheduling-shapes';

const uuid = z.string().uuid();

/** Deletes one appointment, this and the following ones of its group, or the whole group; the change can be undone for a while. */
export const deleteAppointmentRpc = defineRpc(
  'rpc.scheduling.appointment.delete',
  z.strictObject({ ...schedulingStoreScope, appointment_id: uuid, scope: recurringScopeSchema.default('one') }),
  z.object({ deleted_ids: z.array(uuid), change_id: changeIdSchema }),
);
