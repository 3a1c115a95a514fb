import { z } from 'zod';
import { defineRpc } from '../core';
import { messagingNoteSchema } from './messaging-shapes';

/** Adds a note to the organization (organization administrators); publishes messagingNoteCreatedEvent. */
export const createMessagingNoteRpc = defineRpc(
  'rpc.messaging.note.create',
  z.strictObject({ orga_id: z.string().uuid(), text: z.string().trim().min(1).max(500) }),
  messagingNoteSchema,
);
