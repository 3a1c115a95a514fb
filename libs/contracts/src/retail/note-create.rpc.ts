import { z } from 'zod';
import { defineRpc } from '../core';
import { retailNoteSchema } from './retail-shapes';

/** Adds a note to the organization (organization administrators); publishes retailNoteCreatedEvent. */
export const createRetailNoteRpc = defineRpc(
  'rpc.retail.note.create',
  z.strictObject({ orga_id: z.string().uuid(), text: z.string().trim().min(1).max(500) }),
  retailNoteSchema,
);
