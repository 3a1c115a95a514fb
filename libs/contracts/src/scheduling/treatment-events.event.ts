import { z } from 'zod';
import { defineEvent } from '../core';

const uuid = z.string().uuid();

/** A treatment as other services keep it (booking: names, durations and colours for the widget). */
export const treatmentEventSnapshotSchema = z.object({
  id: uuid,
  name: z.string(),
  archive: z.boolean(),
  default_duration: z.number().int(),
  default_price: z.number().int(),
  color: z.string().nullable(),
});

const treatmentPayload = z.object({ orga_id: uuid, treatment_id: uuid, treatment: treatmentEventSnapshotSchema });

/** A treatment was added to the catalogue. */
export const treatmentCreatedEvent = defineEvent('evt.scheduling.treatment.created.v1', treatmentPayload);
/** A treatment changed (name, duration, price, colour, archived or restored). */
export const treatmentUpdatedEvent = defineEvent('evt.scheduling.treatment.updated.v1', treatmentPayload);
