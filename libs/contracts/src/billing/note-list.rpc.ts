import { z } from 'zod';
import { defineRpc } from '../core';
import { billingNoteSchema } from './billing-shapes';

/** The organization's notes, newest first (any member). */
export const listBillingNotesRpc = defineRpc(
  'rpc.billing.note.list',
  z.strictObject({ orga_id: z.string().uuid() }),
  z.array(billingNoteSchema),
);
