import { z } from 'zod';
import { defineRpc } from '../core';
import { messagingNoteSchema } from './messaging-shapes';

/** The organization's notes, newest first (any member). */
export const listMessagingNotesRpc = defineRpc(
  'rpc.messaging.note.list',
  z.strictObject({ orga_id: z.string().uuid() }),
  z.array(messagingNoteSchema),
);
