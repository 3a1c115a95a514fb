import { z } from 'zod';
import { defineRpc } from '../core';
import { webhooksNoteSchema } from './webhooks-shapes';

/** The organization's notes, newest first (any member). */
export const listWebhooksNotesRpc = defineRpc(
  'rpc.webhooks.note.list',
  z.strictObject({ orga_id: z.string().uuid() }),
  z.array(webhooksNoteSchema),
);
