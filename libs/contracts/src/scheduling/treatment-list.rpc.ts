import { z } from 'zod';
import { defineRpc } from '../core';
import { treatmentSchema } from './scheduling-shapes';

const uuid = z.string().uuid();

/** The organization's treatments catalogue (spec §3 treatments: id, name, archive). */
export const listTreatmentsRpc = defineRpc(
  'rpc.scheduling.treatment.list',
  z.strictObject({ orga_id: uuid, include_archived: z.boolean().default(false) }),
  z.array(treatmentSchema),
);
