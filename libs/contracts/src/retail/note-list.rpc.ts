import { z } from 'zod';
import { defineRpc } from '../core';
import { retailNoteSchema } from './retail-shapes';

/** The organization's notes, newest first (any member). */
export const listRetailNotesRpc = defineRpc(
  'rpc.retail.note.list',
  z.strictObject({ orga_id: z.string().uuid() }),
  z.array(retailNoteSchema),
);
