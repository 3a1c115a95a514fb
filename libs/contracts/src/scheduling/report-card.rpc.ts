import { z } from 'zod';
import { defineRpc } from '../core';
import { REPORT_CARD_NOTE_LIMIT } from '../constants/appointments';
import { schedulingStoreScope } from './scheduling-shapes';

const uuid = z.string().uuid();

/**
 * Issue 31 a report card: staff's note on one pet of a checked-out appointment (coat, behaviour, products, advice)
 * and whether it goes to the owner now, later or never. Kept on the pet's history, one per appointment and pet.
 */
export const reportCardSchema = z.object({
  appointment_id: uuid,
  pet_id: uuid,
  store_id: uuid,
  note: z.string(),
  /** send: to be sent now; later: kept until staff send it; skip: never sent */
  choice: z.enum(['send', 'later', 'skip']),
  /** the appointment's local date, so the next appointment can say when the note was written */
  local_date: z.string(),
  created_by: uuid.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ReportCard = z.infer<typeof reportCardSchema>;

/** Writes the report card of one pet of a checked-out appointment (creates or replaces it). */
export const saveReportCardRpc = defineRpc(
  'rpc.scheduling.report-card.save',
  z.strictObject({
    ...schedulingStoreScope,
    appointment_id: uuid,
    pet_id: uuid,
    note: z.string().trim().max(REPORT_CARD_NOTE_LIMIT),
    choice: z.enum(['send', 'later', 'skip']),
  }),
  reportCardSchema,
);

/** The report card of one pet of an appointment, or null. */
export const getReportCardRpc = defineRpc(
  'rpc.scheduling.report-card.get',
  z.strictObject({ ...schedulingStoreScope, appointment_id: uuid, pet_id: uuid }),
  reportCardSchema.nullable(),
);

/** The pet's last report card before an appointment (or the last of all), for the next appointment's dialog. */
export const lastReportCardRpc = defineRpc(
  'rpc.scheduling.report-card.last',
  z.strictObject({ ...schedulingStoreScope, pet_id: uuid, before_appointment_id: uuid.nullable().default(null) }),
  reportCardSchema.nullable(),
);
